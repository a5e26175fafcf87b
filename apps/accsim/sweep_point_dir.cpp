#include "sweep_point_dir.h"

#include <deque>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

namespace accsim::cli {

namespace {

template <typename Json>
bool read_json(const fs::path& file, Json& doc) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return false;
  doc = Json::parse(in, nullptr, /*allow_exceptions=*/false);
  return !doc.is_discarded();
}

}  // namespace

void write_file_atomic(const fs::path& file, const std::string& text) {
  const fs::path tmp = file.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + tmp.string());
  }
  fs::rename(tmp, file);
}

ojson point_record(const SweepPoint& point) {
  ojson values = ojson::object();
  for (const auto& [key, value] : point.values) values[key] = value;
  return {{"point", point.name}, {"index", point.index}, {"values", values}, {"run", point.args}};
}

void begin_point(const fs::path& dir, const SweepPoint& point) {
  fs::create_directories(dir);
  fs::remove(dir / "done");
  fs::remove(dir / "failed");
  write_file_atomic(dir / "point.json", point_record(point).dump(2) + "\n");
}

void mark_done(const fs::path& dir) { write_file_atomic(dir / "done", "ok\n"); }

void mark_failed(const fs::path& dir, int exit_code, const std::vector<std::string>& tail) {
  const ojson doc = {{"exit_code", exit_code}, {"log_tail", tail}};
  write_file_atomic(dir / "failed", doc.dump(2) + "\n");
}

bool point_finished(const fs::path& dir, const SweepPoint& point) {
  return read_point(dir, point).kind == PointOutcome::Kind::kOk;
}

PointOutcome read_point(const fs::path& dir, const SweepPoint& point) {
  PointOutcome outcome;
  ojson record;
  if (!read_json(dir / "point.json", record) || record != point_record(point)) return outcome;
  std::error_code ec;
  if (fs::exists(dir / "done", ec)) {
    if (read_json(dir / "stats.json", outcome.stats) && outcome.stats.is_object()) {
      outcome.kind = PointOutcome::Kind::kOk;
    }
    return outcome;
  }
  nlohmann::json failed;
  if (read_json(dir / "failed", failed) && failed.contains("exit_code") &&
      failed["exit_code"].is_number_integer()) {
    outcome.kind = PointOutcome::Kind::kFailed;
    outcome.exit_code = failed["exit_code"].get<int>();
  }
  return outcome;
}

std::vector<std::string> tail_lines(const fs::path& file, size_t lines) {
  std::ifstream in(file);
  std::deque<std::string> last;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    last.push_back(line);
    if (last.size() > lines) last.pop_front();
  }
  return {last.begin(), last.end()};
}

}  // namespace accsim::cli
