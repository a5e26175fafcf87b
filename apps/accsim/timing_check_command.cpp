// `accsim timing-check`: the same workload on the C++ CPU model and on the CPU's Verilog
// (cpu.impl = rtl), as two `accsim run` children in parallel (the sweep's runner: each in its
// own process, since SystemC elaborates once per process), then the functional check and the
// cycle table of timing_compare.h, and with --by-pc timing_by_pc.h. docs/rtl.md.
#include <cstdio>
#include <fstream>
#include <sstream>

#include "commands.h"
#include "config_loading.h"
#include "data_dir.h"
#include "exit_codes.h"
#include "locations.h"
#include "run_outputs.h"
#include "sweep_point_dir.h"
#include "sweep_runner.h"
#include "timing_by_pc.h"
#include "timing_compare.h"

namespace fs = std::filesystem;

namespace accsim::cli {

namespace {

constexpr const char* kTag = "timing-check";
constexpr const char* kDefaultVerilog = "VexRiscv_FullCfu.v";

// The shipped VexRiscv Verilog: ../shared/rtl/vexriscv/ beside the source tree (the folder the
// tests and docs name), found from the data folder's configs link like every shipped file.
fs::path default_verilog() {
  return (data_path("configs").parent_path() / ".." / "shared" / "rtl" / "vexriscv" /
          kDefaultVerilog)
      .lexically_normal();
}

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::optional<std::string> read_optional(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return std::nullopt;
  return read_file(file);
}

std::string workload_name(const TimingCheckOptions& o) {
  if (!o.model.empty()) return fs::path(o.model).stem().string();
  if (!o.firmware.empty()) return fs::path(o.firmware).stem().string();
  return "default";
}

// The Verilog the RTL side runs: --verilog, else the config's cpu.verilog, else the shipped
// one. Empty after printing why when there is none.
fs::path choose_verilog(const TimingCheckOptions& o, const config::LoadedConfig& loaded) {
  fs::path verilog;
  std::string from;
  if (!o.verilog.empty()) {
    verilog = o.verilog;
    from = "--verilog";
  } else if (const auto& cpu = loaded.effective["cpu"];
             cpu.contains("verilog") && cpu["verilog"].is_string() &&
             !cpu["verilog"].get<std::string>().empty()) {
    verilog = cpu["verilog"].get<std::string>();
    from = "cpu.verilog";
  } else {
    verilog = default_verilog();
    from = "the default VexRiscv";
  }
  std::error_code ec;
  if (!fs::is_regular_file(verilog, ec)) {
    std::fprintf(stderr,
                 "%s: %s: no such file: %s (give the CPU's Verilog with --verilog FILE or "
                 "cpu.verilog; docs/rtl.md)\n",
                 kTag, from.c_str(), verilog.c_str());
    return {};
  }
  return fs::absolute(verilog).lexically_normal();
}

std::vector<std::string> set_args(const std::vector<std::string>& overrides) {
  std::vector<std::string> args;
  for (const auto& o : overrides) {
    args.push_back("--set");
    args.push_back(o);
  }
  return args;
}

// The `accsim run` arguments both sides share (without the CPU's own --set).
std::vector<std::string> common_args(const TimingCheckOptions& o, const fs::path& config) {
  std::vector<std::string> args = {config.string()};
  if (!o.firmware.empty()) args.insert(args.end(), {"--firmware", o.firmware});
  if (!o.model.empty()) args.insert(args.end(), {"--model", o.model});
  if (!o.input.empty()) args.insert(args.end(), {"--input", o.input});
  const auto sets = set_args(o.overrides);
  args.insert(args.end(), sets.begin(), sets.end());
  args.insert(args.end(), {"--trace", o.by_pc ? "console,insn" : "console"});
  if (!o.trace_window.empty()) args.insert(args.end(), {"--trace-window", o.trace_window});
  if (o.trace_limit) args.insert(args.end(), {"--trace-limit", std::to_string(*o.trace_limit)});
  if (o.max_cycles) args.insert(args.end(), {"--max-cycles", std::to_string(*o.max_cycles)});
  return args;
}

// The last progress line of a run's log ("" if none yet).
std::string last_progress(const fs::path& log) {
  const auto tail = tail_lines(log, 4);
  for (auto it = tail.rbegin(); it != tail.rend(); ++it) {
    const size_t at = it->find("progress: ");
    if (at != std::string::npos) return it->substr(at + 10);
  }
  return "";
}

SideOutcome side_outcome(const fs::path& dir, const PointOutcome& point) {
  SideOutcome side;
  side.exit_code = point.kind == PointOutcome::Kind::kOk ? 0 : point.exit_code;
  side.console = read_optional(dir / run_file::kConsole).value_or("");
  side.output = read_optional(dir / run_file::kModelOutput);
  return side;
}

std::string last_log_line(const fs::path& dir) {
  const auto tail = tail_lines(dir / "run.log", 20);
  return tail.empty() ? "no message" : tail.back();
}

}  // namespace

int timing_check_command(const TimingCheckOptions& o, const GlobalOptions& global) {
  const auto budget = parse_percent(o.budget);
  const auto op_budget = parse_percent(o.op_budget);
  if (!budget || !op_budget) {
    std::fprintf(stderr, "%s: expected a percentage such as 1%% or 0.5, got \"%s\"\n",
                 !budget ? "--budget" : "--op-budget", (!budget ? o.budget : o.op_budget).c_str());
    return kExitUsageError;
  }
  if (!o.trace_window.empty() && !o.by_pc) {
    std::fprintf(stderr, "--trace-window: only with --by-pc (it limits the instruction traces)\n");
    return kExitUsageError;
  }

  // Both configs are checked before anything runs: a bad key, or a cache geometry that is not
  // the Verilog's, is one line and exit 2 here rather than a failed child.
  auto model_sets = o.overrides;
  model_sets.insert(model_sets.end(), o.model_overrides.begin(), o.model_overrides.end());
  model_sets.push_back("cpu.impl=model");
  const auto model_config = load_architecture(o.config, model_sets);
  if (!model_config) return kExitUsageError;
  const fs::path verilog = choose_verilog(o, *model_config);
  if (verilog.empty()) return kExitUsageError;
  auto rtl_sets = o.overrides;
  rtl_sets.insert(rtl_sets.end(), o.rtl_overrides.begin(), o.rtl_overrides.end());
  rtl_sets.push_back("cpu.impl=rtl");
  rtl_sets.push_back("cpu.verilog=" + verilog.string());
  if (!load_architecture(o.config, rtl_sets)) return kExitUsageError;
  const fs::path config = fs::absolute(*resolve_config(o.config)).lexically_normal();

  const fs::path out =
      fs::absolute(o.out_dir.empty() ? fs::path("traces/timing-check") /
                                           (config.stem().string() + "-" + workload_name(o))
                                     : fs::path(o.out_dir))
          .lexically_normal();
  try {
    prepare_output_dir(out);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "--out: %s\n", e.what());
    return kExitUsageError;
  }

