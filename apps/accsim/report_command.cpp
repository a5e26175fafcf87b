// `accsim report DIR [DIR...]`: one run's summary with its per-function and per-region tables (and
// per-operator ones for a model run), or a side-by-side comparison of several runs; --csv for
// scripts, --plot for a picture.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "commands.h"
#include "csv.h"
#include "exit_codes.h"
#include "pipeline_timing.h"
#include "report_explain.h"
#include "report_model.h"
#include "report_plot.h"
#include "report_text.h"
#include "run_summary.h"
#include "stats.h"
#include "sweep_results.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace accsim::cli {

namespace {

void print_csv(const std::vector<std::vector<std::string>>& rows) {
  for (const auto& row : rows) std::fputs(csv_line(row).c_str(), stdout);
}

Stats to_stats(const json& flat) {
  Stats stats;
  for (const auto& item : flat.items()) {
    const auto& v = item.value();
    if (v.is_number_unsigned()) {
      stats.set(item.key(), v.get<uint64_t>(), "");
    } else if (v.is_number_integer()) {
      stats.set_signed(item.key(), v.get<int64_t>(), "");
    } else if (v.is_number()) {
      stats.set_real(item.key(), v.get<double>(), "");
    } else if (v.is_string()) {
      stats.set_text(item.key(), v.get<std::string>(), "");
    }
  }
  return stats;
}

std::string stat_or(const json& stats, const std::string& name, const std::string& fallback) {
  return stats.contains(name) ? stat_text(stats[name]) : fallback;
}

// The summary's stall breakdown per region and per op type, from the region counters
// <kind>_stall_cycles (Soc::make_region_profiler): too many columns for the tables that list
// every field, so a table of its own, each kind as a share of the row's cycles. "issue" is
// the instructions' own cycle each; the row's shares add up to 100%.
std::string stall_field(const cpu::StallKind& kind) {
  return std::string(kind.name) + "_stall_cycles";
}

bool is_stall_field(const std::string& field) {
  return std::any_of(cpu::kStallKinds.begin(), cpu::kStallKinds.end(),
                     [&](const cpu::StallKind& kind) { return field == stall_field(kind); });
}

std::vector<std::string> stall_header(const std::string& first) {
  std::vector<std::string> header = {first, "cycles", "issue"};
  for (const auto& kind : cpu::kStallKinds) header.emplace_back(kind.name);
  return header;
}

// `get` reads a field of the row (nullopt: absent). Empty when the row has no stall figures
// (a run from before they were recorded).
using FieldReader = std::function<std::optional<double>(const std::string&)>;
std::vector<std::string> stall_row(const std::string& name, const FieldReader& get) {
  if (!get(stall_field(cpu::kStallKinds.front()))) return {};
  const double cycles = get("cycles").value_or(0);
  std::vector<std::string> row = {name, count_text(cycles),
                                  percent_text(get("instructions"), cycles)};
  for (const auto& kind : cpu::kStallKinds)
    row.push_back(percent_text(get(stall_field(kind)), cycles));
  return row;
}

void print_stall_table(const std::string& title, std::vector<std::vector<std::string>> rows) {
  rows.erase(
      std::remove_if(rows.begin() + 1, rows.end(), [](const auto& row) { return row.empty(); }),
      rows.end());
  if (rows.size() < 2) return;
  std::printf("\n%s (share of each row's cycles):\n", title.c_str());
  print_table(rows);
}

// A per-function or per-region table: cycles, share of all cycles, instructions, CPI, then
// every other field the family has, in name order (the stall breakdown in a table of its own).
void print_family(const RunRecord& run, const std::string& title, const std::string& prefix,
                  size_t top) {
  const Table table = group_stats(run.stats, prefix);
  if (table.empty()) return;
  const uint64_t total = run.stats.value("cpu.cycles", uint64_t{0});
  // Runs recorded before the whole breakdown was (only cfu_stall_cycles) keep it in this table.
  const bool stall_table = std::any_of(table.begin(), table.end(), [](const auto& row) {
    return row.second.count(stall_field(cpu::kStallKinds.front())) != 0;
  });
  std::vector<std::string> extra;
  for (const auto& [name, fields] : table) {
    for (const auto& [field, value] : fields) {
      if (field == "cycles" || field == "instructions") continue;
      if (stall_table && is_stall_field(field)) continue;
      if (std::find(extra.begin(), extra.end(), field) == extra.end()) extra.push_back(field);
    }
  }
  std::sort(extra.begin(), extra.end());
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header = {"name", "cycles", "share", "instructions", "CPI"};
  header.insert(header.end(), extra.begin(), extra.end());
  rows.push_back(header);
  auto names = rows_by(table, "cycles");
  if (prefix == "region.") std::sort(names.begin(), names.end(), natural_less);
  const size_t shown = top == 0 ? names.size() : std::min(top, names.size());
  for (size_t i = 0; i < shown; ++i) {
    const auto& fields = table.at(names[i]);
    const auto get = [&](const std::string& f) -> std::optional<json> {
      auto it = fields.find(f);
      if (it == fields.end()) return std::nullopt;
      return it->second;
    };
    const auto cycles = get("cycles"), insns = get("instructions");
    std::string cpi;
    if (as_number(cycles) && as_number(insns) && *as_number(insns) > 0) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.3f", *as_number(cycles) / *as_number(insns));
      cpi = buf;
    }
    std::vector<std::string> row = {names[i], value_text(cycles),
                                    percent_text(as_number(cycles), double(total)),
                                    value_text(insns), cpi};
    for (const auto& f : extra) row.push_back(display_text(get(f)));
    rows.push_back(row);
  }
  std::printf("\n%s", title.c_str());
  if (shown < names.size())
    std::printf(" (top %zu of %zu by cycles; --top 0 for all)", shown, names.size());
  std::printf(":\n");
  print_table(rows);
  std::vector<std::vector<std::string>> stalls = {stall_header("name")};
  for (size_t i = 0; i < shown; ++i) {
    const auto& fields = table.at(names[i]);
    stalls.push_back(stall_row(names[i], [&](const std::string& f) -> std::optional<double> {
      auto it = fields.find(f);
      return it == fields.end() ? std::nullopt : as_number(it->second);
    }));
  }
  print_stall_table(title + ": stall breakdown", std::move(stalls));
}

