// Text output shared by `accsim report`'s tables (report_command.cpp, report_explain.cpp):
// aligned tables, numbers and run labels as people read them.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "report_model.h"

namespace accsim::cli {

// Characters on the terminal: UTF-8 continuation bytes take no column (cells hold "→").
size_t display_width(const std::string& text);
// Columns padded to their widest cell; the first `left_columns` left-aligned (names, text),
// the rest right-aligned (numbers), but the last one left-aligned too when `last_left` (a text
// column after the numbers).
void print_table(const std::vector<std::vector<std::string>>& rows, size_t left_columns = 1,
                 const char* indent = "  ", bool last_left = false);
// Reals to 6 significant digits for people; the CSV keeps JSON's exact text.
std::string display_text(const std::optional<nlohmann::json>& value);
// A table cell: "-" for an absent value and reals rounded for people; the CSV keeps JSON's
// exact text and leaves absent values empty.
std::string cell_text(const std::optional<nlohmann::json>& value, bool csv);
// Sums of counters (whole numbers however they were added up).
std::string count_text(double count);
// Column headings and legend names: the directory names when short, else #1, #2, ... (the
// text output lists which directory each is).
std::vector<std::string> short_labels(const std::vector<RunRecord>& runs);

// "a → b → c": one thing across the runs, in run order.
std::string arrow_joined(const std::vector<std::string>& items);
// What was changed between the runs, before what it changed: "cfu.macc_lanes  4 → 8".
void print_config_differences(const std::vector<RunRecord>& runs,
                              const std::vector<std::string>& labels);

}  // namespace accsim::cli