  const auto common = common_args(o, config);
  // Each side: the shared arguments, its own --set, then the CPU's.
  SweepPoint model_point{0, "model", {}, common};
  for (const auto& arg : set_args(o.model_overrides)) model_point.args.push_back(arg);
  model_point.args.insert(model_point.args.end(), {"--set", "cpu.impl=model"});
  SweepPoint rtl_point{1, "rtl", {}, common};
  for (const auto& arg : set_args(o.rtl_overrides)) rtl_point.args.push_back(arg);
  rtl_point.args.insert(rtl_point.args.end(),
                        {"--set", "cpu.impl=rtl", "--set", "cpu.verilog=" + verilog.string()});

  std::vector<const SweepPoint*> to_run;
  for (const SweepPoint* point : {&model_point, &rtl_point}) {
    if (!o.force && point_finished(out / point->name, *point)) {
      if (!global.quiet) {
        std::fprintf(stderr, "%s: %s run already done in %s (--force runs it again)\n", kTag,
                     point->name.c_str(), (out / point->name).c_str());
      }
    } else {
      to_run.push_back(point);
    }
  }
  if (!global.quiet) {
    std::fprintf(stderr, "%s: %s on the model and on %s, runs in %s\n", kTag,
                 workload_name(o).c_str(), verilog.filename().c_str(), out.c_str());
  }
  RunnerOptions runner;
  runner.accsim = self_executable();
  runner.out = out;
  runner.jobs = 2;
  runner.quiet = global.quiet;
  runner.total = 2;
  runner.already_done = 2 - to_run.size();
  runner.tag = kTag;
  runner.quiet_runs = false;  // their progress lines feed the heartbeat
  runner.show_eta = false;    // the RTL run takes ~100 times the model's
  std::string shown;
  runner.heartbeat_seconds = global.quiet ? 0 : 30;
  runner.heartbeat = [&] {
    const std::string progress = last_progress(out / "rtl" / "run.log");
    if (!progress.empty() && progress != shown) {
      std::fprintf(stderr, "%s: rtl: %s\n", kTag, progress.c_str());
      shown = progress;
    }
  };
  if (!to_run.empty() && run_points(to_run, runner).interrupted) return kExitInterrupted;

