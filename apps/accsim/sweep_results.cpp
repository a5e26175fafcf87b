#include "sweep_results.h"

#include <algorithm>
#include <set>

#include "csv.h"
#include "jsonconfig/config.h"

namespace accsim::cli {

bool glob_match(const std::string& pattern, const std::string& name) {
  // Iterative matcher with one backtrack point: linear enough for stat names.
  size_t p = 0, n = 0, star = std::string::npos, resume = 0;
  while (n < name.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
      ++p;
      ++n;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = n;
    } else if (star != std::string::npos) {
      p = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

std::string glob_problem(const std::string& pattern) {
  if (pattern.empty()) return "an empty pattern";
  const size_t bad = pattern.find_first_of("[]{}\\");
  if (bad == std::string::npos) return "";
  return std::string("'") + pattern[bad] +
         "' is not supported (patterns take * for any text and ? for one character)";
}

std::vector<std::string> stat_columns(const std::vector<std::string>& patterns,
                                      const std::vector<PointOutcome>& outcomes,
                                      std::vector<std::string>* unmatched) {
  std::set<std::string> names;  // every stat any finished point has, sorted
  for (const auto& o : outcomes) {
    if (o.kind != PointOutcome::Kind::kOk) continue;
    for (const auto& item : o.stats.items()) names.insert(item.key());
  }
  std::vector<std::string> columns;
  const auto add = [&](const std::string& name) {
    if (std::find(columns.begin(), columns.end(), name) == columns.end()) columns.push_back(name);
  };
  for (const auto& pattern : patterns) {
    if (pattern.find_first_of("*?") == std::string::npos) {
      add(pattern);  // kept even if absent: the column set should not depend on the outcomes
      if (!names.empty() && !names.count(pattern) && unmatched) unmatched->push_back(pattern);
      continue;
    }
    bool any = false;
    for (const auto& name : names) {
      if (glob_match(pattern, name)) {
        add(name);
        any = true;
      }
    }
    if (!any && !names.empty() && unmatched) unmatched->push_back(pattern);
  }
  return columns;
}

std::string stat_text(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  return value.dump();
}

SweepTable assemble_results(const SweepSpec& spec, const std::vector<PointOutcome>& outcomes) {
  SweepTable table;
  std::vector<std::string> unmatched;
  auto stats = stat_columns(spec.stats, outcomes, &unmatched);
  // Every sweep records energy beside its own stats (docs/energy.md): cycles are half of a
  // what-if's answer. Empty cells for an architecture without an energy section.
  for (const char* name : kEnergyColumns) {
    if (std::find(stats.begin(), stats.end(), name) == stats.end()) stats.push_back(name);
  }
  std::vector<std::string> all_names;
  for (const auto& o : outcomes) {
    if (o.kind != PointOutcome::Kind::kOk) continue;
    for (const auto& item : o.stats.items()) all_names.push_back(item.key());
    break;  // one point's names are enough for a suggestion
  }
  for (const auto& name : unmatched) {
    const std::string near = config::did_you_mean(name, all_names);
    table.warnings.push_back("stats: no finished point has \"" + name + "\"" +
                             (near.empty() ? "" : " (did you mean \"" + near + "\"?)"));
  }

  std::vector<std::string> header = {"point"};
  header.insert(header.end(), spec.columns.begin(), spec.columns.end());
  header.push_back("status");
  header.insert(header.end(), stats.begin(), stats.end());
  table.csv = csv_line(header);
  for (size_t i = 0; i < spec.points.size(); ++i) {
    const SweepPoint& point = spec.points[i];
    const PointOutcome& o = outcomes.at(i);
    std::vector<std::string> row = {point.name};
    for (const auto& column : spec.columns) {
      std::string cell;
      for (const auto& [key, value] : point.values) {
        if (key == column) cell = cell_text(value);
      }
      row.push_back(cell);
    }
    switch (o.kind) {
      case PointOutcome::Kind::kOk:
        row.push_back("ok");
        ++table.ok;
        break;
      case PointOutcome::Kind::kFailed:
        row.push_back("failed:" + std::to_string(o.exit_code));
        ++table.failed;
        break;
      case PointOutcome::Kind::kMissing:
        row.push_back("missing");
        ++table.missing;
        break;
    }
    for (const auto& name : stats) {
      // A failed run's stats are partial (cut off at the failure): left empty, not misleading.
      const bool have = o.kind == PointOutcome::Kind::kOk && o.stats.contains(name);
      row.push_back(have ? stat_text(o.stats[name]) : "");
    }
    table.csv += csv_line(row);
  }
  return table;
}

}  // namespace accsim::cli
