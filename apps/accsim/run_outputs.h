// Files a run leaves in its output directory (see traces/README.md):
//   config.json  the effective configuration, defaults included (re-runnable as is)
//   stats.json   every statistic, flat dotted names (for programs)
//   stats.txt    the same with descriptions (for people), plus the host.* figures of host.json
//   host.json    host seconds and simulation speed: the only file that differs between two
//                runs of the same inputs
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "stats.h"

namespace accsim::cli {

// Creates `dir` if needed and checks that files can be written in it; throws
// std::runtime_error naming the path and the OS reason on failure.
void prepare_output_dir(const std::filesystem::path& dir);
void write_text_file(const std::filesystem::path& file, const std::string& text);
void write_run_outputs(const std::filesystem::path& dir, const nlohmann::json& effective_config,
                       const Stats& stats, const nlohmann::json& host);

}  // namespace accsim::cli
