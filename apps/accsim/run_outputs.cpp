#include "run_outputs.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>

namespace fs = std::filesystem;

namespace accsim::cli {

namespace {

// Throws, naming the OS's reason, unless a file can be created in `dir`. Checked before the
// simulation so that an unwritable directory is not found only after a long run. Permission
// bits do not tell (root ignores them, read-only mounts refuse root too): creating a file does.
void check_writable(const fs::path& dir) {
  const fs::path probe = dir / (".accsim-write-check-" + std::to_string(::getpid()));
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) {
    throw std::runtime_error("cannot write to output directory " + dir.string() + ": " +
                             std::strerror(errno));
  }
  ::close(fd);
  ::unlink(probe.c_str());
}

}  // namespace

namespace run_file {
const std::vector<const char*>& all() {
  static const std::vector<const char*> files = {kConfig,       kStats,
                                                 kStatsText,    kHost,
                                                 kConsole,      kCacheMisses,
                                                 kMemDin,       kTimeline,
                                                 kInsn,         kCfuWaveform,
                                                 kModelOutput,  kModelOutputs,
                                                 kConflicts,    kAccelergyActionCounts,
                                                 kAccelergyErt, kManifest};
  return files;
}

std::string model_output_name(int i) {
  return i == 0 ? std::string(kModelOutput) : "output_" + std::to_string(i) + ".bin";
}
}  // namespace run_file

void prepare_output_dir(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    throw std::runtime_error("cannot create output directory " + dir.string() + ": " +
                             ec.message());
  }
  check_writable(dir);
}

namespace {

// The waveforms of RTL components besides the CFU's: <name>.fst of Verilog devices, sorted.
std::vector<std::string> device_waveforms(const fs::path& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() == ".fst" && name != run_file::kCfuWaveform) {
      files.push_back(name);
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// A model run's output_<i>.bin beyond output.bin, in output order.
std::vector<std::string> extra_model_outputs(const fs::path& dir) {
  std::vector<std::string> files;
  for (int i = 1;; ++i) {
    const std::string name = run_file::model_output_name(i);
    std::error_code ec;
    if (!fs::exists(dir / name, ec)) return files;
    files.push_back(name);
  }
}

}  // namespace

size_t prepare_run_dir(const fs::path& dir) {
  prepare_output_dir(dir);
  std::vector<std::string> names(run_file::all().begin(), run_file::all().end());
  for (const auto& waveform : device_waveforms(dir)) names.push_back(waveform);
  for (const auto& output : extra_model_outputs(dir)) names.push_back(output);
  size_t removed = 0;
  for (const auto& name : names) {
    std::error_code ec;
    removed += fs::remove(dir / name, ec) ? 1 : 0;
    if (ec) {
      throw std::runtime_error("cannot remove " + (dir / name).string() +
                               " of an earlier run: " + ec.message());
    }
  }
  return removed;
}

void write_text_file(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

void write_run_outputs(const fs::path& dir, const nlohmann::json& effective_config,
                       const Stats& stats, const nlohmann::json& host) {
  write_text_file(dir / run_file::kConfig, effective_config.dump(2) + "\n");
  // The host figures go to host.json alone, so that every other output, stats.txt included,
  // is byte-identical between identical runs.
  write_text_file(dir / run_file::kStats, stats.to_json().dump(2) + "\n");
  write_text_file(dir / run_file::kStatsText, stats.to_text());
  write_text_file(dir / run_file::kHost, host.dump(2) + "\n");
  // prepare_run_dir cleared the run files, so those present are this run's.
  nlohmann::json files = nlohmann::json::array();
  for (const char* name : run_file::all()) {
    if (name != std::string(run_file::kManifest) && fs::exists(dir / name)) files.push_back(name);
  }
  for (const auto& waveform : device_waveforms(dir)) files.push_back(waveform);
  for (const auto& output : extra_model_outputs(dir)) files.push_back(output);
  write_text_file(dir / run_file::kManifest, nlohmann::json{{"files", files}}.dump(2) + "\n");
}

}  // namespace accsim::cli
