// The accsim subcommands. Each returns the process exit code (exit_codes.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "trace_file.h"

namespace accsim::cli {

struct GlobalOptions {
  bool quiet = false;
};

struct RunOptions {
  std::string config;  // name or path; empty = the default architecture
  std::vector<std::string> overrides;
  std::string firmware;  // name or path; empty = the config's "firmware"
  std::string model;     // .tflite path (workload.model); empty = the config's
  // --input FILE, NAME=FILE or INDEX=FILE, once per input tensor (workload.inputs); empty = the
  // config's
  std::vector<std::string> inputs;
  bool verify = false;  // --verify: runtime.verify=true (check each accelerated operator)
  std::string out_dir;  // empty = traces/<config>-<firmware>
  std::vector<std::string> traces;
  TraceLimits trace_limits;
  std::optional<uint64_t> max_cycles;
  bool classify_misses = false;  // every cache's classify_misses (per-op 3C, conflicts.json)
  std::string energy_export;     // "accelergy" or empty (docs/energy.md)
};

struct SweepOptions {
  std::string spec;  // SPEC.json, or with `collect` a sweep directory
  size_t jobs = 1;
  std::string out_dir;          // empty = the spec's "out", else traces/sweeps/<spec name>
  std::optional<size_t> point;  // run only this point (emitted jobs)
  std::string emit_jobs;        // write the jobs file (+ .sbatch) instead of running
  bool collect = false;         // assemble results.csv from the point directories only
  bool force = false;           // re-run finished points too
  std::string plot;             // .svg/.png of results.csv (gnuplot)
  bool slurm = false;           // submit the unfinished points as Slurm arrays and follow them
  std::string slurm_args;       // extra sbatch options for --slurm
  std::string slurm_setup;      // a file of shell lines the job script runs first
  std::string explain;          // a swept key: what it moved and where the time goes
};

struct ReportOptions {
  std::vector<std::string> dirs;
  bool csv = false;
  bool all = false;                // compare: every stat, not only those that differ
  std::vector<std::string> stats;  // compare only stats matching these globs
  size_t top = 15;                 // functions shown (0 = all)
  std::string plot;                // .svg/.png: per-op and per-region cycles, miss breakdown
  double threshold = 10;           // compare: flag same-backend operators that moved more (%)
};

struct TimingCheckOptions {
  std::string config;
  std::vector<std::string> overrides;        // both runs
  std::vector<std::string> model_overrides;  // the model run only (experiments)
  std::vector<std::string> rtl_overrides;    // the RTL run only
  std::string firmware, model, input;        // as `accsim run`
  std::string verilog;  // empty: the config's cpu.verilog, else the shipped VexRiscv_FullCfu.v
  std::string budget = "1%";     // total cycles (and regions, shown)
  std::string op_budget = "3%";  // each op type (and each op, shown)
  bool by_pc = false;            // compare insn traces per function and per pc
  size_t top = 10;               // --by-pc rows shown
  std::string trace_window;      // --by-pc: as `accsim run --trace-window`
  std::optional<uint64_t> trace_limit;
  std::optional<uint64_t> max_cycles;
  std::string out_dir;  // empty = traces/timing-check/<config>-<workload>
  bool force = false;   // re-run runs that finished earlier in --out
};

int run_command(const RunOptions& options, const GlobalOptions& global);
int sweep_command(const SweepOptions& options, const GlobalOptions& global);
int report_command(const ReportOptions& options, const GlobalOptions& global);
int validate_command(const std::vector<std::string>& configs,
                     const std::vector<std::string>& overrides, const GlobalOptions& global);
int list_command(const GlobalOptions& global);
int schema_command(const GlobalOptions& global);
int timing_check_command(const TimingCheckOptions& options, const GlobalOptions& global);

}  // namespace accsim::cli
