#include "timing_compare.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <stdexcept>

#include "report_model.h"

namespace accsim::cli {

namespace {

bool is_hex_or_x(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == 'x';
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

constexpr const char* kCalibPrefix = "calib ";

// A line that prints cycles or counters: "cycle", "minstret", a table row "  12 | ...", or a
// calibration kernel's cycles "calib NAME = N".
bool timing_dependent(const std::string& line) {
  if (line.rfind(kCalibPrefix, 0) == 0) return true;
  if (line.find("cycle") != std::string::npos) return true;
  if (line.find("minstret") != std::string::npos) return true;
  size_t i = 0;
  while (i < line.size() && is_space(line[i])) ++i;
  const size_t digits = i;
  while (i < line.size() && is_digit(line[i])) ++i;
  if (i == digits || i == line.size() || !is_space(line[i])) return false;
  while (i < line.size() && is_space(line[i])) ++i;
  return i < line.size() && line[i] == '|';
}

// Decimal numbers (not the digits of a hex word: none preceded by a hex digit or 'x') as N,
// runs of blanks as one space, no blanks at either end.
std::string mask_numbers(const std::string& line) {
  std::string masked;
  for (size_t i = 0; i < line.size();) {
    if (is_digit(line[i]) && (i == 0 || !is_hex_or_x(line[i - 1]))) {
      masked += 'N';
      while (i < line.size() && is_digit(line[i])) ++i;
    } else {
      masked += line[i++];
    }
  }
  std::string out;
  std::istringstream words(masked);
  std::string word;
  while (words >> word) out += (out.empty() ? "" : " ") + word;
  return out;
}

double stat_number(const nlohmann::json& stats, const std::string& name) {
  const auto it = stats.find(name);
  return it != stats.end() && it->is_number() ? it->get<double>() : 0.0;
}

}  // namespace

std::vector<std::string> masked_console(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("accsim: ", 0) == 0) continue;
    lines.push_back(timing_dependent(line) ? mask_numbers(line) : line);
  }
  return lines;
}

std::vector<std::string> functional_differences(const SideOutcome& model, const SideOutcome& rtl) {
  std::vector<std::string> out;
  if (model.exit_code != rtl.exit_code) {
    out.push_back("exit codes differ: model " + std::to_string(model.exit_code) + ", RTL " +
                  std::to_string(rtl.exit_code));
  }
  const auto m = masked_console(model.console), r = masked_console(rtl.console);
  if (m != r) {
    size_t line = 0;
    while (line < m.size() && line < r.size() && m[line] == r[line]) ++line;
    const auto shown = [](const std::vector<std::string>& lines, size_t i) {
      return i < lines.size() ? "\"" + lines[i] + "\"" : std::string("(end)");
    };
    out.push_back("console differs (cycle counts masked) at line " + std::to_string(line + 1) +
                  ": model " + shown(m, line) + ", RTL " + shown(r, line));
  }
  if (model.output.has_value() != rtl.output.has_value()) {
    out.push_back(std::string("output.bin written by the ") + (model.output ? "model" : "RTL") +
                  " only");
  } else if (model.output && *model.output != *rtl.output) {
    size_t byte = 0;
    while (byte < model.output->size() && byte < rtl.output->size() &&
           (*model.output)[byte] == (*rtl.output)[byte]) {
      ++byte;
    }
    out.push_back("output.bin differs from byte " + std::to_string(byte) + " (model " +
                  std::to_string(model.output->size()) + " bytes, RTL " +
                  std::to_string(rtl.output->size()) + " bytes)");
  }
  return out;
}

double TimingRow::error_percent() const {
  if (rtl == 0) return model == 0 ? 0.0 : (model > 0 ? 100.0 : -100.0);
  return 100.0 * (model - rtl) / rtl;
}

// Compared at the printed precision, so a row shown as +1.00% against a 1.00% budget passes.
bool TimingRow::over() const {
  return std::round(std::fabs(error_percent()) * 100.0) > std::round(budget_percent * 100.0);
}