// ---- Model runs: one row per operator (op.<NNN>.<opname>.*) ----

// The per-operator table: these columns first (the text shows only them), in this order.
const std::vector<std::string> kOpColumns = {
    "index",          "op",    "output_shape",  "backend",      "kernel", "macs", "cycles",
    "cycles_per_mac", "share", "icache_misses", "dcache_misses"};
const std::vector<std::string> kOpHeadings = {"#",      "op",        "output shape", "backend",
                                              "kernel", "MACs",      "cycles",       "cycles/MAC",
                                              "share",  "I$ misses", "D$ misses"};
constexpr size_t kOpTextColumns = 5;  // index..kernel are left-aligned

// Fields the table does not show as columns of its own: the CSV appends them (name order), so
// stalls, entries and whatever later runs add (backend, accelerator figures) reach scripts.
std::vector<std::string> other_op_fields(const std::vector<OpRecord>& ops) {
  std::set<std::string> fields;
  for (const auto& op : ops) {
    for (const auto& item : op.fields) {
      if (std::find(kOpColumns.begin(), kOpColumns.end(), item.first) == kOpColumns.end()) {
        fields.insert(item.first);
      }
    }
  }
  return {fields.begin(), fields.end()};
}

std::vector<std::string> op_row(const OpRecord& op, double total_cycles,
                                const std::vector<std::string>& others, bool csv) {
  const auto cell = [&](const std::string& field) { return cell_text(op.value(field), csv); };
  std::vector<std::string> row = {op.number_text,
                                  op.op,
                                  cell("output_shape"),
                                  cell("backend"),
                                  cell("kernel"),
                                  cell("macs"),
                                  cell("cycles"),
                                  quotient_text(op.number("cycles"), op.number("macs"), 2),
                                  percent_text(op.number("cycles"), total_cycles),
                                  cell("icache_misses"),
                                  cell("dcache_misses")};
  for (const auto& field : others) row.push_back(cell(field));
  return row;
}

std::vector<std::string> op_total_row(const std::vector<OpRecord>& ops) {
  const double cycles = ops_total(ops, "cycles"), macs = ops_total(ops, "macs");
  return {"total",
          std::to_string(ops.size()) + " ops",
          "",
          "",
          "",
          count_text(macs),
          count_text(cycles),
          quotient_text(cycles, macs, 2),
          percent_text(cycles, cycles),
          count_text(ops_total(ops, "icache_misses")),
          count_text(ops_total(ops, "dcache_misses"))};
}

// The accelerators' own figures, shown as text columns when a run has the accelerator: field,
// heading, and the field whose presence says so. The CPU counts CFU stalls on every SoC, so that
// column comes with the CFU's own figures (the mnv2 CFU's, the one the interpreter drives).
struct AcceleratorColumn {
  std::string field, heading, shown_with;
};
const std::vector<AcceleratorColumn> kAcceleratorColumns = {
    {"cfu_busy_cycles", "CFU busy", "cfu_busy_cycles"},
    {"cfu_stall_cycles", "CFU stall", "cfu_busy_cycles"},
    {"vta_busy_cycles", "VTA busy", "vta_busy_cycles"},
    {"vta_dma_bytes", "VTA DMA B", "vta_dma_bytes"},
    {"energy_pj", "energy pJ", "energy_pj"}};

