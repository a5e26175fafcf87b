// Internal helpers shared by the config loader: JSON text handling, value descriptions and path
// building. Not part of the public API.
#pragma once

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "jsonconfig/config.h"

namespace accsim::config::detail {

using nlohmann::json;

// Documents nested deeper than this are rejected before parsing: the validator, the merger and
// nlohmann's copy and dump routines all recurse, so unbounded nesting could overflow the stack.
inline constexpr int kMaxDepth = 64;

// `text` as a JSON string literal; invalid UTF-8 is replaced rather than throwing.
std::string quote(const std::string& text);

// What a value is, for messages: `string "fast"`, `integer 5`, `number 1.5`, `boolean true`,
// `null`, `an array`, `an object`.
std::string describe(const json& value);

// The value itself in JSON form, for messages (e.g. "1.5", "-4096").
std::string dump_scalar(const json& value);

std::string child_path(const std::string& parent, const std::string& key);
std::string index_path(const std::string& parent, std::size_t index);

// -1, 0 or 1. Exact for any mix of signed and unsigned 64-bit integers; doubles otherwise.
int compare_numbers(const json& a, const json& b);

// config::parse_json (parse_json.h), the one parser of user JSON; on failure appends diagnostics
// (syntax errors name line and column) and returns nullopt.
std::optional<json> parse_json_text(const std::string& text, const std::string& origin,
                                    std::vector<Diagnostic>& out, const std::string& path = "");

// Reads and parses a file; I/O and syntax problems become diagnostics with origin `origin`.
std::optional<json> read_json_file(const std::filesystem::path& file, const std::string& origin,
                                   std::vector<Diagnostic>& out);

// Byte offset of the first bracket in `text` nesting deeper than `max_depth` (brackets inside
// strings ignored). Run before parsing so that hostile input never reaches recursive code.
std::optional<std::size_t> find_excess_nesting(const std::string& text, int max_depth);

// False if an in-memory document nests deeper than `max_depth`; recursion stops at the limit.
bool within_depth(const json& value, int max_depth);

// True if `text` contains no invalid UTF-8 (overrides come from the command line unchecked).
bool is_valid_utf8(const std::string& text);

}  // namespace accsim::config::detail
