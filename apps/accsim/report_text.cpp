#include "report_text.h"

#include <algorithm>
#include <cstdio>

#include "sweep_results.h"

namespace accsim::cli {

using nlohmann::json;

size_t display_width(const std::string& text) {
  return static_cast<size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

void print_table(const std::vector<std::vector<std::string>>& rows, size_t left_columns,
                 const char* indent, bool last_left) {
  std::vector<size_t> width;
  for (const auto& row : rows) {
    if (width.size() < row.size()) width.resize(row.size(), 0);
    for (size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], display_width(row[i]));
  }
  for (const auto& row : rows) {
    std::string line = indent;
    for (size_t i = 0; i < row.size(); ++i) {
      const std::string pad(width[i] - display_width(row[i]), ' ');
      const bool left = i < left_columns || (last_left && i + 1 == width.size());
      const std::string cell = left ? row[i] + pad : pad + row[i];
      line += i == 0 ? cell : "  " + cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    std::printf("%s\n", line.c_str());
  }
}

std::string display_text(const std::optional<json>& value) {
  if (value && value->is_number_float()) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.6g", value->get<double>());
    return buf;
  }
  return value_text(value);
}

std::string cell_text(const std::optional<json>& value, bool csv) {
  if (csv) return value ? stat_text(*value) : std::string();
  return display_text(value);
}

std::string count_text(double count) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.0f", count);
  return buf;
}

std::vector<std::string> short_labels(const std::vector<RunRecord>& runs) {
  std::vector<std::string> labels;
  bool long_name = false;
  for (const auto& run : runs) long_name |= run.label.size() > 20;
  for (size_t r = 0; r < runs.size(); ++r) {
    labels.push_back(long_name ? "#" + std::to_string(r + 1) : runs[r].label);
  }
  return labels;
}

std::string arrow_joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : " → ") + item;
  return out;
}

void print_config_differences(const std::vector<RunRecord>& runs,
                              const std::vector<std::string>& labels) {
  const bool all_have_config = std::all_of(
      runs.begin(), runs.end(), [](const RunRecord& run) { return run.config.is_object(); });
  if (!all_have_config) {
    std::printf("configurations not compared: not every run has a config.json\n\n");
    return;
  }
  const auto rows = config_differences(runs);
  if (rows.empty()) {
    std::printf("configurations are identical\n\n");
    return;
  }
  std::printf("Configuration differences (%s):\n", arrow_joined(labels).c_str());
  std::vector<std::vector<std::string>> table;
  for (const auto& row : rows) {
    std::vector<std::string> values;
    for (const auto& value : row.values) values.push_back(config_value_text(value));
    table.push_back({row.name, arrow_joined(values)});
  }
  print_table(table, 2);
  std::printf("\n");
}

}  // namespace accsim::cli
