// Runs sweep points as child processes of the accsim binary (`accsim run -q ... --out DIR`),
// at most `jobs` at a time, writing each point's markers as it ends. Children get their own
// process group: Ctrl-C reaches the sweep, which stops starting points, passes SIGINT on to
// the running ones and leaves them unmarked, so a re-run resumes them.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "sweep_spec.h"

namespace accsim::cli {

struct RunnerOptions {
  std::filesystem::path accsim;  // the binary to run (this one)
  std::filesystem::path out;     // the sweep's directory; points in out/<point name>
  size_t jobs = 1;
  bool quiet = false;       // no progress lines (failures are still reported)
  size_t total = 0;         // points in the sweep, for done/total
  size_t already_done = 0;  // skipped because finished earlier
};

struct RunnerSummary {
  size_t ok = 0, failed = 0;
  bool interrupted = false;
};

RunnerSummary run_points(const std::vector<const SweepPoint*>& points,
                         const RunnerOptions& options);

// The accsim binary's absolute path (/proc/self/exe).
std::filesystem::path self_executable();

}  // namespace accsim::cli
