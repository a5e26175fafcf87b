// Runs sweep points as child processes of the accsim binary (`accsim run -q ... --out DIR`),
// at most `jobs` at a time, writing each point's markers as it ends. Children get their own
// process group: Ctrl-C reaches the sweep, which stops starting points, passes SIGINT on to
// the running ones and leaves them unmarked, so a re-run resumes them. A sweep killed outright
// (SIGKILL) takes its running points with it (PR_SET_PDEATHSIG), leaving no orphans.
#pragma once

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "sweep_spec.h"

namespace accsim::cli {

struct RunnerOptions {
  std::filesystem::path accsim;  // the binary to run (this one)
  std::filesystem::path out;     // the sweep's directory; points in out/<point name>
  size_t jobs = 1;
  bool quiet = false;         // no progress lines (failures are still reported)
  size_t total = 0;           // points in the sweep, for done/total
  size_t already_done = 0;    // skipped because finished earlier
  std::string tag = "sweep";  // the progress lines' prefix
  bool quiet_runs = true;     // `accsim run -q`; timing-check keeps the runs' progress lines
  bool show_eta = true;       // points of unequal length (timing-check's) make it meaningless
  // Called every `heartbeat_seconds` while points run (0: never), e.g. to show the progress of
  // a long one from its run.log.
  double heartbeat_seconds = 0;
  std::function<void()> heartbeat;
};

struct RunnerSummary {
  size_t ok = 0, failed = 0;
  bool interrupted = false;
};

RunnerSummary run_points(const std::vector<const SweepPoint*>& points,
                         const RunnerOptions& options);

// While alive, SIGINT and SIGTERM (Ctrl-C, a batch system's timeout) only set a flag, read
// with interrupted(), so a sweep can stop its points or cancel its Slurm job before exiting.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  static bool interrupted();

 private:
  struct sigaction m_int {};
  struct sigaction m_term {};
};

// "12.3 s" under a minute, else "h:mm:ss" (progress lines).
std::string seconds_text(double seconds);

// The accsim binary's absolute path (/proc/self/exe).
std::filesystem::path self_executable();

}  // namespace accsim::cli