  const PointOutcome model_done = read_point(out / "model", model_point);
  const PointOutcome rtl_done = read_point(out / "rtl", rtl_point);
  const std::pair<const char*, const PointOutcome*> sides[] = {{"model", &model_done},
                                                               {"rtl", &rtl_done}};
  for (const auto& [name, done] : sides) {
    if (done->kind == PointOutcome::Kind::kFailed && done->exit_code == kExitUsageError) {
      std::fprintf(stderr, "%s: the %s run refused its input: %s\n", kTag, name,
                   last_log_line(out / name).c_str());
      return kExitUsageError;
    }
  }

  nlohmann::ordered_json doc = {{"config", config.string()},      {"workload", workload_name(o)},
                                {"verilog", verilog.string()},    {"model_run", model_point.args},
                                {"rtl_run", rtl_point.args},      {"budget_percent", *budget},
                                {"op_budget_percent", *op_budget}};
  int code = kExitOk;
  std::vector<std::string> problems;
  const bool finished =
      model_done.kind == PointOutcome::Kind::kOk && rtl_done.kind == PointOutcome::Kind::kOk;
  if (!finished) {
    for (const auto& [name, done] : sides) {
      if (done->kind != PointOutcome::Kind::kOk) {
        problems.push_back(std::string("the ") + name + " run failed (exit " +
                           std::to_string(done->exit_code) + "): " + last_log_line(out / name));
      }
    }
  } else {
    problems = functional_differences(side_outcome(out / "model", model_done),
                                      side_outcome(out / "rtl", rtl_done));
  }
  doc["functional_problems"] = problems;
  if (!problems.empty()) code = kExitMismatch;

  std::printf("%s: %s on %s: model vs RTL (%s)\n", kTag, workload_name(o).c_str(),
              config.filename().c_str(), verilog.filename().c_str());
  if (problems.empty()) {
    std::printf("functional: same exit code, console (cycle counts masked) and output\n\n");
  }
  for (const auto& p : problems) std::printf("functional: MISMATCH: %s\n", p.c_str());
  if (!problems.empty() && finished) std::printf("\n");

  if (finished) {
    auto rows = timing_rows(model_done.stats, rtl_done.stats, {*budget, *op_budget});
    const auto kernels =
        console_rows(read_optional(out / "model" / run_file::kConsole).value_or(""),
                     read_optional(out / "rtl" / run_file::kConsole).value_or(""), *budget);
    rows.insert(rows.end(), kernels.begin(), kernels.end());
    std::printf("%s", timing_table(rows).c_str());
    const auto failing = failing_rows(rows);
    doc["rows"] = rows_json(rows);
    std::vector<std::string> failed_names;
    for (const auto* row : failing) {
      failed_names.push_back(row->kind + " " + row->name + " " +
                             signed_percent_text(row->error_percent()));
    }
    doc["over_budget"] = failed_names;
    if (!failing.empty() && code == kExitOk) code = kExitSimulationFailure;
    if (failing.empty()) {
      std::printf("\ntiming: within budget (total %s, op types %s)\n", o.budget.c_str(),
                  o.op_budget.c_str());
    } else {
      std::printf("\ntiming: OVER budget (total %s, op types %s):", o.budget.c_str(),
                  o.op_budget.c_str());
      for (size_t i = 0; i < failed_names.size(); ++i) {
        std::printf("%s %s", i == 0 ? "" : ";", failed_names[i].c_str());
      }
      std::printf("\n");
    }
    if (o.by_pc) {
      const auto by_pc =
          compare_insn_traces(out / "model" / run_file::kInsn, out / "rtl" / run_file::kInsn);
      std::printf("\n%s", by_pc_table(by_pc, o.top).c_str());
      doc["by_pc"] = by_pc_json(by_pc, o.top);
    }
  }
  doc["exit_code"] = code;
  write_text_file(out / "timing_check.json", doc.dump(2) + "\n");
  return code;
}

}  // namespace accsim::cli
