// `accsim run`: build the SoC a config describes, load firmware, simulate, write the results.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>

#include "cache_config.h"
#include "cfu_attachment.h"
#include "commands.h"
#include "config_loading.h"
#include "cpu_config.h"
#include "cpu_module.h"
#include "elf_loader.h"
#include "exit_codes.h"
#include "instruction_trace.h"
#include "locations.h"
#include "model_workload.h"
#include "platform.h"
#include "region_profiler.h"
#include "run_monitor.h"
#include "run_outputs.h"
#include "run_summary.h"
#include "stats.h"
#include "timeline_recorder.h"
#include "vta_attachment.h"

namespace fs = std::filesystem;

namespace accsim::cli {

namespace {

const std::vector<std::string> kTraceKinds = {"console", "cache-misses", "mem",
                                              "fst",     "timeline",     "insn"};

bool check_traces(const std::vector<std::string>& traces) {
  for (const auto& t : traces) {
    if (std::find(kTraceKinds.begin(), kTraceKinds.end(), t) == kTraceKinds.end()) {
      std::string valid;
      for (const auto& k : kTraceKinds) valid += (valid.empty() ? "" : ", ") + k;
      std::fprintf(stderr, "--trace: unknown trace \"%s\" (available: %s)\n", t.c_str(),
                   valid.c_str());
      return false;
    }
  }
  return true;
}

bool wants(const std::vector<std::string>& traces, const std::string& kind) {
  return std::find(traces.begin(), traces.end(), kind) != traces.end();
}

// Firmware console: echoed to stdout as it arrives, optionally logged to console.log.
class Console {
 public:
  explicit Console(std::unique_ptr<std::ofstream> log) : m_log(std::move(log)) {}
  void put(char c) {
    std::fputc(c, stdout);
    if (c == '\n') std::fflush(stdout);
    if (m_log) m_log->put(c);
    m_last = c;
  }
  void finish() {
    if (m_last != '\n' && m_last != 0) std::fputc('\n', stdout);  // keep the summary apart
    std::fflush(stdout);
    if (m_log) m_log->flush();
  }

