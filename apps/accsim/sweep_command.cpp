// `accsim sweep`: run a spec's points (resuming finished ones), or run one point (--point, for
// emitted jobs), or write the jobs for GNU parallel / Slurm (--emit-jobs), or run them as
// Slurm job arrays (--slurm), or assemble
// results.csv from finished point directories (--collect). docs/sweeps.md.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <set>

#include "commands.h"
#include "csv.h"
#include "exit_codes.h"
#include "locations.h"
#include "report_plot.h"
#include "run_outputs.h"
#include "sweep_explain.h"
#include "sweep_jobs.h"
#include "sweep_lock.h"
#include "sweep_point_dir.h"
#include "sweep_results.h"
#include "sweep_runner.h"
#include "sweep_slurm.h"
#include "sweep_spec.h"

namespace fs = std::filesystem;

namespace accsim::cli {

namespace {

struct Loaded {
  SweepSpec spec;
  fs::path out;
};

// SPEC.json, or with --collect a sweep directory holding the sweep.json a sweep wrote there.
Loaded load(const SweepOptions& options) {
  fs::path spec_file = options.spec;
  fs::path out;
  std::error_code ec;
  if (fs::is_directory(spec_file, ec)) {
    if (!options.collect) {
      throw SpecError(spec_file.string() + ": a directory; give a spec file (or --collect DIR)");
    }
    out = spec_file;
    spec_file = spec_file / "sweep.json";
    if (!fs::is_regular_file(spec_file, ec)) {
      throw SpecError(out.string() + ": no sweep.json (not a sweep directory?)");
    }
  }
  Loaded loaded{load_sweep_spec(spec_file), {}};
  if (!out.empty()) loaded.spec.name = fs::absolute(out).lexically_normal().filename().string();
  if (!options.out_dir.empty()) {
    out = options.out_dir;
  } else if (out.empty()) {
    out = loaded.spec.out.empty() ? fs::path("traces/sweeps") / loaded.spec.name
                                  : fs::path(loaded.spec.out);
  }
  loaded.out = fs::absolute(out).lexically_normal();
  return loaded;
}

// Problems every point would hit are spec errors, found before anything runs.
bool check_inputs(const SweepSpec& spec) {
  bool ok = true;
  if (!resolve_config(spec.base)) {
    std::fprintf(stderr,
                 "%s: base: no config \"%s\" (neither a file beside the spec nor a "
                 "shipped name; `accsim list`)\n",
                 spec.file.c_str(), spec.base.c_str());
    ok = false;
  }
  std::set<std::string> firmware;
  for (const auto& point : spec.points) {
    for (size_t i = 0; i + 1 < point.args.size(); ++i) {
      if (point.args[i] == "--firmware") firmware.insert(point.args[i + 1]);
    }
  }
  for (const auto& name : firmware) {
    if (resolve_firmware(name)) continue;
    std::fprintf(stderr, "%s: firmware \"%s\": not found (looked for %s)\n", spec.file.c_str(),
                 name.c_str(), firmware_lookup(name).c_str());
    ok = false;
  }
  return ok;
}

void write_sweep_json(const Loaded& loaded) {
  prepare_output_dir(loaded.out);
  auto doc = loaded.spec.source;
  doc["out"] = loaded.out.string();
  write_text_file(loaded.out / "sweep.json", doc.dump(2) + "\n");
}

// The sweep directory's lock (sweep_lock.h), or null after printing why it cannot be had.
std::unique_ptr<SweepLock> lock_sweep_dir(const fs::path& out, const GlobalOptions& global) {
  try {
    prepare_output_dir(out);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "--out: %s\n", e.what());
    return nullptr;
  }
  try {
    auto lock = std::make_unique<SweepLock>(out);
    if (!lock->stale_holder().empty() && !global.quiet) {
      std::fprintf(stderr, "sweep: note: taking over %s of a sweep that did not end (%s)\n",
                   lock->path().c_str(), lock->stale_holder().c_str());
    }
    return lock;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "sweep: %s\n", e.what());
    return nullptr;
  }
}

