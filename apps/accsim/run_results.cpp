#include "run_results.h"

#include <spdlog/spdlog.h>

#include <sstream>

#include "exit_codes.h"
#include "run_outputs.h"
#include "run_summary.h"
#include "stats.h"

namespace fs = std::filesystem;

namespace accsim::cli {

namespace {

// Why the run failed, in one line; "" when it succeeded.
std::string failure_of(const RunStatus& status) {
  if (status.outcome() == RunStatus::Outcome::kFailed) return status.message();
  if (status.exit_code() != 0) {
    return "firmware exited with code " + std::to_string(status.exit_code()) + " at cycle " +
           std::to_string(status.end_cycle());
  }
  return "";
}

// An interrupted run exits like an interrupted sweep (and a shell), so scripts can tell "stopped
// by the user" from "the simulation failed".
int exit_code_of(const std::string& failure, bool interrupted) {
  if (interrupted) return kExitInterrupted;
  return failure.empty() ? kExitOk : kExitSimulationFailure;
}

// How the run ended, as statistics: run.exit_code is the code accsim itself exits with (what a
// sweep or a script sees), run.firmware_exit_code what the firmware asked for, if it exited.
void report_outcome(Stats& stats, const RunStatus& status, const std::string& failure,
                    int exit_code) {
  stats.set_text("run.outcome",
                 status.outcome() == RunStatus::Outcome::kExited ? "exited" : "failed",
                 "How the run ended");
  stats.set_signed(
      "run.exit_code", exit_code,
      "Exit code of accsim for this run (0 ok, 1 simulation failure, 130 interrupted)");
  // Absent when the firmware did not exit (a failure, a cycle limit, a signal): 0 would claim a
  // successful exit that never happened.
  if (status.outcome() == RunStatus::Outcome::kExited) {
    stats.set_signed("run.firmware_exit_code", status.exit_code(), "Code the firmware exited with");
  }
  if (!failure.empty()) stats.set_text("run.failure", failure, "Why the run failed");
  stats.set("run.end_cycle", status.end_cycle(), "Cycle at which the run ended");
}

// config.json: what ran, re-runnable as is from any working directory. What the command line
// chose (--firmware, --max-cycles) goes into it too.
nlohmann::json simulated_config(const RunSetup& setup, const soc::Soc& soc) {
  nlohmann::json cfg = setup.loaded.effective;
  soc.record_simulated(cfg);
  const std::string firmware = fs::absolute(setup.firmware_path).lexically_normal().string();
  cfg["firmware"] = firmware;
  if (setup.workload) cfg["workload"]["firmware"] = firmware;
  cfg["simulation"]["max_cycles"] = setup.max_cycles;
  return cfg;
}

}  // namespace

int write_run_results(RunSetup& setup, soc::Soc& soc, const RegionProfiler& regions,
                      const RunStatus& status, const RunEnd& end, bool quiet) {
  Stats stats;
  soc.report(stats);
  regions.report(stats);
  if (setup.workload) setup.workload->report(stats);
  stats.set_text("run.firmware", setup.firmware_path.filename().string(), "Firmware ELF file");
  stats.set_text("run.config", setup.loaded.effective.at("name").get<std::string>(),
                 "Architecture name");
  // A model run's output (output.bin, top-3) is read only when the firmware succeeded.
  std::string failure = failure_of(status);
  bool failure_printed = false;
  if (setup.workload && failure.empty() &&
      !setup.workload->write_output(soc.platform(), setup.out_dir, stdout)) {
    failure = "model: no output tensor to read";
    failure_printed = true;  // write_output said why
  }
  const int exit_code = exit_code_of(failure, end.interrupted);
  report_outcome(stats, status, failure, exit_code);
  const cpu::CpuModule& cpu = soc.cpu();
  const double seconds = end.host_seconds;
  const nlohmann::json host = {
      {"host_seconds", seconds},
      {"simulated_mips", seconds > 0 ? double(cpu.instret()) / seconds / 1e6 : 0.0},
      {"simulated_mhz", seconds > 0 ? double(cpu.cycle()) / seconds / 1e6 : 0.0}};
  if (setup.energy_export == "accelergy" && soc.energy() != nullptr) {
    std::ostringstream counts, ert;
    soc.energy()->write_accelergy_action_counts(counts);
    soc.energy()->write_accelergy_ert(ert);
    write_text_file(setup.out_dir / run_file::kAccelergyActionCounts, counts.str());
    write_text_file(setup.out_dir / run_file::kAccelergyErt, ert.str());
  }
  write_run_outputs(setup.out_dir, simulated_config(setup, soc), stats, host);

  if (!quiet) print_run_summary(stdout, stats, host, setup.out_dir.string());
  if (!failure.empty() && !failure_printed) spdlog::error("{}", failure);
  return exit_code;
}

}  // namespace accsim::cli
