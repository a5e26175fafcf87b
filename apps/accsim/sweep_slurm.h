// `accsim sweep SPEC --slurm`: submits the unfinished points of a sweep as Slurm job arrays
// (the script --emit-jobs writes, split at the cluster's MaxArraySize), follows them by the
// point directories' markers and squeue, and reports what did not finish. The caller then
// collects results.csv as after a local sweep. Needs the sweep directory, the spec and the
// accsim build on a file system the compute nodes share (docs/sweeps.md).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sweep_spec.h"

namespace accsim::cli {

struct SlurmSweepOptions {
  std::filesystem::path spec_file;  // absolute: what each task runs
  std::filesystem::path out;        // the sweep directory (absolute)
  std::filesystem::path accsim;     // the binary each task runs (this one)
  std::string sbatch_args;          // extra sbatch options, split like a shell would
  std::string setup;                // lines the job script runs before accsim (--slurm-setup)
  size_t already_done = 0;          // points skipped because finished, for done/total
  bool quiet = false;
};

struct SlurmSweepOutcome {
  int exit_code = 0;  // kExitOk when the jobs ended (whatever the points did), else the code
  // Submitted points without a result when the jobs ended: "NAME (failed, exit N)" or
  // "NAME (no result; log DIR/slurm-JOB_TASK.log)".
  std::vector<std::string> unfinished;
};

// Submits `points` of `spec` and follows them until their jobs end, printing progress.
// Ctrl-C (or SIGTERM) cancels the jobs (scancel) and returns 130.
SlurmSweepOutcome run_sweep_on_slurm(const SweepSpec& spec,
                                     const std::vector<const SweepPoint*>& points,
                                     const SlurmSweepOptions& options);

}  // namespace accsim::cli
