// The accsim subcommands. Each returns the process exit code (exit_codes.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "trace_file.h"

namespace accsim::cli {

struct GlobalOptions {
  bool quiet = false;
};

struct RunOptions {
  std::string config;  // name or path; empty = the default architecture
  std::vector<std::string> overrides;
  std::string firmware;  // name or path; empty = the config's "firmware"
  std::string out_dir;   // empty = traces/<config>-<firmware>
  std::vector<std::string> traces;
  TraceLimits trace_limits;
  std::optional<uint64_t> max_cycles;
};

int run_command(const RunOptions& options, const GlobalOptions& global);
int validate_command(const std::vector<std::string>& configs,
                     const std::vector<std::string>& overrides, const GlobalOptions& global);
int list_command(const GlobalOptions& global);
int schema_command(const GlobalOptions& global);

}  // namespace accsim::cli