std::vector<std::string> accelerator_fields(const std::vector<OpRecord>& ops,
                                            std::vector<std::string>* headings) {
  std::vector<std::string> fields;
  for (const auto& column : kAcceleratorColumns) {
    const bool present = std::any_of(ops.begin(), ops.end(), [&](const OpRecord& op) {
      return op.fields.count(column.shown_with) != 0;
    });
    if (!present) continue;
    fields.push_back(column.field);
    headings->push_back(column.heading);
  }
  return fields;
}

// Header row, one row per operator in graph order, then the total.
std::vector<std::vector<std::string>> op_table(const std::vector<OpRecord>& ops, bool csv) {
  std::vector<std::string> header = csv ? kOpColumns : kOpHeadings;
  std::vector<std::string> accelerator_headings;
  const auto others = csv ? other_op_fields(ops) : accelerator_fields(ops, &accelerator_headings);
  if (csv) {
    header.insert(header.end(), others.begin(), others.end());
  } else {
    header.insert(header.end(), accelerator_headings.begin(), accelerator_headings.end());
  }
  std::vector<std::vector<std::string>> rows = {header};
  const double total_cycles = ops_total(ops, "cycles");
  for (const auto& op : ops) rows.push_back(op_row(op, total_cycles, others, csv));
  rows.push_back(op_total_row(ops));
  rows.back().resize(header.size());  // empty cells under the other fields: a rectangular CSV
  return rows;
}

// Where the cycles went by kind of operator, the architect's first question ("how much is
// depthwise?").
std::vector<std::vector<std::string>> op_type_table(const std::vector<OpRecord>& ops) {
  std::vector<std::vector<std::string>> rows = {
      {"op", "count", "cycles", "share", "MACs", "MACs/cycle"}};
  // The energy of each type and its share of the operators' (docs/energy.md), when recorded.
  const bool energy = std::any_of(
      ops.begin(), ops.end(), [](const OpRecord& op) { return op.fields.count("energy_pj") != 0; });
  if (energy) rows[0].insert(rows[0].end(), {"energy pJ", "energy share", "pJ/MAC"});
  const double total_cycles = ops_total(ops, "cycles");
  const double total_energy = ops_total(ops, "energy_pj");
  for (const auto& type : totals_by_type(ops)) {
    rows.push_back({type.op, std::to_string(type.count), count_text(type.cycles),
                    percent_text(type.cycles, total_cycles), count_text(type.macs),
                    type.macs == 0 ? "" : quotient_text(type.macs, type.cycles, 2)});
    if (!energy) continue;
    double pj = 0;
    for (const auto& op : ops) {
      if (op.op == type.op) pj += op.number("energy_pj").value_or(0);
    }
    rows.back().insert(rows.back().end(), {display_text(json(pj)), percent_text(pj, total_energy),
                                           type.macs == 0 ? "" : quotient_text(pj, type.macs, 2)});
  }
  return rows;
}