// Writes results.csv (and the plot) from the point directories; returns the exit code.
int collect(const Loaded& loaded, const SweepOptions& options, const GlobalOptions& global) {
  std::vector<PointOutcome> outcomes;
  for (const auto& point : loaded.spec.points) {
    outcomes.push_back(read_point(loaded.out / point.name, point));
  }
  const SweepTable table = assemble_results(loaded.spec, outcomes);
  for (const auto& w : table.warnings) std::fprintf(stderr, "sweep: warning: %s\n", w.c_str());
  prepare_output_dir(loaded.out);
  const fs::path csv = loaded.out / "results.csv";
  write_text_file(csv, table.csv);
  if (!global.quiet) {
    std::fprintf(stderr, "sweep: %zu points: %zu ok, %zu failed, %zu missing; results in %s\n",
                 loaded.spec.points.size(), table.ok, table.failed, table.missing, csv.c_str());
  }
  if (!options.plot.empty()) {
    const std::string problem = plot_sweep(loaded.spec, parse_csv(table.csv), options.plot);
    if (!problem.empty()) {
      std::fprintf(stderr, "sweep: no plot: %s\n", problem.c_str());
    } else if (!global.quiet) {
      std::fprintf(stderr, "sweep: plot in %s\n", options.plot.c_str());
    }
  }
  if (!options.explain.empty()) {
    try {
      std::fputs(explain_sweep(loaded.spec, outcomes, options.explain).c_str(), stdout);
    } catch (const SpecError& e) {
      std::fprintf(stderr, "sweep: %s\n", e.what());
      return kExitUsageError;
    }
  }
  if (table.failed) {
    std::fprintf(stderr, "sweep: %zu point(s) failed: see each point's failed and run.log\n",
                 table.failed);
  }
  return table.failed || table.missing ? kExitSimulationFailure : kExitOk;
}

int run_one(const Loaded& loaded, size_t index, const SweepOptions& options,
            const GlobalOptions& global) {
  const SweepPoint& point = loaded.spec.points[index];
  const fs::path dir = loaded.out / point.name;
  if (!options.force && point_finished(dir, point)) {
    if (!global.quiet) std::fprintf(stderr, "sweep: %s already done\n", point.name.c_str());
    return kExitOk;
  }
  RunnerOptions runner{self_executable(), loaded.out, 1, global.quiet, 1, 0};
  const auto summary = run_points({&point}, runner);
  if (summary.interrupted) return kExitInterrupted;
  return summary.failed ? kExitSimulationFailure : kExitOk;
}

// Submits the unfinished points to Slurm, follows them, then collects as a local sweep does.
int sweep_on_slurm(const Loaded& loaded, const std::vector<const SweepPoint*>& todo, size_t skipped,
                   const std::string& setup, const SweepOptions& options,
                   const GlobalOptions& global) {
  const SlurmSweepOptions slurm{fs::absolute(loaded.spec.file),
                                loaded.out,
                                self_executable(),
                                options.slurm_args,
                                setup,
                                skipped,
                                global.quiet};
  const SlurmSweepOutcome outcome = run_sweep_on_slurm(loaded.spec, todo, slurm);
  if (outcome.exit_code != kExitOk) return outcome.exit_code;
  const int code = collect(loaded, options, global);
  if (!outcome.unfinished.empty()) {
    std::string names;
    const size_t shown = std::min<size_t>(outcome.unfinished.size(), 10);
    for (size_t i = 0; i < shown; ++i) names += (i ? ", " : "") + outcome.unfinished[i];
    if (shown < outcome.unfinished.size()) {
      names += " and " + std::to_string(outcome.unfinished.size() - shown) + " more";
    }
    std::fprintf(stderr,
                 "sweep: %zu point(s) without results on Slurm: %s; the same command "
                 "re-submits only these\n",
                 outcome.unfinished.size(), names.c_str());
  }
  return code;
}

}  // namespace