 private:
  std::unique_ptr<std::ofstream> m_log;
  char m_last = 0;
};

// The timeline of a run: its tracks, the counters it samples every `interval` cycles, and the
// VTA's activity when there is one.
std::unique_ptr<TimelineRecorder> make_timeline(const fs::path& out_dir, const TraceLimits& limits,
                                                uint64_t interval, Platform& platform,
                                                cpu::CpuModule& cpu, cfu::CfuModule* cfu,
                                                vta::VtaModule* vta) {
  auto t = std::make_unique<TimelineRecorder>((out_dir / run_file::kTimeline).string(),
                                              platform.clock(), limits, interval);
  t->add_counter({"icache misses", [&cpu] { return double(cpu.memory().totals().icache_misses); }});
  t->add_counter({"dcache misses", [&cpu] { return double(cpu.memory().totals().dcache_misses); }});
  t->add_counter({"cfu ops", [&cpu] { return double(cpu.core().cfu_ops()); }});
  if (cfu != nullptr && cfu->model().output_fifo_words(0) >= 0) {
    const cfu::CfuModel* model = &cfu->model();
    t->add_counter({"cfu output fifo words",
                    [model, &cpu] { return double(model->output_fifo_words(cpu.core().cycle())); },
                    false});
  }
  for (const auto& memory : platform.memories()) {
    if (memory->memory_kind() != MemoryKind::kDram) continue;
    const Memory* m = memory.get();
    t->add_counter({std::string(m->basename()) + " busy %",
                    [m] { return double(m->busy_cycles()); }, true, 100.0 / double(interval)});
  }
  if (vta != nullptr) {
    t->enable_vta();
    vta->set_activity_sink(t.get());
    t->add_counter({"vta dma bytes", [vta] { return double(vta->dma_bytes()); }});
  }
  return t;
}

// --model / --input are the workload.model / workload.input keys, given relative to the working
// directory: passed on as absolute paths so config.json re-runs from anywhere.
std::vector<std::string> with_workload_overrides(const RunOptions& options) {
  std::vector<std::string> overrides = options.overrides;
  const auto add = [&](const char* key, const std::string& path) {
    if (path.empty()) return;
    overrides.push_back(std::string(key) + "=" +
                        nlohmann::json(fs::absolute(path).string()).dump());
  };
  add("workload.model", options.model);
  add("workload.input", options.input);
  return overrides;
}

// Why the run failed, in one line; "" when it succeeded.
std::string failure_of(const RunStatus& status) {
  if (status.outcome() == RunStatus::Outcome::kFailed) return status.message();
  if (status.exit_code() != 0) {
    return "firmware exited with code " + std::to_string(status.exit_code()) + " at cycle " +
           std::to_string(status.end_cycle());
  }
  return "";
}

// What the command line chose (--firmware, --max-cycles) goes into config.json too, so that
// `accsim run config.json` re-runs the same thing from any working directory.
void record_run_flags(nlohmann::json& simulated_config, const std::string& firmware_path,
                      uint64_t max_cycles, bool model_workload) {
  simulated_config["firmware"] = firmware_path;
  if (model_workload) simulated_config["workload"]["firmware"] = firmware_path;
  simulated_config["simulation"]["max_cycles"] = max_cycles;
}

// An interrupted run exits like an interrupted sweep (and a shell), so scripts can tell "stopped
// by the user" from "the simulation failed".
int exit_code_of(const std::string& failure, bool interrupted) {
  if (interrupted) return kExitInterrupted;
  return failure.empty() ? kExitOk : kExitSimulationFailure;
}

// How the run ended, as statistics: run.exit_code is the code accsim itself exits with (what a
// sweep or a script sees), run.firmware_exit_code what the firmware asked for.
void report_outcome(Stats& stats, const RunStatus& status, const std::string& failure,
                    int exit_code) {
  stats.set_text("run.outcome",
                 status.outcome() == RunStatus::Outcome::kExited ? "exited" : "failed",
                 "How the run ended");
  stats.set_signed(
      "run.exit_code", exit_code,
      "Exit code of accsim for this run (0 ok, 1 simulation failure, 130 interrupted)");
  stats.set_signed("run.firmware_exit_code", status.exit_code(),
                   "Code the firmware exited with (0 when it did not exit)");
  if (!failure.empty()) stats.set_text("run.failure", failure, "Why the run failed");
}

}  // namespace

int run_command(const RunOptions& options, const GlobalOptions& global) {
  if (!check_traces(options.traces)) return kExitUsageError;
  const std::string config_name =
      options.config.empty() ? default_config_path().string() : options.config;
  auto loaded = load_architecture(config_name, with_workload_overrides(options));
  if (!loaded) return kExitUsageError;
  const nlohmann::json& cfg = loaded->effective;

  // A .tflite model (--model or workload.model) is checked before anything is simulated.
  std::optional<ModelWorkload> workload;
  try {
    workload = ModelWorkload::from_config(*loaded);
  } catch (const ModelError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return kExitUsageError;
  }
  const std::string firmware_name = !options.firmware.empty() ? options.firmware
                                    : workload                ? workload->firmware()
                                               : cfg.at("firmware").get<std::string>();
  const auto firmware_path = resolve_firmware(firmware_name);
  if (!firmware_path) {
    std::fprintf(stderr,
                 "firmware \"%s\": not found (looked for %s); `accsim list` shows the built "
                 "apps\n",
                 firmware_name.c_str(), firmware_lookup(firmware_name).c_str());
    return kExitUsageError;
  }
  cpu::ElfImage image;
  try {
    image = cpu::read_elf(*firmware_path);
  } catch (const cpu::ElfError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return kExitUsageError;
  }

  const std::string config_stem = cfg.at("name").get<std::string>();
  // A model run is named after the model: runs of different networks do not share a directory.
  const std::string workload_stem =
      workload ? fs::path(cfg.at("workload").at("model").get<std::string>()).stem().string()
               : firmware_path->stem().string();
  const fs::path out_dir = options.out_dir.empty()
                               ? fs::path("traces") / (config_stem + "-" + workload_stem)
                               : fs::path(options.out_dir);
  try {
    prepare_run_dir(out_dir);
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "--out: %s\n", e.what());
    return kExitUsageError;
  }

  cpu::CpuRunLimits limits;
  limits.quantum_cycles = cfg.at("simulation").at("quantum_cycles").get<uint64_t>();
  limits.max_cycles =
      options.max_cycles.value_or(cfg.at("simulation").at("max_cycles").get<uint64_t>());