// Energy per component (energy.<component>.{dynamic,leakage,total}_pj, docs/energy.md), most
// first, and the total; empty for a run without an energy model.
std::vector<std::vector<std::string>> energy_component_table(const json& stats) {
  std::vector<std::pair<double, std::string>> parts;
  const std::string suffix = ".total_pj";
  for (const auto& item : stats.items()) {
    const std::string& name = item.key();
    if (name.rfind("energy.", 0) != 0 || name.size() <= 7 + suffix.size() ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0) {
      continue;
    }
    parts.emplace_back(item.value().get<double>(), name.substr(7, name.size() - 7 - suffix.size()));
  }
  if (parts.empty() || !stats.contains("energy.total_pj")) return {};
  std::sort(parts.begin(), parts.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  const double total = stats["energy.total_pj"].get<double>();
  std::vector<std::vector<std::string>> rows = {
      {"component", "dynamic pJ", "leakage pJ", "total pJ", "share"}};
  for (const auto& [pj, component] : parts) {
    const std::string p = "energy." + component + ".";
    rows.push_back({component, display_text(stats.value(p + "dynamic_pj", json())),
                    display_text(stats.value(p + "leakage_pj", json())), display_text(json(pj)),
                    percent_text(pj, total)});
  }
  rows.push_back({"total", display_text(stats.value("energy.dynamic_pj", json())),
                  display_text(stats.value("energy.leakage_pj", json())), display_text(json(total)),
                  percent_text(total, total)});
  return rows;
}

void print_energy(const RunRecord& run, const std::vector<OpRecord>& ops) {
  const json& s = run.stats;
  const auto rows = energy_component_table(s);
  if (rows.empty()) return;
  std::printf("\nEnergy by component (table %s):\n", stat_or(s, "energy.table", "?").c_str());
  print_table(rows);
  if (ops.empty()) return;
  // The operators' energy against the run's: what is left was spent outside them (start-up,
  // the interpreter between operators), so operators + outside = the total.
  const double total = s["energy.total_pj"].get<double>();
  const double in_ops = ops_total(ops, "energy_pj");
  std::printf("  operators %s pJ (%s) + outside operators %s pJ = total %s pJ\n",
              display_text(json(in_ops)).c_str(), percent_text(in_ops, total).c_str(),
              display_text(json(total - in_ops)).c_str(), display_text(json(total)).c_str());
}

// The stall breakdown of each op type (summed over its operators), most cycles first.
std::vector<std::vector<std::string>> op_type_stall_table(const std::vector<OpRecord>& ops) {
  std::vector<std::vector<std::string>> rows = {stall_header("op")};
  for (const auto& type : totals_by_type(ops)) {
    rows.push_back(stall_row(type.op, [&](const std::string& field) -> std::optional<double> {
      std::optional<double> sum;
      for (const auto& op : ops) {
        if (op.op != type.op) continue;
        if (const auto v = op.number(field)) sum = sum.value_or(0) + *v;
      }
      return sum;
    }));
  }
  return rows;
}

void print_model(const RunRecord& run, const std::vector<OpRecord>& ops) {
  const json& s = run.stats;
  std::printf("\nOperators (model %s: %s operators, %s MACs, arena %s bytes):\n",
              stat_or(s, "model.file", "?").c_str(),
              stat_or(s, "model.operators", std::to_string(ops.size())).c_str(),
              stat_or(s, "model.macs", "?").c_str(), stat_or(s, "model.arena_bytes", "?").c_str());
  print_table(op_table(ops, false), kOpTextColumns);
  // The operators' own cycles against the whole invoke: what is left is spent between them
  // (the interpreter's dispatch), which no operator row shows.
  const auto invoke =
      s.contains("region.invoke.cycles") ? as_number(s["region.invoke.cycles"]) : std::nullopt;
  if (invoke) {
    std::printf("  (operators: %s of region.invoke's %s cycles)\n",
                percent_text(ops_total(ops, "cycles"), *invoke).c_str(),
                count_text(*invoke).c_str());
  }
  std::printf("\nBy op type:\n");
  print_table(op_type_table(ops));
  print_stall_table("Stalls by op type", op_type_stall_table(ops));
  const auto classes = miss_class_table(ops);
  if (!classes.empty()) {
    std::printf("\nMisses by class (3C) per operator, and the stall cycles of conflict misses:\n");
    print_table(classes, 2);
  }
  print_conflicts(run, ops, /*min_share=*/0.05);
}

void print_one(const RunRecord& run, size_t top) {
  const json& s = run.stats;
  std::printf("run %s: config %s, firmware %s, %s (exit code %s)\n", run.dir.c_str(),
              stat_or(s, "run.config", "?").c_str(), stat_or(s, "run.firmware", "?").c_str(),
              stat_or(s, "run.outcome", "?").c_str(), stat_or(s, "run.exit_code", "?").c_str());
  const json host = {{"host_seconds", s.value("host.seconds", 0.0)},
                     {"simulated_mips", s.value("host.simulated_mips", 0.0)},
                     {"simulated_mhz", s.value("host.simulated_mhz", 0.0)}};
  try {
    print_run_summary(stdout, to_stats(s), host, run.dir.string());
  } catch (const std::exception& e) {
    std::printf("  (no summary: %s)\n", e.what());
  }
  print_family(run, "Regions", "region.", 0);
  print_region_conflicts(run, /*min_share=*/0.05);
  print_family(run, "Functions", "cpu.function.", top);
  const auto ops = model_ops(s);
  if (!ops.empty()) print_model(run, ops);
  print_energy(run, ops);
}

// Energy side by side (below): cycles, energy, power, EDP and each component's energy.
void print_energy_compare(const std::vector<RunRecord>& runs,
                          const std::vector<std::string>& labels);

void print_compare(const std::vector<RunRecord>& runs, const std::vector<CompareRow>& rows,
                   bool csv) {
  std::vector<std::string> labels = short_labels(runs);
  if (csv) {
    for (size_t r = 0; r < runs.size(); ++r) labels[r] = runs[r].label;
  }
  const auto cell = [&](const std::optional<json>& v) { return cell_text(v, csv); };
  std::vector<std::string> header = {"stat", labels[0]};
  for (size_t r = 1; r < runs.size(); ++r) {
    header.push_back(labels[r]);
    header.push_back(csv ? "delta:" + labels[r] : "delta");
    header.push_back(csv ? "ratio:" + labels[r] : "ratio");
  }
  std::vector<std::vector<std::string>> table = {header};
  for (const auto& row : rows) {
    std::vector<std::string> line = {row.name, cell(row.values[0])};
    for (size_t r = 1; r < runs.size(); ++r) {
      line.push_back(cell(row.values[r]));
      line.push_back(delta_text(row.values[0], row.values[r]));
      line.push_back(ratio_text(row.values[0], row.values[r]));
    }
    table.push_back(line);
  }
  if (csv) {
    print_csv(table);
    return;
  }
  for (size_t r = 0; r < runs.size(); ++r) {
    std::printf("%s = %s\n", labels[r].c_str(), runs[r].dir.c_str());
  }
  if (runs.size() > 1) {
    std::printf("\n");
    print_config_differences(runs, labels);
  }
  if (rows.empty()) {
    std::printf("no statistic differs\n");
    return;
  }
  std::printf("%zu statistics differ (delta and ratio against %s):\n", rows.size(),
              labels[0].c_str());
  print_table(table, 1, "");
  print_energy_compare(runs, labels);
}

// ---- Comparing energy: cycles, energy, power and EDP, then each component's energy ----

void print_energy_compare(const std::vector<RunRecord>& runs,
                          const std::vector<std::string>& labels) {
  if (std::none_of(runs.begin(), runs.end(),
                   [](const RunRecord& r) { return r.stats.contains("energy.total_pj"); })) {
    return;
  }
  const auto value = [](const RunRecord& run, const std::string& name) -> std::optional<json> {
    if (!run.stats.contains(name)) return std::nullopt;
    return run.stats[name];
  };
  std::vector<std::string> header = {"energy", labels[0]};
  for (size_t r = 1; r < runs.size(); ++r) {
    header.push_back(labels[r]);
    header.push_back("ratio");
  }
  std::vector<std::vector<std::string>> table = {header};
  const auto add_row = [&](const std::string& heading, const std::string& name) {
    std::vector<std::string> line = {heading, cell_text(value(runs[0], name), false)};
    for (size_t r = 1; r < runs.size(); ++r) {
      line.push_back(cell_text(value(runs[r], name), false));
      line.push_back(ratio_text(value(runs[0], name), value(runs[r], name)));
    }
    table.push_back(line);
  };
  add_row("cycles", "cpu.cycles");
  add_row("total pJ", "energy.total_pj");
  add_row("average mW", "energy.average_power_mw");
  add_row("EDP uJ*ms", "energy.edp_uj_ms");
  // Every component any run has, in the first energy-bearing run's order (most energy first).
  std::vector<std::string> components;
  for (const auto& run : runs) {
    const auto rows = energy_component_table(run.stats);
    for (size_t i = 1; i + 1 < rows.size(); ++i) {
      if (std::find(components.begin(), components.end(), rows[i][0]) == components.end()) {
        components.push_back(rows[i][0]);
      }
    }
  }
  for (const auto& c : components) add_row(c + " pJ", "energy." + c + ".total_pj");
  std::printf("\nEnergy (ratio against %s):\n", labels[0].c_str());
  print_table(table);
}

// ---- Comparing model runs: operators lined up by index ----

bool is_op_stat(const std::string& name) { return name.compare(0, 3, "op.") == 0; }

bool any_model_run(const std::vector<RunRecord>& runs) {
  return std::any_of(runs.begin(), runs.end(),
                     [](const RunRecord& run) { return !model_ops(run.stats).empty(); });
}

// Every run's operators when all of them ran the same model (the same op at every index); empty
// otherwise, as per-op rows only line up then.
std::vector<std::vector<OpRecord>> comparable_ops(const std::vector<RunRecord>& runs) {
  std::vector<std::vector<OpRecord>> ops;
  for (const auto& run : runs) {
    ops.push_back(model_ops(run.stats));
    if (ops.back().empty() || !same_operators(ops.front(), ops.back())) return {};
  }
  return ops;
}

// One cycles column per run, then each later run's speedup over the first (first / later).
void append_cycles_and_speedups(std::vector<std::string>& row,
                                const std::vector<std::optional<double>>& cycles) {
  for (const auto& c : cycles) row.push_back(c ? count_text(*c) : "-");
  for (size_t r = 1; r < cycles.size(); ++r) row.push_back(quotient_text(cycles[0], cycles[r], 2));
}

std::vector<std::string> cycles_header(std::vector<std::string> row,
                                       const std::vector<std::string>& labels, bool csv) {
  for (const auto& label : labels) row.push_back(csv ? "cycles:" + label : label);
  for (size_t r = 1; r < labels.size(); ++r) {
    row.push_back(csv                 ? "speedup:" + labels[r]
                  : labels.size() > 2 ? "speedup:" + labels[r]
                                      : "speedup");
  }
  return row;
}

// Where operator `i` ran in each run: the text has one cell, the backend when every run agrees
// ("cfu") else the runs' in order ("cpu → cfu"), "-" for a run that did not record it; the CSV
// one cell per run.
void append_backends(std::vector<std::string>& row, const std::vector<std::vector<OpRecord>>& ops,
                     size_t i, bool csv) {
  std::vector<std::string> backends;
  for (const auto& run_ops : ops) backends.push_back(cell_text(run_ops[i].value("backend"), csv));
  if (csv) {
    row.insert(row.end(), backends.begin(), backends.end());
  } else if (std::adjacent_find(backends.begin(), backends.end(), std::not_equal_to<>()) ==
             backends.end()) {
    row.push_back(backends[0]);
  } else {
    row.push_back(arrow_joined(backends));
  }
}

std::vector<std::vector<std::string>> op_compare_table(
    const std::vector<std::vector<OpRecord>>& ops, const std::vector<std::string>& labels,
    bool csv) {
  std::vector<std::string> header =
      csv ? std::vector<std::string>{"index", "op"} : std::vector<std::string>{"#", "op"};
  if (csv) {
    for (const auto& label : labels) header.push_back("backend:" + label);
  } else {
    header.push_back("backend");
  }
  std::vector<std::vector<std::string>> rows = {cycles_header(header, labels, csv)};
  for (size_t i = 0; i < ops[0].size(); ++i) {
    std::vector<std::string> row = {ops[0][i].number_text, ops[0][i].op};
    append_backends(row, ops, i, csv);
    std::vector<std::optional<double>> cycles;
    for (const auto& run_ops : ops) cycles.push_back(run_ops[i].number("cycles"));
    append_cycles_and_speedups(row, cycles);
    rows.push_back(row);
  }
  std::vector<std::string> total = {"total", std::to_string(ops[0].size()) + " ops"};
  total.resize(rows[0].size() - 2 * labels.size() + 1);  // empty backend cells
  std::vector<std::optional<double>> cycles;
  for (const auto& run_ops : ops) cycles.push_back(ops_total(run_ops, "cycles"));
  append_cycles_and_speedups(total, cycles);
  rows.push_back(total);
  return rows;
}

// By-type totals per run, in the first run's order (most cycles first).
std::vector<std::vector<std::string>> op_type_compare_table(
    const std::vector<std::vector<OpRecord>>& ops, const std::vector<std::string>& labels) {
  std::vector<std::vector<OpTypeTotal>> totals;
  for (const auto& run_ops : ops) totals.push_back(totals_by_type(run_ops));
  std::vector<std::vector<std::string>> rows = {cycles_header({"op", "count"}, labels, false)};
  for (const auto& type : totals[0]) {
    std::vector<std::string> row = {type.op, std::to_string(type.count)};
    std::vector<std::optional<double>> cycles;
    // The runs have the same operators, so every run has every type.
    for (const auto& run_totals : totals) {
      for (const auto& t : run_totals) {
        if (t.op == type.op) cycles.push_back(t.cycles);
      }
    }
    append_cycles_and_speedups(row, cycles);
    rows.push_back(row);
  }
  return rows;
}

void print_op_compare(const std::vector<std::vector<OpRecord>>& ops,
                      const std::vector<std::string>& labels) {
  std::printf("\nOperator cycles (speedup = %s cycles / the run's cycles):\n", labels[0].c_str());
  print_table(op_compare_table(ops, labels, false), 3);
  std::printf("\nBy op type:\n");
  print_table(op_type_compare_table(ops, labels));
}

// Cycles per operator of the first run's model, bars in graph order labelled "NNN opname", one
// series per run (a run without that operator leaves a gap).
PlotPanel op_cycles_panel(const std::vector<RunRecord>& runs) {
  PlotPanel panel;
  panel.title = "cycles per operator";
  panel.xlabel = "operator";
  panel.ylabel = "cycles";
  panel.series = short_labels(runs);
  for (const auto& op : model_ops(runs[0].stats)) {
    panel.categories.push_back(op.label());
    std::vector<std::optional<double>> row;
    for (const auto& run : runs) {
      const std::string key = op.stat_name("cycles");
      row.push_back(run.stats.contains(key) ? as_number(run.stats[key]) : std::nullopt);
    }
    panel.y.push_back(row);
  }
  return panel;
}

// The names of a "<prefix><name>.cycles" family over all runs, so that a name only a later run
// has still gets its bars.
std::vector<std::string> family_names(const std::vector<RunRecord>& runs,
                                      const std::string& prefix) {
  std::set<std::string> names;
  for (const auto& run : runs) {
    for (const auto& entry : group_stats(run.stats, prefix)) names.insert(entry.first);
  }
  return {names.begin(), names.end()};
}

// One bar per run for each name of the family: cycles per region in natural order, or, when no
// run has regions, the functions among the top `top` by cycles of any run.
PlotPanel cycles_panel(const std::vector<RunRecord>& runs, size_t top) {
  bool any_region = false;
  for (const auto& run : runs) any_region |= !group_stats(run.stats, "region.").empty();
  const std::string prefix = any_region ? "region." : "cpu.function.";
  PlotPanel panel;
  panel.title = any_region ? "cycles per region" : "cycles of the top functions";
  panel.xlabel = any_region ? "region" : "function";
  panel.ylabel = "cycles";
  panel.series = short_labels(runs);
  std::vector<std::string> names;
  if (any_region) {
    names = family_names(runs, prefix);
    std::sort(names.begin(), names.end(), natural_less);
  } else {
    for (const auto& run : runs) {
      auto top_names = rows_by(group_stats(run.stats, prefix), "cycles");
      top_names.resize(std::min(top_names.size(), std::max<size_t>(top, 1)));
      for (const auto& name : top_names) {
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
      }
    }
  }
  for (const auto& name : names) {
    panel.categories.push_back(name);
    std::vector<std::optional<double>> row;
    for (const auto& run : runs) {
      const std::string key = prefix + name + ".cycles";
      row.push_back(run.stats.contains(key) ? as_number(run.stats[key]) : std::nullopt);
    }
    panel.y.push_back(row);
  }
  return panel;
}

// One cache's misses, a bar group per run, split into compulsory/capacity/conflict when any run
// classified them. Each cache has its own panel: the I$ usually misses a hundred times less
// than the D$, and its bars vanished on a shared axis.
PlotPanel cache_misses_panel(const std::vector<RunRecord>& runs, const std::string& cache,
                             const std::string& title) {
  const std::string prefix = "cache." + cache + ".misses";
  bool classified = false;
  for (const auto& run : runs) classified |= run.stats.contains(prefix + ".compulsory");
  PlotPanel panel;
  panel.title = title + (classified ? " (3C split)" : "");
  panel.xlabel = "run";
  panel.ylabel = "misses";
  panel.series = classified ? std::vector<std::string>{"compulsory", "capacity", "conflict"}
                            : std::vector<std::string>{"misses"};
  const auto labels = short_labels(runs);
  for (size_t r = 0; r < runs.size(); ++r) {
    if (!runs[r].stats.contains(prefix)) continue;
    panel.categories.push_back(labels[r]);
    std::vector<std::optional<double>> row;
    for (const auto& kind : panel.series) {
      const std::string key = classified ? prefix + "." + kind : prefix;
      row.push_back(runs[r].stats.contains(key) ? as_number(runs[r].stats[key]) : std::nullopt);
    }
    panel.y.push_back(row);
  }
  return panel;
}

// The energy breakdown: each component's energy (energy.<component>.total_pj), a bar per run.
PlotPanel energy_panel(const std::vector<RunRecord>& runs) {
  PlotPanel panel;
  panel.title = "energy by component";
  panel.xlabel = "component";
  panel.ylabel = "energy (pJ)";
  panel.series = short_labels(runs);
  for (const auto& run : runs) {
    const auto rows = energy_component_table(run.stats);
    for (size_t i = 1; i + 1 < rows.size(); ++i) {
      if (std::find(panel.categories.begin(), panel.categories.end(), rows[i][0]) ==
          panel.categories.end()) {
        panel.categories.push_back(rows[i][0]);
      }
    }
  }
  for (const auto& component : panel.categories) {
    std::vector<std::optional<double>> row;
    for (const auto& run : runs) {
      const std::string key = "energy." + component + ".total_pj";
      row.push_back(run.stats.contains(key) ? as_number(run.stats[key]) : std::nullopt);
    }
    panel.y.push_back(row);
  }
  return panel;
}

// Energy per operator of the first run's model (op.NNN.*.energy_pj), a bar per run.
PlotPanel op_energy_panel(const std::vector<RunRecord>& runs) {
  PlotPanel panel;
  panel.title = "energy per operator";
  panel.xlabel = "operator";
  panel.ylabel = "energy (pJ)";
  panel.series = short_labels(runs);
  for (const auto& op : model_ops(runs[0].stats)) {
    if (!op.number("energy_pj")) continue;
    panel.categories.push_back(op.label());
    std::vector<std::optional<double>> row;
    for (const auto& run : runs) {
      const std::string key = op.stat_name("energy_pj");
      row.push_back(run.stats.contains(key) ? as_number(run.stats[key]) : std::nullopt);
    }
    panel.y.push_back(row);
  }
  return panel;
}

// Cycles per operator (model runs), per region (or the top functions when there are no
// regions), I$ and D$ misses, energy per component and per operator: every run in every panel.
std::vector<PlotPanel> report_panels(const std::vector<RunRecord>& runs, size_t top) {
  std::vector<PlotPanel> panels = {op_cycles_panel(runs),
                                   cycles_panel(runs, top),
                                   cache_misses_panel(runs, "icache", "I$ misses"),
                                   cache_misses_panel(runs, "dcache", "D$ misses"),
                                   energy_panel(runs),
                                   op_energy_panel(runs)};
  panels.erase(std::remove_if(panels.begin(), panels.end(),
                              [](const PlotPanel& panel) { return panel.categories.empty(); }),
               panels.end());
  return panels;
}

}  // namespace

