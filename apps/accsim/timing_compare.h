// What `accsim timing-check` concludes from a model run and an RTL run of the same workload:
// whether they agree functionally (exit code, console with cycle counts masked, output.bin) and
// the cycles of each side in total, per firmware region, per model operator and per op type,
// with the model's error against the RTL and the budget each row is held to. Plain data in,
// plain data out: the command runs and prints.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace accsim::cli {

// The console lines that may differ only in timing: those that print cycles or counters
// (mcycle, minstret, a table row "  12 |", "calib NAME = CYCLES") get every decimal number
// masked as N and their
// spacing collapsed; accsim's own messages ("accsim: ...") are left out. A line of hex words
// keeps them (a checksum 0x1234 is not a cycle count).
std::vector<std::string> masked_console(const std::string& text);

// What one side left: exit code, console.log's text, output.bin's bytes (nullopt: none).
struct SideOutcome {
  int exit_code = 0;
  std::string console;
  std::optional<std::string> output;
};
// The functional differences between the sides, one sentence each; empty when they agree.
std::vector<std::string> functional_differences(const SideOutcome& model, const SideOutcome& rtl);

struct TimingBudgets {
  double total_percent = 1.0;    // --budget: the total, and each region (shown, not gated)
  double op_type_percent = 3.0;  // --op-budget: each op type (gated) and each op (shown)
};

struct TimingRow {
  std::string kind;  // "total", "region", "op", "op type"
  std::string name;  // "cpu.cycles", the region, "007 conv_2d", "conv_2d"
  double model = 0;
  double rtl = 0;
  double budget_percent = 0;
  bool gated = false;  // whether being over the budget fails the check
  // (model - rtl) / rtl in percent; 0 when both are 0, +/-100 when only the RTL's is 0.
  double error_percent() const;
  bool over() const;
};

// The rows: total (cpu.cycles, gated), every region.*.cycles present on both sides, every
// operator (when both runs have the same operators) and every op type (gated). Throws
// std::runtime_error when a side lacks cpu.cycles.
std::vector<TimingRow> timing_rows(const nlohmann::json& model_stats,
                                   const nlohmann::json& rtl_stats, const TimingBudgets& budgets);

// The figures a firmware prints as "calib NAME = CYCLES" (timing_calib: the calibration kernels
// of docs/timing.md), present on both sides: rows of kind "kernel", gated by the total budget (the
// per-unit quotients, "..._per_...", shown only: their kernel's cycles are gated).
std::vector<TimingRow> console_rows(const std::string& model_console,
                                    const std::string& rtl_console, double budget_percent);

// The gated rows over their budget.
std::vector<const TimingRow*> failing_rows(const std::vector<TimingRow>& rows);

// The table as printed: one line per row, fixed columns, "OVER" beyond the budget
// on the gated rows that fail the check, "over" on the others), section by section.
std::string timing_table(const std::vector<TimingRow>& rows);

// "+1.23%" (two decimals, always signed).
std::string signed_percent_text(double percent);

// Parses "1%", "1", "0.5%" into a percentage; nullopt on anything else (or negative).
std::optional<double> parse_percent(const std::string& text);

nlohmann::ordered_json rows_json(const std::vector<TimingRow>& rows);

}  // namespace accsim::cli