int sweep_command(const SweepOptions& options, const GlobalOptions& global) {
  Loaded loaded;
  try {
    loaded = load(options);
  } catch (const SpecError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return kExitUsageError;
  }
  const SweepSpec& spec = loaded.spec;
  const bool job_script = options.slurm || !options.emit_jobs.empty();
  std::string setup;
  if (!options.slurm_setup.empty() && !job_script) {
    std::fprintf(stderr,
                 "--slurm-setup: needs --slurm or --emit-jobs (it goes into the job script)\n");
    return kExitUsageError;
  }
  if (!options.slurm_setup.empty()) {
    try {
      setup = read_slurm_setup(options.slurm_setup);
    } catch (const std::runtime_error& e) {
      std::fprintf(stderr, "--slurm-setup: %s\n", e.what());
      return kExitUsageError;
    }
  }
  // The jobs may run on other nodes, which read and write the sweep directory.
  const std::string local = node_local_prefix(loaded.out);
  if (job_script && !local.empty()) {
    std::fprintf(stderr,
                 "sweep: warning: the sweep directory %s is under %s, which other nodes of a "
                 "cluster do not share: their points' results would not arrive (use --out on a "
                 "shared file system)\n",
                 loaded.out.c_str(), local.c_str());
  }
  if (!options.explain.empty() &&
      std::find(spec.columns.begin(), spec.columns.end(), options.explain) == spec.columns.end()) {
    std::fprintf(stderr, "sweep: --explain %s: not a swept key of %s\n", options.explain.c_str(),
                 spec.name.c_str());
    return kExitUsageError;
  }
  // Every mode but --point (the emitted jobs of one sweep, run side by side) owns the directory,
  // taken once the spec is known good, so that a spec error leaves nothing behind.
  std::unique_ptr<SweepLock> lock;
  if (options.collect) {
    lock = lock_sweep_dir(loaded.out, global);
    return lock ? collect(loaded, options, global) : kExitUsageError;
  }
  if (!check_inputs(spec)) return kExitUsageError;

  if (options.point) {
    if (*options.point >= spec.points.size()) {
      std::fprintf(stderr, "--point: %zu is out of range (the sweep has %zu points, 0 to %zu)\n",
                   *options.point, spec.points.size(), spec.points.size() - 1);
      return kExitUsageError;
    }
    return run_one(loaded, *options.point, options, global);
  }
  lock = lock_sweep_dir(loaded.out, global);
  if (!lock) return kExitUsageError;
  try {
    write_sweep_json(loaded);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "--out: %s\n", e.what());
    return kExitUsageError;
  }

  if (!options.emit_jobs.empty()) {
    const auto files = emit_jobs(spec, fs::absolute(spec.file), loaded.out, self_executable(),
                                 fs::absolute(options.emit_jobs), setup);
    if (!global.quiet) {
      std::fprintf(stderr,
                   "sweep: %zu jobs in %s, Slurm array script %s\n"
                   "  run them: parallel -j N < %s   (or sbatch %s), then: accsim sweep "
                   "--collect %s\n",
                   spec.points.size(), files.jobs.c_str(), files.sbatch.c_str(), files.jobs.c_str(),
                   files.sbatch.c_str(), loaded.out.c_str());
    }
    return kExitOk;
  }

  std::vector<const SweepPoint*> todo;
  for (const auto& point : spec.points) {
    if (options.force || !point_finished(loaded.out / point.name, point)) todo.push_back(&point);
  }
  const size_t skipped = spec.points.size() - todo.size();
  if (options.slurm) return sweep_on_slurm(loaded, todo, skipped, setup, options, global);
  if (!global.quiet) {
    std::fprintf(stderr, "sweep: %s: %zu points", spec.file.c_str(), spec.points.size());
    if (skipped) std::fprintf(stderr, ", %zu already done", skipped);
    std::fprintf(stderr, ", running %zu with -j %zu into %s\n", todo.size(), options.jobs,
                 loaded.out.c_str());
  }
  RunnerOptions runner{self_executable(), loaded.out,         std::max<size_t>(1, options.jobs),
                       global.quiet,      spec.points.size(), skipped};
  const auto summary = run_points(todo, runner);
  if (summary.interrupted) {
    std::fprintf(stderr,
                 "sweep: interrupted with %zu of %zu points done; run the same command again "
                 "to resume\n",
                 skipped + summary.ok, spec.points.size());
    return kExitInterrupted;
  }
  return collect(loaded, options, global);
}

}  // namespace accsim::cli