int report_command(const ReportOptions& options, const GlobalOptions& global) {
  for (const auto& pattern : options.stats) {
    const std::string problem = glob_problem(pattern);
    if (problem.empty()) continue;
    std::fprintf(stderr, "report: --stats \"%s\": %s\n", pattern.c_str(), problem.c_str());
    return kExitUsageError;
  }
  std::vector<RunRecord> runs;
  try {
    for (const auto& dir : options.dirs) runs.push_back(load_run(dir));
  } catch (const ReportError& e) {
    std::fprintf(stderr, "report: %s\n", e.what());
    return kExitUsageError;
  }
  label_runs(runs);
  // A valid pattern that names no stat (a typo) would otherwise just leave the table short.
  for (const auto& pattern : options.stats) {
    bool matches = false;
    for (const auto& run : runs) {
      for (const auto& item : run.stats.items()) matches |= glob_match(pattern, item.key());
    }
    if (!matches) {
      std::fprintf(stderr, "report: warning: --stats \"%s\" matches no stat of these runs\n",
                   pattern.c_str());
    }
  }
  // The op tables (per operator, by type) stand for the op.* stats unless --stats or --all
  // ask for the stat list itself.
  const bool op_tables = options.stats.empty() && !options.all;
  if (runs.size() == 1 && op_tables) {
    const auto ops = model_ops(runs[0].stats);
    if (options.csv && !ops.empty()) {
      print_csv(op_table(ops, true));
    } else if (options.csv) {
      std::fputs(csv_line({"stat", "value"}).c_str(), stdout);
      for (const auto& item : runs[0].stats.items()) {
        std::fputs(csv_line({item.key(), stat_text(item.value())}).c_str(), stdout);
      }
    } else {
      print_one(runs[0], options.top);
    }
  } else if (runs.size() > 1 && !options.csv && options.stats.empty()) {
    // Top-down: totals, configuration, operators with causes, then the other statistics.
    const auto ops = comparable_ops(runs);
    auto rows = compare_runs(runs, options.all, {});
    if (!ops.empty()) {
      rows.erase(std::remove_if(rows.begin(), rows.end(),
                                [](const CompareRow& row) { return is_op_stat(row.name); }),
                 rows.end());
    }
    ExplainOptions explain;
    explain.threshold = options.threshold / 100;
    explain.max_stats = options.all ? 0 : explain.max_stats;
    print_explained_compare(runs, ops, rows, explain, [&] {
      std::printf("\nBy op type:\n");
      print_table(op_type_compare_table(ops, short_labels(runs)));
    });
    if (ops.empty() && any_model_run(runs)) {
      std::printf("\n(operators not compared: the runs did not all run the same model)\n");
    }
  } else {
    const auto ops = op_tables ? comparable_ops(runs) : std::vector<std::vector<OpRecord>>{};
    auto rows = compare_runs(runs, options.all || runs.size() == 1, options.stats);
    if (!ops.empty()) {
      rows.erase(std::remove_if(rows.begin(), rows.end(),
                                [](const CompareRow& row) { return is_op_stat(row.name); }),
                 rows.end());
    }
    if (options.csv && !ops.empty()) {
      std::vector<std::string> labels;
      for (const auto& run : runs) labels.push_back(run.label);
      print_csv(op_compare_table(ops, labels, true));
    } else {
      print_compare(runs, rows, options.csv);
      if (!options.csv && !ops.empty()) print_op_compare(ops, short_labels(runs));
      if (!options.csv && ops.empty() && op_tables && any_model_run(runs)) {
        std::printf("\n(operators not compared: the runs did not all run the same model)\n");
      }
    }
  }
  if (!options.plot.empty()) {
    const std::string problem = render_plot(report_panels(runs, options.top), options.plot);
    if (!problem.empty()) {
      // The tables are printed, but the picture asked for is not there: say so in the status.
      std::fprintf(stderr, "report: no plot: %s\n", problem.c_str());
      return kExitUsageError;
    }
    if (!global.quiet) std::fprintf(stderr, "report: plot in %s\n", options.plot.c_str());
  }
  return kExitOk;
}

}  // namespace accsim::cli
