#include "report_model.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <set>

#include "sweep_results.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace accsim::cli {

namespace {

std::optional<json> read_json(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  json doc = json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return std::nullopt;
  return doc;
}

}  // namespace

RunRecord load_run(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw ReportError(dir.string() + ": no such run directory");
  auto stats = read_json(dir / "stats.json");
  if (!stats || !stats->is_object()) {
    throw ReportError(dir.string() + ": no readable stats.json (not an accsim run directory?)");
  }
  RunRecord run;
  run.dir = dir;
  run.stats = std::move(*stats);
  if (auto host = read_json(dir / "host.json"); host && host->is_object()) {
    for (const auto& item : host->items()) {
      // Named host.<key> like every other statistic; host_seconds reads as host.seconds.
      const std::string key = item.key() == "host_seconds" ? "seconds" : item.key();
      run.stats["host." + key] = item.value();
    }
  }
  if (auto config = read_json(dir / "config.json")) run.config = std::move(*config);
  return run;
}

void label_runs(std::vector<RunRecord>& runs) {
  std::map<std::string, int> seen;
  for (const auto& run : runs) ++seen[fs::absolute(run.dir).lexically_normal().filename()];
  for (auto& run : runs) {
    const fs::path full = fs::absolute(run.dir).lexically_normal();
    const std::string name = full.filename().string();
    run.label = seen[name] > 1 || name.empty() ? run.dir.string() : name;
  }
}

Table group_stats(const json& stats, const std::string& prefix) {
  Table table;
  for (const auto& item : stats.items()) {
    const std::string& key = item.key();
    if (key.compare(0, prefix.size(), prefix) != 0) continue;
    const auto dot = key.rfind('.');
    if (dot == std::string::npos || dot < prefix.size()) continue;
    table[key.substr(prefix.size(), dot - prefix.size())][key.substr(dot + 1)] = item.value();
  }
  return table;
}

bool natural_less(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) &&
        std::isdigit(static_cast<unsigned char>(b[j]))) {
      size_t ie = i, je = j;
      while (ie < a.size() && std::isdigit(static_cast<unsigned char>(a[ie]))) ++ie;
      while (je < b.size() && std::isdigit(static_cast<unsigned char>(b[je]))) ++je;
      const std::string na = a.substr(i, ie - i), nb = b.substr(j, je - j);
      const auto ta = na.find_first_not_of('0'), tb = nb.find_first_not_of('0');
      const std::string sa = ta == std::string::npos ? "" : na.substr(ta);
      const std::string sb = tb == std::string::npos ? "" : nb.substr(tb);
      if (sa.size() != sb.size()) return sa.size() < sb.size();
      if (sa != sb) return sa < sb;
      i = ie;
      j = je;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j || (a.size() - i == b.size() - j && a < b);
}

std::vector<std::string> rows_by(const Table& table, const std::string& field) {
  std::vector<std::pair<double, std::string>> rows;
  for (const auto& [name, fields] : table) {
    auto it = fields.find(field);
    double v = -1;
    if (it != fields.end() && it->second.is_number()) v = it->second.get<double>();
    rows.emplace_back(v, name);
  }
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first > b.first;
    return natural_less(a.second, b.second);
  });
  std::vector<std::string> names;
  for (const auto& r : rows) names.push_back(r.second);
  return names;
}

std::vector<CompareRow> compare_runs(const std::vector<RunRecord>& runs, bool all,
                                     const std::vector<std::string>& globs) {
  std::set<std::string> names;
  for (const auto& run : runs) {
    for (const auto& item : run.stats.items()) names.insert(item.key());
  }
  std::vector<CompareRow> rows;
  for (const auto& name : names) {
    if (!globs.empty()) {
      if (std::none_of(globs.begin(), globs.end(),
                       [&](const std::string& g) { return glob_match(g, name); })) {
        continue;
      }
    } else if (name.compare(0, 5, "host.") == 0) {
      continue;
    }
    CompareRow row{name, {}};
    for (const auto& run : runs) {
      if (run.stats.contains(name)) {
        row.values.emplace_back(run.stats[name]);
      } else {
        row.values.emplace_back(std::nullopt);
      }
    }
    const bool differs = std::any_of(row.values.begin(), row.values.end(),
                                     [&](const auto& v) { return v != row.values.front(); });
    if (all || differs) rows.push_back(std::move(row));
  }
  return rows;
}

std::optional<json> OpRecord::value(const std::string& field) const {
  auto it = fields.find(field);
  if (it == fields.end()) return std::nullopt;
  return it->second;
}

std::optional<double> OpRecord::number(const std::string& field) const {
  return as_number(value(field));
}