  cpu::MemoryTraceOptions traces;
  traces.limits = options.trace_limits;
  if (wants(options.traces, "mem")) traces.din_path = (out_dir / run_file::kMemDin).string();
  if (wants(options.traces, "cache-misses")) {
    traces.misses_path = (out_dir / run_file::kCacheMisses).string();
  }

  Console console(wants(options.traces, "console")
                      ? std::make_unique<std::ofstream>(out_dir / run_file::kConsole)
                      : nullptr);
  RunStatus status;
  Platform platform(cfg, status);
  platform.sim_control().set_console([&](char c) { console.put(c); });
  cpu::CpuModule cpu(
      "cpu", platform.clock(), cpu::core_config_from_json(cfg.at("cpu")),
      cache::caches_config_from_json(cfg.at("caches"), cfg.at("seed").get<uint64_t>()), status,
      limits, traces);
  platform.connect_initiator(cpu.ibus, "cpu.ibus");
  platform.connect_initiator(cpu.dbus, "cpu.dbus");
  std::vector<uint32_t> firmware_args;
  for (const auto& a : cfg.at("firmware_args")) {
    firmware_args.push_back(static_cast<uint32_t>(a.get<int64_t>()));
  }
  platform.sim_control().set_firmware_args(std::move(firmware_args));

