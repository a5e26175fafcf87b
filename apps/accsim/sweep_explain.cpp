#include "sweep_explain.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

#include "sweep_results.h"

namespace accsim::cli {

namespace {

std::string value_text(const nlohmann::ordered_json& v) {
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::string number_text(double v) {
  char buf[48];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  } else {
    std::snprintf(buf, sizeof buf, "%.4g", v);
  }
  return buf;
}

std::string percent(double part, double whole) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", whole > 0 ? 100 * part / whole : 0.0);
  return buf;
}

std::optional<double> stat(const nlohmann::json& stats, const std::string& name) {
  if (!stats.contains(name) || !stats[name].is_number()) return std::nullopt;
  return stats[name].get<double>();
}

// Figures that vary between identical runs or name the run, never the key's effect.
bool ignored(const std::string& name) {
  return name.rfind("host.", 0) == 0 || name.rfind("run.", 0) == 0;
}

// Statistics on the time's path: when one of these did not move, the key did not reach it.
const std::vector<std::string> kTimePath = {
    "cpu.cycles",          "cpu.stall.fetch", "cpu.stall.data",       "cache.icache.misses",
    "cache.dcache.misses", "cache.l2.misses", "cache.l2.dram_cycles", "mem.main_ram.busy_cycles"};

struct Group {
  std::string others;                                                 // the other columns' values
  std::vector<std::pair<std::string, const nlohmann::json*>> points;  // key value, stats
};

// Where `stats`'s time goes: issue and each stall kind as shares of the cycles, then the path
// of memory accesses through the caches to the DRAM.
std::string time_path(const nlohmann::json& stats) {
  std::string out;
  const double cycles = stat(stats, "cpu.cycles").value_or(0);
  std::vector<std::pair<double, std::string>> parts;
  double stalled = 0;
  for (const auto& item : stats.items()) {
    if (item.key().rfind("cpu.stall.", 0) != 0 || !item.value().is_number()) continue;
    const double v = item.value().get<double>();
    stalled += v;
    if (v > 0) parts.push_back({v, item.key().substr(10) + " stall"});
  }
  parts.push_back({cycles - stalled, "issue"});
  std::sort(parts.rbegin(), parts.rend());
  out += "  cycles " + number_text(cycles) + ":";
  for (size_t i = 0; i < parts.size() && i < 6; ++i) {
    out += (i ? ", " : " ") + parts[i].second + " " + percent(parts[i].first, cycles);
  }
  out += "\n";
  // The caches: accesses, misses and (3C) their classes.
  for (const char* cache : {"icache", "dcache", "l2"}) {
    const std::string p = std::string("cache.") + cache + ".";
    const auto misses = stat(stats, p + "misses"), hits = stat(stats, p + "hits");
    if (!misses) continue;
    const double accesses = *misses + hits.value_or(0);
    out += "  " + std::string(cache) + ": " + number_text(accesses) + " accesses, " +
           number_text(*misses) + " misses (" + percent(*misses, accesses) + ")";
    std::string classes;
    for (const char* cls : {"compulsory", "capacity", "conflict"}) {
      if (const auto c = stat(stats, p + "misses." + cls)) {
        classes += (classes.empty() ? "" : ", ") + std::string(cls) + " " + number_text(*c);
      }
    }
    if (!classes.empty()) out += ": " + classes;
    if (const auto dram = stat(stats, p + "dram_cycles")) {
      out += "; DRAM cycles " + number_text(*dram);
    }
    const auto row_hits = stat(stats, p + "dram_row_hits"),
               row_misses = stat(stats, p + "dram_row_misses");
    if (row_hits && row_misses) {
      out += "; DRAM row hits " + number_text(*row_hits) + " (" +
             percent(*row_hits, *row_hits + *row_misses) + "), row misses " +
             number_text(*row_misses);
    }
    out += "\n";
  }
  // Memories without a cache in front: their row buffer figures.
  for (const auto& item : stats.items()) {
    const std::string& k = item.key();
    const std::string suffix = ".row_hits";
    if (k.rfind("mem.", 0) != 0 || k.size() < suffix.size() ||
        k.compare(k.size() - suffix.size(), suffix.size(), suffix) != 0) {
      continue;
    }
    const std::string p = k.substr(0, k.size() - suffix.size());
    const double h = item.value().get<double>(), m = stat(stats, p + ".row_misses").value_or(0);
    out += "  " + p.substr(4) + ": row hits " + number_text(h) + " (" + percent(h, h + m) +
           "), row misses " + number_text(m) + "\n";
  }
  return out;
}

}  // namespace