std::vector<OpRecord> model_ops(const json& stats) {
  std::vector<OpRecord> ops;
  // group_stats splits off the field; what is left is "<NNN>.<opname>".
  for (auto& [name, fields] : group_stats(stats, "op.")) {
    const auto dot = name.find('.');
    if (dot == 0 || dot == std::string::npos || dot + 1 == name.size()) continue;
    const std::string number = name.substr(0, dot);
    if (number.size() > 9 || number.find_first_not_of("0123456789") != std::string::npos) continue;
    OpRecord op;
    op.index = std::stoi(number);
    op.number_text = number;
    op.op = name.substr(dot + 1);
    op.fields = std::move(fields);
    ops.push_back(std::move(op));
  }
  std::sort(ops.begin(), ops.end(),
            [](const OpRecord& a, const OpRecord& b) { return a.index < b.index; });
  return ops;
}

double ops_total(const std::vector<OpRecord>& ops, const std::string& field) {
  double total = 0;
  for (const auto& op : ops) total += op.number(field).value_or(0);
  return total;
}

bool same_operators(const std::vector<OpRecord>& a, const std::vector<OpRecord>& b) {
  return std::equal(
      a.begin(), a.end(), b.begin(), b.end(),
      [](const OpRecord& x, const OpRecord& y) { return x.index == y.index && x.op == y.op; });
}

std::vector<OpTypeTotal> totals_by_type(const std::vector<OpRecord>& ops) {
  std::map<std::string, OpTypeTotal> by_name;
  for (const auto& op : ops) {
    OpTypeTotal& total = by_name[op.op];
    total.op = op.op;
    ++total.count;
    total.cycles += op.number("cycles").value_or(0);
    total.macs += op.number("macs").value_or(0);
  }
  std::vector<OpTypeTotal> rows;
  for (auto& item : by_name) rows.push_back(std::move(item.second));
  // Stable over the name order the map gave: equal cycles stay alphabetical.
  std::stable_sort(rows.begin(), rows.end(),
                   [](const OpTypeTotal& a, const OpTypeTotal& b) { return a.cycles > b.cycles; });
  return rows;
}

std::string quotient_text(std::optional<double> numerator, std::optional<double> denominator,
                          int decimals) {
  if (!numerator || !denominator || *denominator == 0) return "";
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, *numerator / *denominator);
  return buf;
}

std::string percent_text(std::optional<double> part, double whole) {
  if (!part || whole == 0) return "";
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * *part / whole);
  return buf;
}

std::optional<double> as_number(const std::optional<json>& value) {
  if (!value || !value->is_number()) return std::nullopt;
  return value->get<double>();
}

namespace {

void flatten_into(const json& node, const std::string& path, std::map<std::string, json>& out) {
  if (!node.is_object() || (node.empty() && !path.empty())) {
    out[path] = node;
    return;
  }
  for (const auto& item : node.items()) {
    flatten_into(item.value(), path.empty() ? item.key() : path + "." + item.key(), out);
  }
}

}  // namespace

std::map<std::string, json> flatten_config(const json& config) {
  std::map<std::string, json> out;
  if (config.is_object()) flatten_into(config, "", out);
  return out;
}

std::vector<CompareRow> config_differences(const std::vector<RunRecord>& runs) {
  std::vector<std::map<std::string, json>> flat;
  std::set<std::string> keys;
  for (const auto& run : runs) {
    if (!run.config.is_object()) return {};
    flat.push_back(flatten_config(run.config));
    for (const auto& entry : flat.back()) keys.insert(entry.first);
  }
  std::vector<CompareRow> rows;
  for (const auto& key : keys) {
    CompareRow row{key, {}};
    for (const auto& config : flat) {
      const auto it = config.find(key);
      row.values.push_back(it == config.end() ? std::nullopt : std::optional<json>(it->second));
    }
    const bool differs = std::any_of(row.values.begin(), row.values.end(),
                                     [&](const auto& v) { return v != row.values.front(); });
    if (differs) rows.push_back(std::move(row));
  }
  return rows;
}

std::string config_value_text(const std::optional<json>& value) {
  if (!value) return "(absent)";
  return value->is_string() ? value->get<std::string>() : value->dump();
}

std::string value_text(const std::optional<json>& value) {
  if (!value) return "-";
  return stat_text(*value);
}

std::string delta_text(const std::optional<json>& a, const std::optional<json>& b) {
  if (!a || !b || !a->is_number() || !b->is_number()) return "";
  if (a->is_number_integer() && b->is_number_integer()) {
    // Counters are unsigned 64-bit; their differences fit a signed 64-bit for any real run.
    const long long x =
        a->is_number_unsigned() ? static_cast<long long>(a->get<uint64_t>()) : a->get<long long>();
    const long long y =
        b->is_number_unsigned() ? static_cast<long long>(b->get<uint64_t>()) : b->get<long long>();
    const long long d = y - x;
    return (d > 0 ? "+" : "") + std::to_string(d);
  }
  char buf[48];
  std::snprintf(buf, sizeof buf, "%+.6g", b->get<double>() - a->get<double>());
  return buf;
}

std::string ratio_text(const std::optional<json>& a, const std::optional<json>& b) {
  const auto x = as_number(a), y = as_number(b);
  if (!x || !y || *x == 0) return "";
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.3f", *y / *x);
  return buf;
}

}  // namespace accsim::cli