std::vector<TimingRow> timing_rows(const nlohmann::json& model_stats,
                                   const nlohmann::json& rtl_stats, const TimingBudgets& budgets) {
  for (const auto* stats : {&model_stats, &rtl_stats}) {
    if (!stats->contains("cpu.cycles") || !(*stats)["cpu.cycles"].is_number()) {
      throw std::runtime_error(std::string("the ") + (stats == &model_stats ? "model" : "RTL") +
                               " run's stats.json has no cpu.cycles");
    }
  }
  std::vector<TimingRow> rows;
  rows.push_back({"total", "cpu.cycles", stat_number(model_stats, "cpu.cycles"),
                  stat_number(rtl_stats, "cpu.cycles"), budgets.total_percent, true});

  const Table model_regions = group_stats(model_stats, "region.");
  const Table rtl_regions = group_stats(rtl_stats, "region.");
  std::vector<std::string> names;
  for (const auto& [name, fields] : model_regions) {
    if (fields.count("cycles") && rtl_regions.count(name) && rtl_regions.at(name).count("cycles")) {
      names.push_back(name);
    }
  }
  std::sort(names.begin(), names.end(), natural_less);
  for (const auto& name : names) {
    rows.push_back({"region", name, model_regions.at(name).at("cycles").get<double>(),
                    rtl_regions.at(name).at("cycles").get<double>(), budgets.total_percent, false});
  }

  const auto model_op_list = model_ops(model_stats);
  const auto rtl_op_list = model_ops(rtl_stats);
  if (!model_op_list.empty() && same_operators(model_op_list, rtl_op_list)) {
    for (size_t i = 0; i < model_op_list.size(); ++i) {
      rows.push_back({"op", model_op_list[i].label(), model_op_list[i].number("cycles").value_or(0),
                      rtl_op_list[i].number("cycles").value_or(0), budgets.op_type_percent, false});
    }
    std::map<std::string, double> rtl_by_type;
    for (const auto& t : totals_by_type(rtl_op_list)) rtl_by_type[t.op] = t.cycles;
    for (const auto& t : totals_by_type(model_op_list)) {
      rows.push_back({"op type", t.op, t.cycles, rtl_by_type[t.op], budgets.op_type_percent, true});
    }
  }
  return rows;
}

std::vector<TimingRow> console_rows(const std::string& model_console,
                                    const std::string& rtl_console, double budget_percent) {
  // NAME -> cycles, in the order the firmware printed them.
  const auto figures = [](const std::string& text) {
    std::vector<std::pair<std::string, double>> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind(kCalibPrefix, 0) != 0) continue;
      std::istringstream words(line.substr(std::string(kCalibPrefix).size()));
      std::string name, equals, value, rest;
      if (!(words >> name >> equals >> value) || equals != "=" || (words >> rest)) continue;
      if (value.find_first_not_of("0123456789") != std::string::npos) continue;
      out.emplace_back(name, std::stod(value));
    }
    return out;
  };
  const auto model = figures(model_console);
  std::map<std::string, double> rtl;
  for (const auto& [name, value] : figures(rtl_console)) rtl.emplace(name, value);
  std::vector<TimingRow> rows;
  for (const auto& [name, value] : model) {
    const auto it = rtl.find(name);
    // A per-unit figure ("..._per_iteration") is a rounded quotient of a kernel's cycles, which
    // are a row of their own: one cycle of rounding is no timing error, so it is shown only.
    const bool derived = name.find("_per_") != std::string::npos;
    if (it != rtl.end()) {
      rows.push_back({"kernel", name, value, it->second, budget_percent, !derived});
    }
  }
  return rows;
}

std::vector<const TimingRow*> failing_rows(const std::vector<TimingRow>& rows) {
  std::vector<const TimingRow*> out;
  for (const auto& row : rows) {
    if (row.gated && row.over()) out.push_back(&row);
  }
  return out;
}

std::string signed_percent_text(double percent) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.2f%%", percent);
  return buf;
}

std::string timing_table(const std::vector<TimingRow>& rows) {
  size_t width = 20;
  for (const auto& row : rows) width = std::max(width, row.name.size());
  std::string out;
  std::string section;
  char line[512];
  for (const auto& row : rows) {
    if (row.kind != section) {
      section = row.kind;
      const std::string heading = section == "total" ? "" : section + "s";
      std::snprintf(line, sizeof line, "%s%-*s %15s %15s %9s %7s\n", out.empty() ? "" : "\n",
                    static_cast<int>(width), heading.c_str(), "model cycles", "RTL cycles", "error",
                    "budget");
      out += line;
    }
    char budget[32];
    std::snprintf(budget, sizeof budget, "%.2g%%", row.budget_percent);
    const char* flag = !row.over() ? "" : (row.gated ? "  OVER" : "  over");
    std::snprintf(line, sizeof line, "%-*s %15.0f %15.0f %9s %7s%s\n", static_cast<int>(width),
                  row.name.c_str(), row.model, row.rtl,
                  signed_percent_text(row.error_percent()).c_str(), budget, flag);
    out += line;
  }
  return out;
}

std::optional<double> parse_percent(const std::string& text) {
  std::string number = text;
  if (!number.empty() && number.back() == '%') number.pop_back();
  if (number.empty() || number.find_first_not_of("0123456789.") != std::string::npos) {
    return std::nullopt;
  }
  try {
    size_t used = 0;
    const double value = std::stod(number, &used);
    if (used != number.size() || !std::isfinite(value)) return std::nullopt;
    return value;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

nlohmann::ordered_json rows_json(const std::vector<TimingRow>& rows) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& row : rows) {
    // Error rounded to 1e-4 %: the file is compared between runs, and the last bits of a
    // double's printout are not worth a diff.
    out.push_back({{"kind", row.kind},
                   {"name", row.name},
                   {"model_cycles", static_cast<uint64_t>(row.model)},
                   {"rtl_cycles", static_cast<uint64_t>(row.rtl)},
                   {"error_percent", std::round(row.error_percent() * 1e4) / 1e4},
                   {"budget_percent", row.budget_percent},
                   {"gated", row.gated},
                   {"over", row.over()}});
  }
  return out;
}

}  // namespace accsim::cli
