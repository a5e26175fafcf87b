#include "run_outputs.h"

#include <fstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace accsim::cli {

void prepare_output_dir(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    throw std::runtime_error("cannot create output directory " + dir.string() + ": " +
                             ec.message());
  }
}

void write_text_file(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

void write_run_outputs(const fs::path& dir, const nlohmann::json& effective_config,
                       const Stats& stats, const nlohmann::json& host) {
  write_text_file(dir / "config.json", effective_config.dump(2) + "\n");
  write_text_file(dir / "stats.json", stats.to_json().dump(2) + "\n");
  write_text_file(dir / "stats.txt", stats.to_text());
  write_text_file(dir / "host.json", host.dump(2) + "\n");
}

}  // namespace accsim::cli