  // The CFU on the CPU's custom-0 path, when the architecture has one.
  CfuAttachment cfu;
  try {
    cfu = attach_cfu(*loaded, platform.clock(), cpu, out_dir / run_file::kCfuWaveform,
                     options.traces, options.trace_limits);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "%s: %s\n", config_name.c_str(), e.what());
    return kExitUsageError;
  }
  // The VTA on the bus, when the architecture has one.
  std::unique_ptr<vta::VtaModule> vta;
  try {
    vta = attach_vta(*loaded, platform, status, limits.max_cycles);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "%s: %s\n", config_name.c_str(), e.what());
    return kExitUsageError;
  }
  try {
    cpu::load_segments(image, firmware_path->string(),
                       [&](uint32_t addr, const uint8_t* data, size_t len) {
                         return platform.write_debug(addr, data, len);
                       });
  } catch (const cpu::ElfError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return kExitUsageError;
  }
  cpu.set_program(image);
  if (workload) {
    try {
      workload->place(platform, image, global.quiet);
    } catch (const ModelError& e) {
      std::fprintf(stderr, "%s\n", e.what());
      return kExitUsageError;
    }
    if (!global.quiet) std::printf("%s\n", workload->summary().c_str());
  }

  // Per-region figures (firmware region markers, e.g. one per layer or model operator), with the
  // accelerators' own figures when the SoC has them.
  std::vector<RegionProfiler::Counter> counters = {
      {"instructions", "Instructions retired in the region"},
      {"icache_misses", "I$ misses in the region"},
      {"dcache_misses", "D$ misses in the region"},
      {"icache_stall_cycles", "Cycles stalled on the I$ in the region"},
      {"dcache_stall_cycles", "Cycles stalled on the D$ in the region"},
      {"cfu_stall_cycles", "Cycles the CPU waited for the CFU in the region"}};
  const cfu::CfuModel* cfu_model =
      cfu.module && cfu.module->model().counts_activity() ? &cfu.module->model() : nullptr;
  if (cfu_model) {
    counters.push_back({"cfu_busy_cycles", "Cycles the CFU's MACC pipeline worked in the region"});
    counters.push_back({"cfu_macs", "Multiply-accumulates the CFU computed in the region"});
  }
  if (vta) {
    counters.push_back(
        {"vta_busy_cycles", "Cycles the VTA's load, compute and store modules worked, summed"});
    counters.push_back({"vta_dma_bytes", "Bytes the VTA's DMA moved in the region"});
  }
  const vta::VtaModule* vta_module = vta.get();
  RegionProfiler regions(std::move(counters), [&cpu, cfu_model, vta_module] {
    const auto t = cpu.memory().totals();
    std::vector<uint64_t> values{cpu.core().instret(), t.icache_misses, t.dcache_misses,
                                 t.icache_stall,       t.dcache_stall,  cpu.core().stalls().cfu};
    if (cfu_model) {
      values.push_back(cfu_model->busy_cycles());
      values.push_back(cfu_model->macs());
    }
    if (vta_module) {
      values.push_back(vta_module->module_busy_cycles());
      values.push_back(vta_module->dma_bytes());
    }
    return values;
  });
  platform.sim_control().add_region_listener(
      [&regions](const RegionEvent& e) { regions.on_event(e); });

  // Per-instruction traces: the timeline and the instruction trace observe the core.
  std::unique_ptr<TimelineRecorder> timeline;
  std::unique_ptr<InstructionTrace> insn_trace;
  ObserverFanout observers;
  try {
    if (wants(options.traces, "timeline")) {
      timeline = make_timeline(out_dir, options.trace_limits, limits.quantum_cycles, platform, cpu,
                               cfu.module.get(), vta.get());
      timeline->set_symbols(&image.symbols);
      platform.sim_control().add_region_listener(
          [&timeline](const RegionEvent& e) { timeline->on_region(e); });
      observers.add(timeline.get());
    }
    if (wants(options.traces, "insn")) {
      insn_trace = std::make_unique<InstructionTrace>((out_dir / run_file::kInsn).string(),
                                                      options.trace_limits);
      insn_trace->set_symbols(&image.symbols);
      observers.add(insn_trace.get());
    }
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "--trace: %s\n", e.what());
    return kExitUsageError;
  }
  if (!observers.empty()) cpu.core().set_observer(observers.target());

  spdlog::info("running {} on {} (output in {})", firmware_path->string(), config_stem,
               out_dir.string());
  RunMonitor monitor(/*progress_interval_seconds=*/10.0);
  cpu.set_quantum_hook([&](const cpu::Rv32Core& core) { return monitor.on_quantum(core); });
  const auto host_start = std::chrono::steady_clock::now();
  sc_core::sc_start();
  const double host_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - host_start).count();
  if (status.running()) {
    status.fail("simulation ended with no process left to run, before the firmware exited",
                cpu.core().cycle());
  }
  console.finish();
  cpu.memory().flush_traces();
  if (timeline) {
    timeline->finish(cpu.core().cycle(),
                     status.outcome() == RunStatus::Outcome::kFailed
                         ? "run failed: " + status.message()
                         : "run exited with code " + std::to_string(status.exit_code()));
    if (timeline->timeline().truncated()) {
      spdlog::warn("{}: truncated after {} events (raise --trace-limit or narrow --trace-window)",
                   timeline->timeline().path(), timeline->timeline().events());
    }
  }
  if (insn_trace) {
    insn_trace->file().flush();
    if (insn_trace->file().truncated()) {
      spdlog::warn("{}: truncated after {} rows", insn_trace->file().path(),
                   insn_trace->file().rows());
    }
  }
  for (const auto& note : cpu.memory().trace_notes()) spdlog::warn("{}", note);

  Stats stats;
  platform.report(stats);
  cpu.report(stats);
  if (cfu.module) cfu.module->report(stats, cpu.core().cycle());
  if (vta) vta->report(stats);
  regions.report(stats);
  if (workload) workload->report(stats);
  stats.set_text("run.firmware", firmware_path->filename().string(), "Firmware ELF file");
  stats.set_text("run.config", config_stem, "Architecture name");
  // A model run's output (output.bin, top-3) is read only when the firmware succeeded.
  std::string failure = failure_of(status);
  bool failure_printed = false;
  if (workload && failure.empty() && !workload->write_output(platform, out_dir, stdout)) {
    failure = "model: no output tensor to read";
    failure_printed = true;  // write_output said why
  }
  const int exit_code = exit_code_of(failure, monitor.interrupted());
  report_outcome(stats, status, failure, exit_code);
  stats.set("run.end_cycle", status.end_cycle(), "Cycle at which the run ended");
  nlohmann::json host = {
      {"host_seconds", host_seconds},
      {"simulated_mips",
       host_seconds > 0 ? double(cpu.core().instret()) / host_seconds / 1e6 : 0.0},
      {"simulated_mhz", host_seconds > 0 ? double(cpu.core().cycle()) / host_seconds / 1e6 : 0.0}};
  nlohmann::json simulated_config = cfg;  // config.json: what ran, re-runnable as is
  if (vta) record_simulated_vta(simulated_config, *vta);
  record_run_flags(simulated_config, fs::absolute(*firmware_path).lexically_normal().string(),
                   limits.max_cycles, workload.has_value());
  write_run_outputs(out_dir, simulated_config, stats, host);

  if (!global.quiet) print_run_summary(stdout, stats, host, out_dir.string());
  if (!failure.empty() && !failure_printed) spdlog::error("{}", failure);
  return exit_code;
}

}  // namespace accsim::cli
