// `accsim report DIR [DIR...]`: one run's summary with its per-function and per-region tables,
// or a side-by-side comparison of several runs; --csv for scripts, --plot for a picture.
#include <cstdio>
#include <string>
#include <vector>

#include "commands.h"
#include "csv.h"
#include "exit_codes.h"
#include "report_model.h"
#include "report_plot.h"
#include "run_summary.h"
#include "stats.h"
#include "sweep_results.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace accsim::cli {

namespace {

// Columns padded to their widest cell; the first left-aligned, the rest right-aligned.
void print_table(const std::vector<std::vector<std::string>>& rows, const char* indent = "  ") {
  std::vector<size_t> width;
  for (const auto& row : rows) {
    if (width.size() < row.size()) width.resize(row.size(), 0);
    for (size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
  }
  for (const auto& row : rows) {
    std::string line = indent;
    for (size_t i = 0; i < row.size(); ++i) {
      const std::string pad(width[i] - row[i].size(), ' ');
      line += i == 0 ? row[i] + pad : "  " + pad + row[i];
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    std::printf("%s\n", line.c_str());
  }
}

std::string percent_text(const json& part, uint64_t whole) {
  if (!part.is_number() || whole == 0) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * part.get<double>() / double(whole));
  return buf;
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

// Reals to 6 significant digits for people; the CSV keeps JSON's exact text.
std::string display_text(const std::optional<json>& value) {
  if (value && value->is_number_float()) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.6g", value->get<double>());
    return buf;
  }
  return value_text(value);
}

// Column headings and legend names: the directory names when short, else #1, #2, ... (the
// text output lists which directory each is).
std::vector<std::string> short_labels(const std::vector<RunRecord>& runs) {
  std::vector<std::string> labels;
  bool long_name = false;
  for (const auto& run : runs) long_name |= run.label.size() > 20;
  for (size_t r = 0; r < runs.size(); ++r) {
    labels.push_back(long_name ? "#" + std::to_string(r + 1) : runs[r].label);
  }
  return labels;
}

std::string stat_or(const json& stats, const std::string& name, const std::string& fallback) {
  return stats.contains(name) ? stat_text(stats[name]) : fallback;
}

// A per-function or per-region table: cycles, share of all cycles, instructions, CPI, then
// every other field the family has, in name order.
void print_family(const RunRecord& run, const std::string& title, const std::string& prefix,
                  size_t top) {
  const Table table = group_stats(run.stats, prefix);
  if (table.empty()) return;
  const uint64_t total = run.stats.value("cpu.cycles", uint64_t{0});
  std::vector<std::string> extra;
  for (const auto& [name, fields] : table) {
    for (const auto& [field, value] : fields) {
      if (field == "cycles" || field == "instructions") continue;
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
                                    cycles ? percent_text(*cycles, total) : "", value_text(insns),
                                    cpi};
    for (const auto& f : extra) row.push_back(display_text(get(f)));
    rows.push_back(row);
  }
  std::printf("\n%s", title.c_str());
  if (shown < names.size())
    std::printf(" (top %zu of %zu by cycles; --top 0 for all)", shown, names.size());
  std::printf(":\n");
  print_table(rows);
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
  print_family(run, "Functions", "cpu.function.", top);
}

void print_compare(const std::vector<RunRecord>& runs, const std::vector<CompareRow>& rows,
                   bool csv) {
  std::vector<std::string> labels = short_labels(runs);
  if (csv) {
    for (size_t r = 0; r < runs.size(); ++r) labels[r] = runs[r].label;
  }
  const auto cell = [&](const std::optional<json>& v) {
    if (csv) return v ? value_text(v) : std::string();
    return display_text(v);
  };
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
    for (const auto& line : table) std::fputs(csv_line(line).c_str(), stdout);
    return;
  }
  for (size_t r = 0; r < runs.size(); ++r) {
    std::printf("%s = %s\n", labels[r].c_str(), runs[r].dir.c_str());
  }
  if (rows.empty()) {
    std::printf("no statistic differs\n");
    return;
  }
  std::printf("%zu statistics differ (delta and ratio against %s):\n", rows.size(),
              labels[0].c_str());
  print_table(table, "");
}

// Per-region cycles (or the top functions when there are no regions) and the cache miss
// breakdown, one series per run.
std::vector<PlotPanel> report_panels(const std::vector<RunRecord>& runs, size_t top) {
  std::vector<PlotPanel> panels;
  PlotPanel cycles;
  cycles.ylabel = "cycles";
  std::string prefix = "region.";
  bool any_region = false;
  for (const auto& run : runs) any_region |= !group_stats(run.stats, prefix).empty();
  if (!any_region) prefix = "cpu.function.";
  cycles.title = any_region ? "cycles per region" : "cycles of the top functions";
  cycles.xlabel = any_region ? "region" : "function";
  auto names = rows_by(group_stats(runs[0].stats, prefix), "cycles");
  if (any_region) {
    std::sort(names.begin(), names.end(), natural_less);
  } else if (names.size() > std::max<size_t>(top, 1)) {
    names.resize(std::max<size_t>(top, 1));
  }
  const auto labels = short_labels(runs);
  cycles.series = labels;
  for (const auto& name : names) {
    cycles.categories.push_back(name);
    std::vector<std::optional<double>> row;
    for (const auto& run : runs) {
      const std::string key = prefix + name + ".cycles";
      row.push_back(run.stats.contains(key) ? as_number(run.stats[key]) : std::nullopt);
    }
    cycles.y.push_back(row);
  }
  if (!cycles.categories.empty()) panels.push_back(cycles);

  PlotPanel misses;
  misses.title = "cache misses (3C split where classified)";
  misses.xlabel = "cache, run";
  misses.ylabel = "misses";
  bool classified = false;
  for (const auto& run : runs) classified |= run.stats.contains("cache.dcache.misses.compulsory");
  misses.series = classified ? std::vector<std::string>{"compulsory", "capacity", "conflict"}
                             : std::vector<std::string>{"misses"};
  for (const char* cache : {"icache", "dcache"}) {
    for (size_t r = 0; r < runs.size(); ++r) {
      const RunRecord& run = runs[r];
      const std::string p = std::string("cache.") + cache + ".misses";
      if (!run.stats.contains(p)) continue;
      misses.categories.push_back(runs.size() > 1 ? std::string(cache) + " " + labels[r] : cache);
      std::vector<std::optional<double>> row;
      for (const auto& kind : misses.series) {
        const std::string key = classified ? p + "." + kind : p;
        row.push_back(run.stats.contains(key) ? as_number(run.stats[key]) : std::nullopt);
      }
      misses.y.push_back(row);
    }
  }
  if (!misses.categories.empty()) panels.push_back(misses);
  return panels;
}

}  // namespace

