// A sweep specification (docs/sweeps.md): a base architecture, fixed overrides, and the points
// to run, either a grid of axes (cartesian product) or an explicit list, or both (each listed
// point crossed with the grid). Parsing checks every key strictly and fails with one line
// naming the spec file and the JSON path; expansion is a pure function of the file's contents,
// so every process that reads the same spec (a sweep, its -j workers, an emitted job,
// --collect) agrees on the points, their order and their directory names.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace accsim::cli {

class SpecError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One column value of a point: a config key (or "firmware", or "label") and its JSON value.
using Setting = std::pair<std::string, nlohmann::ordered_json>;

struct SweepPoint {
  size_t index = 0;
  std::string name;               // directory name: "003_macc_lanes-8_output_fifo_words-128"
  std::vector<Setting> values;    // in column order (SweepSpec::columns); absent keys left out
  std::vector<std::string> args;  // `accsim run` arguments, without --out
};

struct SweepSpec {
  std::filesystem::path file;        // the spec file as given
  std::string name;                  // the spec file's stem
  std::string base;                  // config path (absolute when it is a file) or shipped name
  std::vector<std::string> columns;  // point keys then axis names, in file order
  std::vector<std::string> stats;    // stat names or globs (* and ?) for results.csv
  std::vector<SweepPoint> points;
  std::string out;                // "out" as written ("" = traces/sweeps/<name>)
  nlohmann::ordered_json plot;    // optional "plot" object: {"x", "y", "series", "title"}
  nlohmann::ordered_json source;  // the document with "base" made absolute (for sweep.json)
};

// Parses and expands a spec document; `file` names it in errors and anchors a relative "base".
SweepSpec parse_sweep_spec(const nlohmann::ordered_json& doc, const std::filesystem::path& file);
// Reads `file` (JSON syntax errors become SpecError with the line) and parses it.
SweepSpec load_sweep_spec(const std::filesystem::path& file);

// The text after '=' in `--set key=VALUE` that makes accsim's override parser produce `value`:
// strings as is unless they would read as JSON ("true", "8"), everything else as JSON.
std::string override_text(const nlohmann::ordered_json& value);
// A value as it appears in results.csv: strings as is, everything else as compact JSON.
std::string cell_text(const nlohmann::ordered_json& value);

}  // namespace accsim::cli
