// accsim: the command-line front end. Parses subcommands with CLI11 and dispatches; all the
// simulation work lives in the libraries.
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <string>
#include <systemc>

#include "accsim_plugin.h"
#include "commands.h"
#include "exit_codes.h"
#include "trace_window.h"

namespace {

constexpr const char* kExitCodeHelp =
    "Exit codes: 0 success; 1 simulation failure (firmware error, trap, exit code != 0, cycle "
    "limit); 2 usage or configuration error; 130 interrupted (Ctrl-C or SIGTERM; a run still "
    "writes its outputs).";

// --max-cycles N: a positive cycle count. The config's simulation.max_cycles takes 0 for "no
// limit", but on the command line 0 or a negative number is a mistake that would otherwise run
// without any limit (or with a wrapped-around huge one), so it is refused.
std::string check_positive_cycles(std::string& text) {
  const bool digits_only =
      !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  if (digits_only && text.find_first_not_of('0') != std::string::npos) return "";
  return "expected a positive number of cycles, got \"" + text +
         "\" (set simulation.max_cycles=0 for no limit)";
}

// -j N: a positive count. Checked after parsing (one line, exit 2): CLI11 would read "-1" into
// a size_t as 2^64-1, and 0 would run nothing.
bool parse_jobs(const std::string& text, size_t& jobs) {
  const bool digits_only = !text.empty() && text.size() < 10 &&
                           text.find_first_not_of("0123456789") == std::string::npos;
  if (!digits_only || std::stoul(text) == 0) return false;
  jobs = std::stoul(text);
  return true;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  using namespace accsim::cli;
  CLI::App app{"accsim: a SystemC TLM-2.0 simulator of small RISC-V SoCs with ML accelerators",
               "accsim"};
  app.footer(kExitCodeHelp);
  // The plug-in ABI too: what a plug-in library must be built against (docs/plugins.md).
  app.set_version_flag("--version", std::string("accsim ") + ACCSIM_VERSION + " (plug-in ABI " +
                                        std::to_string(accsim::plugin::kAbi) + ")");
  app.require_subcommand(0, 1);

  GlobalOptions global;
  std::string log_level = "info";
  app.add_option("--log-level", log_level, "Logging detail")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}))
      ->capture_default_str();
  app.add_flag("-q,--quiet", global.quiet, "Print only errors and the firmware's console");

  RunOptions run;
  auto* run_cmd = app.add_subcommand("run",
                                     "Run firmware on an architecture (default: "
                                     "configs/vexriscv_arty.json with its default firmware)");
  run_cmd->add_option("config", run.config, "Architecture JSON file or shipped config name");
  // Options that collect several values take one per flag (allow_extra_args(false)): otherwise
  // CLI11 would swallow the positional config after `--set KEY=VALUE` as a second override.
  run_cmd
      ->add_option("--set", run.overrides,
                   "Override a config key: key.path=value (devices[0].base or devices.0.base)")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  run_cmd->add_flag("--classify-misses", run.classify_misses,
                    "Classify every cache's misses (3C) per operator and region and name the "
                    "buffers behind conflict misses in conflicts.json (about 2.7x host time; "
                    "docs/analysis.md)");
  run_cmd->add_option("--firmware", run.firmware, "Firmware app name or RV32 ELF path");
  run_cmd->add_option("--model", run.model,
                      "Run this int8 .tflite model on the TFLite interpreter firmware "
                      "(workload.model; docs/models.md)");
  run_cmd->add_flag("--verify", run.verify,
                    "Check every operator not on the CPU against the CPU's kernel, stopping at "
                    "the first differing element (runtime.verify=true; docs/firmware.md)");
  run_cmd
      ->add_option("--input", run.inputs,
                   "Bytes for one of the model's input tensors, once per input: FILE (the next "
                   "input in order), NAME=FILE or INDEX=FILE (workload.inputs; default zeros)")
      ->type_name("[NAME=|INDEX=]FILE")
      ->allow_extra_args(false);
  run_cmd->add_option("--out", run.out_dir,
                      "Output directory (default traces/<config>-<firmware>)");
  run_cmd
      ->add_option(
          "--trace", run.traces,
          "Traces to write: console, cache-misses, mem, fst (RTL waveforms: CFU, CPU, devices), "
          "timeline (Chrome trace for Perfetto), insn (per instruction); "
          "comma-separated")
      ->delimiter(',')
      ->allow_extra_args(false);
  std::string trace_window;
  run_cmd
      ->add_option("--trace-window", trace_window,
                   "Only trace cycles A to B (A:B, B exclusive; either may be empty), every "
                   "run of a firmware region (region:NAME) or a model operator (op:N)")
      ->type_name("A:B|region:NAME|op:N");
  run_cmd
      ->add_option("--trace-limit", run.trace_limits.max_rows,
                   "Cap every trace file at N rows (events of timeline.json, lines of "
                   "console.log, cycles of the .fst waveforms; default 10000000)")
      ->type_name("N");
  run.trace_limits.max_rows = 10'000'000;
  run_cmd->add_option("--max-cycles", run.max_cycles, "Fail the run after N cycles (N > 0)")
      ->check(CLI::Validator(check_positive_cycles, "N"));
  run_cmd
      ->add_option("--energy-export", run.energy_export,
                   "Also write the action counts for another energy tool: accelergy "
                   "(accelergy_action_counts.yaml, accelergy_ert.yaml; docs/energy.md)")
      ->check(CLI::IsMember({"accelergy"}));

  std::vector<std::string> validate_configs;
  std::vector<std::string> validate_overrides;
  auto* validate_cmd = app.add_subcommand(
      "validate", "Check architecture configs; print every problem with its file and JSON path");
  validate_cmd->add_option("config", validate_configs, "Config files or names")->required();
  validate_cmd
      ->add_option("--set", validate_overrides,
                   "Override a config key: key.path=value (devices[0].base or devices.0.base)")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);

  auto* list_cmd = app.add_subcommand("list", "List shipped architectures and firmware apps");
  auto* schema_cmd = app.add_subcommand(
      "schema", "Print the reference of every config key (Markdown; configs/schema/README.md)");

  SweepOptions sweep;
  auto* sweep_cmd = app.add_subcommand(
      "sweep", "Run the points of a sweep spec in parallel into results.csv (docs/sweeps.md)");
  sweep_cmd->add_option("spec", sweep.spec, "Sweep spec JSON (with --collect: or a sweep dir)")
      ->required();
  std::string sweep_jobs = "1";
  sweep_cmd->add_option("-j,--jobs", sweep_jobs, "Points run at once (N > 0)")
      ->type_name("N")
      ->capture_default_str();
  sweep_cmd->add_option("--out", sweep.out_dir, "Sweep directory (default: the spec's \"out\")");
  sweep_cmd->add_option("--point", sweep.point, "Run only point N (what emitted jobs do)");
  sweep_cmd->add_option("--emit-jobs", sweep.emit_jobs,
                        "Write one shell command per point to FILE (GNU parallel) and "
                        "FILE.sbatch (Slurm array) instead of running");
  sweep_cmd->add_flag("--collect", sweep.collect,
                      "Only assemble results.csv from the finished point directories");
  sweep_cmd->add_flag("--force", sweep.force, "Re-run points that already finished");
  sweep_cmd->add_option("--plot", sweep.plot, "Also plot results.csv to FILE.svg|png (gnuplot)");
  sweep_cmd->add_option("--explain", sweep.explain,
                        "After collecting: which statistics the swept KEY moved and where the "
                        "time goes");
  auto* slurm_flag = sweep_cmd->add_flag(
      "--slurm", sweep.slurm,
      "Submit the unfinished points as a Slurm job array (sbatch), follow it, then collect");
  sweep_cmd
      ->add_option("--slurm-args", sweep.slurm_args,
                   "Extra sbatch options for --slurm, e.g. \"-p short -A proj --time=30\"")
      ->needs(slurm_flag);
  sweep_cmd
      ->add_option("--slurm-setup", sweep.slurm_setup,
                   "Shell lines (module load, export LD_LIBRARY_PATH=...) the job script of "
                   "--slurm or --emit-jobs runs before accsim")
      ->type_name("FILE");
  slurm_flag->excludes("--point")
      ->excludes("--emit-jobs")
      ->excludes("--collect")
      ->excludes("--jobs");

  ReportOptions report;
  auto* report_cmd =
      app.add_subcommand("report", "Summarise a run directory, or compare several side by side");
  report_cmd->add_option("dirs", report.dirs, "Run output directories")->required();
  report_cmd->add_flag("--csv", report.csv, "Machine-readable CSV instead of tables");
  report_cmd->add_flag("--all", report.all, "Compare: list every stat, not only differing ones");
  report_cmd
      ->add_option("--stats", report.stats,
                   "Only stats matching these patterns (* any text, ? one character), "
                   "comma-separated or --stats repeated: 'region.*.cycles,cpu.*'")
      ->type_name("PATTERN")
      ->delimiter(',')
      ->allow_extra_args(false);
  report_cmd->add_option("--top", report.top, "Functions listed (0 = all)")->capture_default_str();
  report_cmd
      ->add_option("--threshold", report.threshold,
                   "Compare: flag operators whose backend and kernel stayed but whose cycles "
                   "moved by more than this percentage")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  report_cmd->add_option("--plot", report.plot,
                         "Draw per-operator (model runs) and per-region cycles and cache misses to "
                         "FILE.svg|png (gnuplot)");

  TimingCheckOptions timing;
  auto* timing_cmd = app.add_subcommand(
      "timing-check",
      "Run a workload on the CPU model and on the CPU's Verilog (cpu.impl=rtl) in parallel, check "
      "they agree and compare their cycles in total, per region, op and op type (docs/rtl.md). "
      "Exit codes: 0 within budget; 1 the total, a calibration kernel or an op type over its "
      "budget; 2 usage or "
      "configuration error; 3 the runs disagree (exit code, console, output.bin) or one failed");
  timing_cmd->add_option("config", timing.config, "Architecture JSON file or shipped config name")
      ->required();
  timing_cmd
      ->add_option("--set", timing.overrides, "Override a config key in both runs: key.path=value")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  timing_cmd
      ->add_option("--model-set", timing.model_overrides,
                   "Override a config key in the model run only (experiments)")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  timing_cmd
      ->add_option("--rtl-set", timing.rtl_overrides, "Override a config key in the RTL run only")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  timing_cmd->add_option("--firmware", timing.firmware, "Firmware app name or RV32 ELF path");
  timing_cmd->add_option("--model", timing.model,
                         "Run this int8 .tflite model on the TFLite interpreter firmware");
  timing_cmd->add_option("--input", timing.input, "Bytes for the model's input tensor 0");
  timing_cmd->add_option("--verilog", timing.verilog,
                         "The CPU's VexRiscv Verilog (default: the config's cpu.verilog, else "
                         "../shared/rtl/vexriscv/VexRiscv_FullCfu.v beside the source tree)");
  timing_cmd
      ->add_option("--budget", timing.budget,
                   "Largest error of the total cycles and of each calibration kernel")
      ->type_name("PERCENT")
      ->capture_default_str();
  timing_cmd->add_option("--op-budget", timing.op_budget, "Largest error of each op type")
      ->type_name("PERCENT")
      ->capture_default_str();
  timing_cmd->add_flag("--by-pc", timing.by_pc,
                       "Also trace every instruction on both sides and list the functions and "
                       "pcs whose cycles differ most");
  timing_cmd->add_option("--top", timing.top, "--by-pc: functions and pcs listed (0 = all)")
      ->capture_default_str();
  timing_cmd
      ->add_option("--trace-window", timing.trace_window,
                   "--by-pc: only trace this window (region:NAME or op:N select the same "
                   "instructions on both sides)")
      ->type_name("A:B|region:NAME|op:N");
  timing_cmd
      ->add_option("--trace-limit", timing.trace_limit,
                   "--by-pc: cap each instruction trace at N rows (default 10000000)")
      ->type_name("N");
  timing_cmd->add_option("--max-cycles", timing.max_cycles, "Fail each run after N cycles (N > 0)")
      ->check(CLI::Validator(check_positive_cycles, "N"));
  timing_cmd->add_option("--out", timing.out_dir,
                         "Directory of the two runs (model/, rtl/) and timing_check.json "
                         "(default traces/timing-check/<config>-<workload>)");
  timing_cmd->add_flag("--force", timing.force,
                       "Run again the runs that finished earlier in --out with the same "
                       "arguments (reused otherwise)");

  // Global options (-q, --log-level) are accepted after the subcommand too.
  for (auto* sub :
       {run_cmd, validate_cmd, list_cmd, schema_cmd, sweep_cmd, report_cmd, timing_cmd}) {
    sub->fallthrough();
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsageError;
  }

  if (*timing_cmd && !timing.trace_window.empty()) {
    accsim::TraceLimits checked;
    const std::string problem = parse_trace_window(timing.trace_window, checked);
    if (!problem.empty()) {
      std::fprintf(stderr, "--trace-window: %s\n", problem.c_str());
      return kExitUsageError;
    }
  }
  if (!trace_window.empty()) {
    const std::string problem = parse_trace_window(trace_window, run.trace_limits);
    if (!problem.empty()) {
      std::fprintf(stderr, "--trace-window: %s\n", problem.c_str());
      return kExitUsageError;
    }
  }

  if (*sweep_cmd && !parse_jobs(sweep_jobs, sweep.jobs)) {
    std::fprintf(stderr, "--jobs: expected a positive number of points run at once, got \"%s\"\n",
                 sweep_jobs.c_str());
    return kExitUsageError;
  }

  spdlog::set_pattern("accsim: %l: %v");
  spdlog::set_level(spdlog::level::from_str(log_level));
  if (global.quiet && spdlog::get_level() < spdlog::level::warn) {
    spdlog::set_level(spdlog::level::warn);
  }
  // SystemC reports go through spdlog-like one-liners instead of multi-line banners.
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);

  try {
    if (*validate_cmd) return validate_command(validate_configs, validate_overrides, global);
    if (*list_cmd) return list_command(global);
    if (*schema_cmd) return schema_command(global);
    if (*sweep_cmd) return sweep_command(sweep, global);
    if (*report_cmd) return report_command(report, global);
    if (*timing_cmd) return timing_check_command(timing, global);
    return run_command(run, global);  // `run` is the default subcommand
  } catch (const std::exception& e) {
    spdlog::error("{}", e.what());
    return kExitSimulationFailure;
  }
}

// Our own entry point so SystemC's copyright banner does not precede every run's output.
int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", /*overwrite=*/0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