int report_command(const ReportOptions& options, const GlobalOptions& global) {
  std::vector<RunRecord> runs;
  try {
    for (const auto& dir : options.dirs) runs.push_back(load_run(dir));
  } catch (const ReportError& e) {
    std::fprintf(stderr, "report: %s\n", e.what());
    return kExitUsageError;
  }
  label_runs(runs);
  if (runs.size() == 1 && options.stats.empty() && !options.all) {
    if (options.csv) {
      std::fputs(csv_line({"stat", "value"}).c_str(), stdout);
      for (const auto& item : runs[0].stats.items()) {
        std::fputs(csv_line({item.key(), stat_text(item.value())}).c_str(), stdout);
      }
    } else {
      print_one(runs[0], options.top);
    }
  } else {
    print_compare(runs, compare_runs(runs, options.all || runs.size() == 1, options.stats),
                  options.csv);
  }
  if (!options.plot.empty()) {
    const std::string problem = render_plot(report_panels(runs, options.top), options.plot);
    if (!problem.empty()) {
      std::fprintf(stderr, "report: no plot: %s\n", problem.c_str());
    } else if (!global.quiet) {
      std::fprintf(stderr, "report: plot in %s\n", options.plot.c_str());
    }
  }
  return kExitOk;
}

}  // namespace accsim::cli
