// `accsim run`: load the config, build the SoC it describes, attach the traces, simulate, write
// the results. Each step lives in its own file: run_setup (config, model, firmware, output
// directory), soc/ (the SoC), run_traces, run_results.
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <sstream>
#include <string>
#include <systemc>

#include "commands.h"
#include "conflict_attribution.h"
#include "crash_containment.h"
#include "exit_codes.h"
#include "run_monitor.h"
#include "run_results.h"
#include "run_setup.h"
#include "run_traces.h"

namespace accsim::cli {

namespace {
// An exception out of a SystemC process (a plug-in device's own thread, say) reaches sc_start
// as SystemC's multi-line report; the run ends on one line that names the process.
std::string simulation_exception(const std::exception& e) {
  const auto* report = dynamic_cast<const sc_core::sc_report*>(&e);
  if (report == nullptr) return e.what();
  std::string message = std::string(report->get_msg_type()) + ": " + report->get_msg();
  if (report->get_process_name() != nullptr && *report->get_process_name() != '\0') {
    message = "SystemC process " + std::string(report->get_process_name()) + ": " + message;
  }
  return message + " (at " + report->get_time().to_string() + ")";
}
}  // namespace

int run_command(const RunOptions& options, const GlobalOptions& global) {
  std::optional<RunSetup> setup = prepare_run(options);
  if (!setup) return kExitUsageError;
  RunStatus status;
  RunTraces traces(options, *setup);
  std::unique_ptr<soc::Soc> soc;
  std::unique_ptr<RegionProfiler> regions;
  std::unique_ptr<ConflictAttribution> conflicts;
  try {
    soc::SocOptions soc_options{setup->max_cycles, traces.waveform(), traces.waveform_window(),
                                [](const std::string& line) { spdlog::info("{}", line); }};
    soc = std::make_unique<soc::Soc>(setup->loaded, status, soc_options, traces.memory_traces());
    soc->load_firmware(setup->image, setup->firmware_path.string());
    if (setup->workload) setup->workload->place(soc->platform(), setup->image, global.quiet);
    regions = soc->make_region_profiler();
    const ModelWorkload* workload = setup->workload ? &*setup->workload : nullptr;
    conflicts = std::make_unique<ConflictAttribution>(*soc, setup->image, workload);
    traces.attach(*soc, setup->image);
  } catch (const std::invalid_argument& e) {  // a component the config names cannot be built
    // Each problem on its own line, naming the config (a Verilog top's ports: one per port).
    std::istringstream problems(e.what());
    for (std::string line; std::getline(problems, line);) {
      std::fprintf(stderr, "%s: %s\n", setup->config_name.c_str(), line.c_str());
    }
    return kExitUsageError;
  } catch (const std::runtime_error& e) {  // the ELF, the model or a trace file
    std::fprintf(stderr, "%s\n", e.what());
    return kExitUsageError;
  }
  if (setup->workload && !global.quiet) std::printf("%s\n", setup->workload->summary().c_str());

  spdlog::info("running {} on {} (output in {})", setup->firmware_path.string(),
               setup->loaded.effective.at("name").get<std::string>(), setup->out_dir.string());
  RunMonitor monitor(/*progress_interval_seconds=*/10.0);
  soc->cpu().set_quantum_hook(
      [&](uint64_t cycle, uint64_t instret) { return monitor.on_quantum(cycle, instret); });
  const auto host_start = std::chrono::steady_clock::now();
  try {
    // A plug-in's fatal signal abandons the kernel mid-step; what it simulated so far is kept.
    if (const auto crash = crash::contain_crashes([] { sc_core::sc_start(); })) {
      status.fail(*crash, soc->cpu().core().cycle());
    }
  } catch (const std::exception& e) {
    status.fail(simulation_exception(e), soc->cpu().cycle());
  }
  const RunEnd end{
      std::chrono::duration<double>(std::chrono::steady_clock::now() - host_start).count(),
      monitor.interrupted()};
  if (status.running()) {
    status.fail("simulation ended with no process left to run, before the firmware exited",
                soc->cpu().cycle());
  }
  // A region the firmware never ended is charged up to here. A firmware that exited with one
  // open forgot it: say so. A failed run's message already says why the region was cut short.
  const uint64_t end_cycle = soc->cpu().core().cycle();
  for (const std::string& name : regions->close_open_regions(end_cycle)) {
    if (status.outcome() != RunStatus::Outcome::kExited) continue;
    spdlog::warn("region \"{}\" was still open when the firmware exited: closed at cycle {}", name,
                 end_cycle);
  }
  traces.finish(*soc, status);
  if (std::string error; !conflicts->write(setup->out_dir, error)) spdlog::warn("{}", error);
  return write_run_results(*setup, *soc, *regions, status, end, global.quiet);
}

}  // namespace accsim::cli
