// RFC 4180 CSV for the files scripts read (results.csv, `accsim report --csv`): a field is quoted
// only when it must be, lines end with '\n', so equal tables give equal bytes.
#pragma once

#include <string>
#include <vector>

namespace accsim::cli {

// `field` as is, or double-quoted (inner quotes doubled) if it holds a comma, quote or newline.
std::string csv_field(const std::string& field);
// One line: fields joined by commas, ending with '\n'.
std::string csv_line(const std::vector<std::string>& fields);

// Parses CSV text (quoted fields may hold commas, quotes and newlines) into rows of fields.
std::vector<std::vector<std::string>> parse_csv(const std::string& text);

}  // namespace accsim::cli
