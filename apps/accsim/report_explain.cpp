#include "report_explain.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <tuple>

#include "report_text.h"

using nlohmann::json;

namespace accsim::cli {

namespace {

const char* const kClasses[3] = {"compulsory", "capacity", "conflict"};

// A count as people skim it: 950, 9.5k, 1.96M.
std::string short_count(double value) {
  const double a = std::fabs(value);
  char buf[32];
  if (a >= 1e9) {
    std::snprintf(buf, sizeof buf, "%.3gG", value / 1e9);
  } else if (a >= 1e6) {
    std::snprintf(buf, sizeof buf, "%.3gM", value / 1e6);
  } else if (a >= 1e4) {
    std::snprintf(buf, sizeof buf, "%.3gk", value / 1e3);
  } else {
    std::snprintf(buf, sizeof buf, "%.0f", value);
  }
  return buf;
}

std::string signed_count(double value) { return (value >= 0 ? "+" : "") + short_count(value); }

// "I$", "D$", "L2" (an L2 in front of another memory: "L2 <memory>").
std::string cache_label(const std::string& cache) {
  if (cache == "icache") return "I$";
  if (cache == "dcache") return "D$";
  if (cache == "l2") return "L2";
  return "L2 " + cache.substr(3);
}

// A text field as the tables show it: "-" when the run did not record it.
std::string text_field(const OpRecord& op, const std::string& field) {
  const auto v = op.value(field);
  if (!v) return "-";
  return v->is_string() ? v->get<std::string>() : v->dump();
}

// The scope of an operator in conflicts.json: its region name.
std::string op_scope(const OpRecord& op) { return "op." + op.number_text + "." + op.op; }

double number_or_zero(const OpRecord& op, const std::string& field) {
  return op.number(field).value_or(0);
}

// Stall kinds of the per-region breakdown: <kind>_stall_cycles, less the per-cache totals
// (icache_/dcache_stall_cycles count the same cycles as fetch_ and data_).
bool is_stall_kind(const std::string& field) {
  const std::string suffix = "_stall_cycles";
  return field.size() > suffix.size() &&
         field.compare(field.size() - suffix.size(), suffix.size(), suffix) == 0 &&
         field != "icache_stall_cycles" && field != "dcache_stall_cycles";
}

}  // namespace

json load_conflicts(const RunRecord& run) {
  std::ifstream in(run.dir / "conflicts.json");
  if (!in) return nullptr;
  try {
    return json::parse(in);
  } catch (const json::exception&) {
    return nullptr;
  }
}

std::vector<std::string> classified_caches(const std::vector<OpRecord>& ops) {
  std::set<std::string> found;
  for (const auto& op : ops) {
    for (const auto& item : op.fields) {
      const std::string& f = item.first;
      const std::string suffix = "_conflict_misses";
      if (f.size() > suffix.size() &&
          f.compare(f.size() - suffix.size(), suffix.size(), suffix) == 0) {
        found.insert(f.substr(0, f.size() - suffix.size()));
      }
    }
  }
  // I$, D$, then the L2s.
  std::vector<std::string> out;
  for (const char* first : {"icache", "dcache"}) {
    if (found.erase(first)) out.push_back(first);
  }
  out.insert(out.end(), found.begin(), found.end());
  return out;
}

std::vector<std::vector<std::string>> miss_class_table(const std::vector<OpRecord>& ops) {
  const auto caches = classified_caches(ops);
  if (caches.empty()) return {};
  std::vector<std::string> header = {"#", "op"};
  for (const auto& c : caches) {
    for (const char* cls : kClasses) header.push_back(cache_label(c) + " " + cls);
    header.push_back(cache_label(c) + " conflict cycles");
  }
  std::vector<std::vector<std::string>> rows = {header};
  std::vector<double> totals(header.size() - 2, 0);
  for (const auto& op : ops) {
    std::vector<std::string> row = {op.number_text, op.op};
    size_t column = 0;
    for (const auto& c : caches) {
      for (const char* cls : kClasses) {
        const auto v = op.number(c + "_" + cls + "_misses");
        row.push_back(v ? count_text(*v) : "-");
        totals[column++] += v.value_or(0);
      }
      const auto cycles = op.number(c + "_conflict_miss_cycles");
      row.push_back(cycles ? count_text(*cycles) : "-");
      totals[column++] += cycles.value_or(0);
    }
    rows.push_back(row);
  }
  std::vector<std::string> total = {"total", std::to_string(ops.size()) + " ops"};
  for (double t : totals) total.push_back(count_text(t));
  rows.push_back(total);
  return rows;
}

std::vector<std::string> conflict_pair_lines(const json& conflicts, const std::string& cache,
                                             const std::string& scope, size_t max) {
  std::vector<std::string> lines;
  if (!conflicts.is_object() || !conflicts.contains(cache)) return lines;
  const json& scopes = conflicts[cache].value("scopes", json::object());
  if (!scopes.contains(scope)) return lines;
  for (const json& pair : scopes[scope].value("pairs", json::array())) {
    if (lines.size() >= max) break;
    std::string sets;
    for (const json& s : pair.value("sets", json::array())) {
      if (sets.size() > 40) break;
      sets += (sets.empty() ? "" : ", ") + std::to_string(s[0].get<uint64_t>()) + ":" +
              short_count(s[1].get<double>());
    }
    lines.push_back(pair.value("victim", "?") + " evicted by " + pair.value("evictor", "?") + ": " +
                    short_count(pair.value("misses", 0.0)) + " misses in " +
                    std::to_string(pair.value("set_count", 0)) + " sets (set:misses " + sets + ")");
  }
  return lines;
}

namespace {

// One operator or region of the conflicts section: its label, its scope in conflicts.json and a
// reader of its fields.
struct ConflictScope {
  std::string label, scope;
  std::function<double(const std::string&)> field;
};

void print_scope_conflicts(const RunRecord& run, const std::vector<ConflictScope>& scopes,
                           double min_share, const char* what) {
  const json conflicts = load_conflicts(run);
  if (conflicts.is_null()) return;
  bool printed = false;
  for (const char* cache : {"dcache", "icache"}) {
    for (const auto& s : scopes) {
      const double cycles = s.field("cycles");
      const double stall = s.field(std::string(cache) + "_conflict_miss_cycles");
      if (cycles <= 0 || stall < min_share * cycles) continue;
      const auto lines = conflict_pair_lines(conflicts, cache, s.scope, 3);
      if (lines.empty()) continue;
      if (!printed) {
        std::printf(
            "\nConflict misses: %s stalled %.0f%% or more on them, and the buffers whose lines "
            "evict each other (conflicts.json):\n",
            what, min_share * 100);
        printed = true;
      }
      std::printf("  %s %s: %s conflict misses, %s stall cycles (%.0f%% of its cycles)\n",
                  cache_label(cache).c_str(), s.label.c_str(),
                  short_count(s.field(std::string(cache) + "_conflict_misses")).c_str(),
                  short_count(stall).c_str(), 100 * stall / cycles);
      for (const auto& line : lines) std::printf("    %s\n", line.c_str());
    }
  }
}

}  // namespace

void print_conflicts(const RunRecord& run, const std::vector<OpRecord>& ops, double min_share) {
  std::vector<ConflictScope> scopes;
  for (const auto& op : ops) {
    scopes.push_back(
        {op.label(), op_scope(op), [&op](const std::string& f) { return number_or_zero(op, f); }});
  }
  print_scope_conflicts(run, scopes, min_share, "operators");
}

void print_region_conflicts(const RunRecord& run, double min_share) {
  std::vector<ConflictScope> scopes;
  const Table regions = group_stats(run.stats, "region.");
  for (const auto& [name, fields] : regions) {
    // A model's operators are listed with the operators; its invoke region holds them.
    if (name == "invoke" || name == "setup") continue;
    scopes.push_back({"region " + name, name, [&fields = fields](const std::string& f) {
                        const auto it = fields.find(f);
                        return it == fields.end() ? 0.0 : as_number(it->second).value_or(0);
                      }});
  }
  print_scope_conflicts(run, scopes, min_share, "regions");
}

bool op_flagged(const OpRecord& a, const OpRecord& b, double threshold) {
  if (text_field(a, "backend") != text_field(b, "backend") ||
      text_field(a, "kernel") != text_field(b, "kernel")) {
    return false;
  }
  const auto ca = a.number("cycles"), cb = b.number("cycles");
  if (!ca || !cb || *ca <= 0) return false;
  return std::fabs(*cb / *ca - 1) > threshold;
}

std::string op_cause(const OpRecord& a, const OpRecord& b, const json& conflicts_a,
                     const json& conflicts_b) {
  std::vector<std::string> parts;
  const std::string backend_a = text_field(a, "backend"), backend_b = text_field(b, "backend");
  if (backend_a != backend_b) parts.push_back("backend " + backend_a + "→" + backend_b);
  const std::string kernel_a = text_field(a, "kernel"), kernel_b = text_field(b, "kernel");
  if (kernel_a != kernel_b) parts.push_back("kernel " + kernel_a + "→" + kernel_b);
  const double delta = number_or_zero(b, "cycles") - number_or_zero(a, "cycles");
  // The stall kinds that moved most (two at most, each at least a tenth of the change).
  std::set<std::string> fields;
  for (const auto* op : {&a, &b}) {
    for (const auto& item : op->fields) fields.insert(item.first);
  }
  std::vector<std::pair<double, std::string>> stalls;
  for (const auto& f : fields) {
    if (!is_stall_kind(f)) continue;
    const double d = number_or_zero(b, f) - number_or_zero(a, f);
    if (d != 0 && std::fabs(d) >= 0.1 * std::fabs(delta)) stalls.push_back({std::fabs(d), f});
  }
  std::sort(stalls.rbegin(), stalls.rend());
  for (size_t i = 0; i < stalls.size() && i < 2; ++i) {
    const std::string& f = stalls[i].second;
    const double d = number_or_zero(b, f) - number_or_zero(a, f);
    parts.push_back(f.substr(0, f.size() - 13) + " stall " + signed_count(d));
  }
  // The miss classes that moved most (by class where classified, else the cache's misses).
  std::vector<std::tuple<double, std::string, std::string>> misses;  // |delta|, field, label
  for (const char* cache : {"icache", "dcache", "l2"}) {
    bool classified = false;
    for (const char* cls : kClasses) {
      const std::string f = std::string(cache) + "_" + cls + "_misses";
      if (!fields.count(f)) continue;
      classified = true;
      const double d = number_or_zero(b, f) - number_or_zero(a, f);
      if (d != 0) misses.emplace_back(std::fabs(d), f, cache_label(cache) + " " + cls);
    }
    const std::string f = std::string(cache) + "_misses";
    if (!classified && fields.count(f)) {
      const double d = number_or_zero(b, f) - number_or_zero(a, f);
      if (d != 0) misses.emplace_back(std::fabs(d), f, cache_label(cache));
    }
  }
  std::sort(misses.begin(), misses.end(),
            [](const auto& x, const auto& y) { return std::get<0>(x) > std::get<0>(y); });
  for (size_t i = 0; i < misses.size() && i < 2; ++i) {
    const auto& [size, f, label] = misses[i];
    const double va = number_or_zero(a, f), vb = number_or_zero(b, f);
    // Small moves of a large count say nothing: at least 5% and 16 misses.
    if (size < 16 || size < 0.05 * std::max(va, vb)) continue;
    parts.push_back(label + " misses " + short_count(va) + "→" + short_count(vb));
  }
  const double ia = number_or_zero(a, "instructions"), ib = number_or_zero(b, "instructions");
  if (ia > 0 && std::fabs(ib / ia - 1) > 0.02) {
    parts.push_back("instructions " + short_count(ia) + "→" + short_count(ib));
  }
  // The buffers behind a conflict change that accounts for a tenth of the cycles' change or
  // more: the top pair of the run with more conflict misses. (An operator that moved to an
  // accelerator is explained by that.)
  for (const char* cache : {"dcache", "icache"}) {
    if (backend_a != backend_b) break;
    const std::string f = std::string(cache) + "_conflict_misses";
    const double ca = number_or_zero(a, f), cb = number_or_zero(b, f);
    const std::string stall = std::string(cache) + "_conflict_miss_cycles";
    const double stall_delta = number_or_zero(b, stall) - number_or_zero(a, stall);
    if (std::fabs(cb - ca) < 16 || std::fabs(stall_delta) < 0.1 * std::fabs(delta)) continue;
    const json& conflicts = cb > ca ? conflicts_b : conflicts_a;
    const auto lines = conflict_pair_lines(conflicts, cache, op_scope(cb > ca ? b : a), 1);
    if (!lines.empty()) {
      parts.push_back(std::string(cb > ca ? "in B " : "in A ") + cache_label(cache) + " " +
                      lines[0].substr(0, lines[0].find(" (set:")));
    }
  }
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

std::vector<std::pair<std::string, std::vector<std::optional<double>>>> compare_totals(
    const std::vector<RunRecord>& runs) {
  std::vector<std::string> names = {"cpu.cycles", "region.invoke.cycles", "cpu.instructions"};
  // Energy figures, when the runs have them (energy.*total*).
  std::set<std::string> energy;
  for (const auto& run : runs) {
    for (const auto& item : run.stats.items()) {
      const std::string& k = item.key();
      if (k.rfind("energy.", 0) == 0 && k.find("total") != std::string::npos) energy.insert(k);
    }
  }
  names.insert(names.end(), energy.begin(), energy.end());
  for (const char* cache : {"icache", "dcache", "l2"}) {
    names.push_back("cache." + std::string(cache) + ".misses");
    for (const char* cls : kClasses) {
      names.push_back("cache." + std::string(cache) + ".misses." + cls);
    }
  }
  std::vector<std::pair<std::string, std::vector<std::optional<double>>>> out;
  for (const auto& name : names) {
    std::vector<std::optional<double>> values;
    bool any = false;
    for (const auto& run : runs) {
      values.push_back(run.stats.contains(name) ? as_number(run.stats[name]) : std::nullopt);
      any |= values.back().has_value();
    }
    if (any) out.push_back({name, values});
  }
  return out;
}

namespace {

void print_totals(const std::vector<RunRecord>& runs, const std::vector<std::string>& labels,
                  const std::vector<std::vector<OpRecord>>& ops) {
  auto totals = compare_totals(runs);
  if (!ops.empty()) {
    std::vector<std::optional<double>> values;
    for (const auto& run_ops : ops) values.push_back(ops_total(run_ops, "cycles"));
    totals.insert(totals.begin() + std::min<size_t>(2, totals.size()),
                  {"operators' cycles", values});
  }
  std::vector<std::string> header = {"total"};
  header.insert(header.end(), labels.begin(), labels.end());
  for (size_t r = 1; r < runs.size(); ++r) {
    header.push_back(runs.size() > 2 ? "ratio:" + labels[r] : labels[r] + "/" + labels[0]);
  }
  std::vector<std::vector<std::string>> table = {header};
  for (const auto& [name, values] : totals) {
    std::vector<std::string> row = {name};
    for (const auto& v : values) row.push_back(v ? count_text(*v) : "-");
    for (size_t r = 1; r < values.size(); ++r)
      row.push_back(quotient_text(values[r], values[0], 3));
    table.push_back(row);
  }
  std::printf("Totals:\n");
  print_table(table);
  // The speedups: the first run's cycles over each later run's.
  for (const char* name : {"cpu.cycles", "region.invoke.cycles"}) {
    for (const auto& [n, values] : totals) {
      if (n != name) continue;
      for (size_t r = 1; r < values.size(); ++r) {
        const std::string s = quotient_text(values[0], values[r], 2);
        if (!s.empty()) {
          std::printf("  speedup of %s over %s (%s): %sx\n", labels[r].c_str(), labels[0].c_str(),
                      name, s.c_str());
        }
      }
    }
  }
  std::printf("\n");
}

std::vector<std::vector<std::string>> op_explain_table(
    const std::vector<std::vector<OpRecord>>& ops, const std::vector<std::string>& labels,
    const std::vector<json>& conflicts, double threshold, size_t* flagged) {
  std::vector<std::string> header = {"#", "op", "backend"};
  header.insert(header.end(), labels.begin(), labels.end());
  for (size_t r = 1; r < labels.size(); ++r) {
    header.push_back(labels.size() > 2 ? "speedup:" + labels[r] : "speedup");
  }
  header.push_back("cause (" + labels[0] + " → " + labels.back() + ")");
  std::vector<std::vector<std::string>> rows = {header};
  const auto& first = ops.front();
  const auto& last = ops.back();
  for (size_t i = 0; i < first.size(); ++i) {
    const bool flag = op_flagged(first[i], last[i], threshold);
    *flagged += flag;
    std::vector<std::string> row = {first[i].number_text + (flag ? "*" : ""), first[i].op};
    std::vector<std::string> backends;
    for (const auto& run_ops : ops) backends.push_back(text_field(run_ops[i], "backend"));
    row.push_back(std::adjacent_find(backends.begin(), backends.end(), std::not_equal_to<>()) ==
                          backends.end()
                      ? backends[0]
                      : arrow_joined(backends));
    std::vector<std::optional<double>> cycles;
    for (const auto& run_ops : ops) cycles.push_back(run_ops[i].number("cycles"));
    for (const auto& c : cycles) row.push_back(c ? count_text(*c) : "-");
    for (size_t r = 1; r < cycles.size(); ++r)
      row.push_back(quotient_text(cycles[0], cycles[r], 2));
    const double ca = number_or_zero(first[i], "cycles"), cb = number_or_zero(last[i], "cycles");
    // Operators that took (almost) the same time need no cause.
    const bool moved = ca <= 0 || std::fabs(cb / ca - 1) > 0.01;
    std::string cause =
        moved ? op_cause(first[i], last[i], conflicts.front(), conflicts.back()) : "unchanged";
    if (cause.empty()) cause = "no recorded counter explains it";
    row.push_back(cause);
    rows.push_back(row);
  }
  return rows;
}

}  // namespace

void print_explained_compare(const std::vector<RunRecord>& runs,
                             const std::vector<std::vector<OpRecord>>& ops,
                             const std::vector<CompareRow>& rows, const ExplainOptions& options,
                             const std::function<void()>& after_ops) {
  const auto labels = short_labels(runs);
  for (size_t r = 0; r < runs.size(); ++r) {
    std::printf("%s = %s\n", labels[r].c_str(), runs[r].dir.c_str());
  }
  std::printf("\n");
  print_totals(runs, labels, ops);
  print_config_differences(runs, labels);
  if (!ops.empty()) {
    std::vector<json> conflicts;
    for (const auto& run : runs) conflicts.push_back(load_conflicts(run));
    size_t flagged = 0;
    const auto table = op_explain_table(ops, labels, conflicts, options.threshold, &flagged);
    std::printf(
        "Operators (speedup = %s cycles / the run's cycles; * = same backend and kernel, "
        "cycles moved more than %.0f%%):\n",
        labels[0].c_str(), options.threshold * 100);
    print_table(table, 3, "  ", /*last_left=*/true);
    std::printf("  %zu of %zu operators flagged\n", flagged, ops[0].size());
    if (after_ops) after_ops();
    std::printf("\n");
  }
  // The other statistics (not the totals above), those that moved most (relative to the first
  // run) first.
  std::set<std::string> totals;
  for (const auto& [name, values] : compare_totals(runs)) totals.insert(name);
  std::vector<const CompareRow*> order;
  for (const auto& row : rows) {
    if (!totals.count(row.name)) order.push_back(&row);
  }
  if (order.empty()) {
    std::printf("no other statistic differs\n");
    return;
  }
  const auto change = [](const CompareRow* row) {
    const auto a = as_number(row->values[0]);
    double most = 0;
    for (size_t r = 1; r < row->values.size(); ++r) {
      const auto b = as_number(row->values[r]);
      if (!a || !b) return 1e300;  // absent or text: a difference of kind
      most = std::max(most, std::fabs(*b - *a) / std::max(std::fabs(*a), 1.0));
    }
    return most;
  };
  // Numbers that moved most first; then those only some runs have, or text.
  std::stable_sort(order.begin(), order.end(), [&](const CompareRow* x, const CompareRow* y) {
    const double cx = change(x), cy = change(y);
    const bool kx = cx > 1e299, ky = cy > 1e299;
    if (kx != ky) return ky;
    return cx > cy;
  });
  const size_t shown =
      options.max_stats == 0 ? order.size() : std::min(order.size(), options.max_stats);
  std::printf("Other statistics that differ (%zu of %zu, largest relative change first%s):\n",
              shown, order.size(), shown < order.size() ? "; --all for every one" : "");
  std::vector<std::vector<std::string>> table;
  std::vector<std::string> header = {"stat"};
  header.insert(header.end(), labels.begin(), labels.end());
  for (size_t r = 1; r < runs.size(); ++r) {
    header.push_back("delta");
    header.push_back("ratio");
  }
  table.push_back(header);
  for (size_t i = 0; i < shown; ++i) {
    std::vector<std::string> line = {order[i]->name};
    for (const auto& v : order[i]->values) line.push_back(display_text(v));
    for (size_t r = 1; r < runs.size(); ++r) {
      line.push_back(delta_text(order[i]->values[0], order[i]->values[r]));
      line.push_back(ratio_text(order[i]->values[0], order[i]->values[r]));
    }
    table.push_back(line);
  }
  print_table(table, 1, "");
}

}  // namespace accsim::cli