std::string explain_sweep(const SweepSpec& spec, const std::vector<PointOutcome>& outcomes,
                          const std::string& key, size_t max_stats) {
  if (std::find(spec.columns.begin(), spec.columns.end(), key) == spec.columns.end()) {
    std::string columns;
    for (const auto& c : spec.columns) columns += (columns.empty() ? "" : ", ") + c;
    throw SpecError("--explain " + key + ": not a swept key of " + spec.name +
                    " (its keys: " + columns + ")");
  }
  // Points that differ only in KEY form a group, in spec order.
  std::vector<Group> groups;
  std::set<std::string> key_values;
  const nlohmann::json* first = nullptr;
  std::string first_name;
  for (size_t i = 0; i < spec.points.size() && i < outcomes.size(); ++i) {
    if (outcomes[i].kind != PointOutcome::Kind::kOk) continue;
    const SweepPoint& point = spec.points[i];
    std::string others, value = "(absent)";
    for (const auto& [k, v] : point.values) {
      if (k == key) {
        value = value_text(v);
      } else {
        others += (others.empty() ? "" : " ") + k + "=" + value_text(v);
      }
    }
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const Group& g) { return g.others == others; });
    if (it == groups.end()) it = groups.insert(groups.end(), Group{others, {}});
    it->points.push_back({value, &outcomes[i].stats});
    key_values.insert(value);
    if (first == nullptr) {
      first = &outcomes[i].stats;
      first_name = point.name;
    }
  }
  if (first == nullptr) throw SpecError("--explain " + key + ": no point of the sweep finished");

  // Each statistic's largest relative move within a group, and its values there.
  struct Move {
    double spread = 0;
    const Group* group = nullptr;
  };
  std::map<std::string, Move> moves;
  std::set<std::string> names;
  size_t compared_groups = 0;
  for (const auto& g : groups) {
    if (g.points.size() < 2) continue;
    ++compared_groups;
    for (const auto& item : g.points[0].second->items()) {
      if (!item.value().is_number() || ignored(item.key())) continue;
      names.insert(item.key());
      double lo = 1e300, hi = -1e300;
      bool complete = true;
      for (const auto& [value, stats] : g.points) {
        const auto v = stat(*stats, item.key());
        if (!v) {
          complete = false;
          break;
        }
        lo = std::min(lo, *v);
        hi = std::max(hi, *v);
      }
      if (!complete || hi == lo) continue;
      const double spread = (hi - lo) / std::max({std::fabs(lo), std::fabs(hi), 1e-300});
      Move& m = moves[item.key()];
      if (spread > m.spread) m = {spread, &g};
    }
  }

  std::string out = "Sweep " + spec.name + ": " + key + " takes " +
                    std::to_string(key_values.size()) + " values in " +
                    std::to_string(compared_groups) +
                    " group(s) of points that differ only in it\n";
  if (compared_groups == 0) {
    return out + "  (no two finished points differ only in " + key + ": nothing to compare)\n";
  }
  const auto values_along = [&](const std::string& name, const Group& g) {
    std::string text;
    for (const auto& [value, stats] : g.points) {
      const auto v = stat(*stats, name);
      text += (text.empty() ? "" : " → ") + (v ? number_text(*v) : "-");
    }
    return text;
  };
  const Group& shown = *std::find_if(groups.begin(), groups.end(),
                                     [](const Group& g) { return g.points.size() >= 2; });
  std::string along;
  for (const auto& [value, stats] : shown.points) along += (along.empty() ? "" : " → ") + value;
  out += "  " + key + ": " + along + (shown.others.empty() ? "" : "  (with " + shown.others + ")") +
         "\n";
  // Per-function figures follow wherever the time went: counted, not listed.
  std::vector<std::pair<double, std::string>> order;
  size_t functions = 0;
  for (const auto& [name, m] : moves) {
    if (name.rfind("cpu.function.", 0) == 0) {
      ++functions;
    } else {
      order.push_back({m.spread, name});
    }
  }
  std::stable_sort(order.begin(), order.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  out += std::to_string(moves.size()) + " of " + std::to_string(names.size()) + " statistics moved";
  if (functions != 0) out += " (" + std::to_string(functions) + " of them per function)";
  if (!order.empty()) out += "; the largest relative moves:";
  out += "\n";
  for (size_t i = 0; i < order.size() && (max_stats == 0 || i < max_stats); ++i) {
    const std::string& name = order[i].second;
    char spread[32];
    std::snprintf(spread, sizeof spread, "%.1f%%", 100 * order[i].first);
    out += "  " + name + "  " + values_along(name, *moves[name].group) + "  (" + spread + ")\n";
  }
  std::string still;
  for (const auto& name : kTimePath) {
    if (names.count(name) && !moves.count(name)) still += (still.empty() ? "" : ", ") + name;
  }
  if (!still.empty()) out += "Unmoved on the time's path: " + still + "\n";
  out += "Where the time goes (" + first_name + "):\n" + time_path(*first);
  return out;
}

}  // namespace accsim::cli
