// What a finished run leaves behind: its statistics (every SoC part's, the regions', the
// model's, how the run ended), the model's output, config.json as simulated, the summary and
// the exit code.
#pragma once

#include "commands.h"
#include "region_profiler.h"
#include "run_setup.h"
#include "soc.h"

namespace accsim::cli {

struct RunEnd {
  double host_seconds = 0;
  bool interrupted = false;  // Ctrl-C or SIGTERM
};

// Writes the run's outputs and prints its summary; returns accsim's exit code.
int write_run_results(RunSetup& setup, soc::Soc& soc, const RegionProfiler& regions,
                      const RunStatus& status, const RunEnd& end, bool quiet);

}  // namespace accsim::cli
