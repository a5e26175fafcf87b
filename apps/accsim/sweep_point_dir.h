// A sweep point's directory: accsim run's outputs plus three files of the sweep's own.
//   point.json  the point's values and run arguments, written before the run starts
//   done        written only after the run exited 0 and left a stats.json
//   failed      {"exit_code": N, "log_tail": [...]} when it did not
// A point is finished when `done` exists and point.json still describes the same point: a
// spec edited between runs re-runs the points whose settings changed.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sweep_spec.h"

namespace accsim::cli {

struct PointOutcome {
  enum class Kind { kOk, kFailed, kMissing };
  Kind kind = Kind::kMissing;
  int exit_code = 0;     // for kFailed
  nlohmann::json stats;  // stats.json of a kOk point
};

nlohmann::ordered_json point_record(const SweepPoint& point);

// Removes stale markers and writes point.json: call before running the point.
void begin_point(const std::filesystem::path& dir, const SweepPoint& point);
void mark_done(const std::filesystem::path& dir);
void mark_failed(const std::filesystem::path& dir, int exit_code,
                 const std::vector<std::string>& log_tail);

// True if `dir` holds a finished run of exactly `point`.
bool point_finished(const std::filesystem::path& dir, const SweepPoint& point);
// The state of `point` in `dir`, with its stats when it finished.
PointOutcome read_point(const std::filesystem::path& dir, const SweepPoint& point);

// Writes `text` to `file` through a temporary name and a rename, so readers (a resuming sweep,
// --collect on another host) never see half a file.
void write_file_atomic(const std::filesystem::path& file, const std::string& text);

// The last `lines` lines of a text file (for the failed marker and the progress line).
std::vector<std::string> tail_lines(const std::filesystem::path& file, size_t lines);

}  // namespace accsim::cli
