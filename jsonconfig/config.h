// Architecture configuration: JSON files validated against a strict schema.
//
// A configuration is a JSON object that may "extend" a base file and may be adjusted from the
// command line with "a.b.c=value" overrides. Validation collects every problem before failing,
// because a user fixing a config file wants the whole list at once, not one error per run.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace accsim::config {

// One problem, reported as one line.
struct Diagnostic {
  std::string origin;   // file the offending value came from, or "--set", or "<defaults>"
  std::string path;     // dotted JSON path, e.g. "memories.main_ram.size"; arrays as "items[2]"
  std::string message;  // e.g. "unknown key \"latncy\" (did you mean \"latency\"?)"

  // "<origin>: <path>: <message>", or "<origin>: <message>" when path is empty.
  std::string format() const;
};

// Thrown with all problems found, not just the first. what() is every formatted line joined by
// '\n'.
class ConfigError : public std::runtime_error {
 public:
  explicit ConfigError(std::vector<Diagnostic> diags);
  const std::vector<Diagnostic>& diagnostics() const { return m_diags; }

 private:
  std::vector<Diagnostic> m_diags;
};

// A problem with one value, found by the code that reads it (a component parsing its own
// section: that parse is the validation). `key` is the JSON path to report it at ("vta.base",
// "cfu.macc_lanes"), `related` the other keys the problem depends on (blamed when one of them
// was set last); what() is "<key>: <problem>".
class ValueError : public std::invalid_argument {
 public:
  ValueError(std::string key, std::string problem, std::vector<std::string> related = {})
      : std::invalid_argument(key + ": " + problem),
        m_key(std::move(key)),
        m_problem(std::move(problem)),
        m_related(std::move(related)) {}
  const std::string& key() const { return m_key; }
  const std::string& problem() const { return m_problem; }
  const std::vector<std::string>& related() const { return m_related; }

 private:
  std::string m_key, m_problem;
  std::vector<std::string> m_related;
};

// A checked schema. Construction validates the schema itself (every node needs a "type" and a
// "description", keywords must be known, defaults must satisfy their own node) and throws
// ConfigError with origin = the schema file (or the origin given to from_json).
//
// Free-form objects. An "object" node with "any_keys": true keeps keys its "properties" do not
// list as they are written, any value, unchecked: for an object only its reader can judge (a
// plug-in's "params", checked by the plug-in). Listed properties are still validated and
// defaulted. Not allowed together with "variants".
//
// Discriminated objects. An "object" node may carry "variant_key" and "variants" (always both):
//   {"type": "object", "description": "One device", "variant_key": "kind",
//    "required": ["kind", ...],
//    "properties": {"kind": {"type": "string", "description": "..."}, ...common keys},
//    "variants": {"timer": {"description": "...", "properties": {...}, "required": [...]},
//                 "plugin": {...}}}
// Each entry has the common "properties" plus those of the variant its variant key names.
//  - "variant_key" names a common property of type "string" that is listed in "required" (so it
//    has no default and is not optional). Its values are the variant names: an "enum" on it may
//    be left out, and if given must list exactly the variant names.
//  - "variants" is a non-empty object of variants by non-empty name. A variant is not a schema
//    node: its keywords are "description" (required), "properties" (required, may be {}) and
//    "required" (names of its own properties). Its properties are full schema nodes and may not
//    redefine a common property.
//  - Validation: the variant's defaults are filled in like the common ones ("<defaults>"
//    origins); an unknown key is reported with a hint over the common and the selected variant's
//    keys, or, if another variant defines it, naming that variant. A missing, non-string or
//    unknown variant key is one error at "<path>.<variant_key>" (unknown values get a spelling
//    hint); the entry's common keys are still checked, its other keys are not (they would only
//    be follow-on errors).
//  - schema_to_markdown lists the common keys, then for each variant in name order a row for
//    the variant and its keys qualified as "(kind timer)".
// To assemble a schema from per-component fragments, insert each fragment as
// root["properties"]["devices"]["items"]["variants"][kind] before from_json; nlohmann's
// operator[] silently replaces an existing entry, so check for a duplicate kind first.
class Schema {
 public:
  static Schema from_file(const std::filesystem::path& file);
  static Schema from_json(nlohmann::json root, std::string origin = "<schema>");

  const nlohmann::json& root() const { return m_root; }
  const std::string& origin() const { return m_origin; }

 private:
  Schema(nlohmann::json root, std::string origin);

  nlohmann::json m_root;
  std::string m_origin;
};

struct LoadedConfig {
  nlohmann::json effective;  // validated, normalised, defaults filled in
  // Which file / "--set" / "<defaults>" supplied each node, keyed by path ("" is the root).
  std::map<std::string, std::string> origins;
  std::vector<std::string> files;  // the extends chain, most-derived first

  // The origin of `dotted_path`, or of its longest recorded prefix; "" if nothing matches.
  std::string origin_of(const std::string& dotted_path) const;
  // True if `dotted_path` (or the node holding it) was set by an override ("--set").
  bool set_on_command_line(const std::string& dotted_path) const;
  // True if `dotted_path` was filled in from the schema's default (no file or --set wrote it).
  bool from_defaults(const std::string& dotted_path) const;
  // Of the origins of `paths` and of everything below them, the one applied last ("--set", then
  // the most-derived file, ..., "<defaults>"): where the user changed what a check over several
  // keys depends on.
  std::string latest_origin(const std::vector<std::string>& paths) const;
};

// True if a diagnostic already names `path` or a key below it: checks derived from a value the
// schema rejected would only report follow-on errors.
bool reported(const std::vector<Diagnostic>& diags, const std::string& path);

// A problem found by combining several keys (`inputs`), reported at `path` (one of them or their
// common parent). It is blamed on the origin that set any of them last; when `path` itself came
// from elsewhere, the input that origin set is named instead, so the message points at the key
// the user actually wrote.
Diagnostic derived_problem(const LoadedConfig& config, const std::string& path,
                           const std::vector<std::string>& inputs, std::string message);

// Checks spanning several keys (overlapping address ranges, ...), run after schema validation
// even when it found errors; they append diagnostics and must skip values the schema rejected.
using CrossCheck = std::function<void(const LoadedConfig&, std::vector<Diagnostic>&)>;

// Loads `file`, resolves "extends" (chains allowed; cycles are errors), applies `overrides`
// ("a.b.c=value") in order, validates against `schema`, fills defaults and normalises sizes and
// addresses. A base is looked for beside the extending file, then in each of `base_dirs`, as
// named and with ".json" appended. Throws ConfigError listing every problem found, including
// I/O and JSON syntax errors.
LoadedConfig load(const std::filesystem::path& file, const std::vector<std::string>& overrides,
                  const Schema& schema, const CrossCheck& cross_check = {},
                  const std::vector<std::filesystem::path>& base_dirs = {});

// Same for an in-memory document whose diagnostics name `origin`. "extends" is rejected here
// because there is no file to resolve it against. `files` of the result is empty.
LoadedConfig load_json(const nlohmann::json& doc, const std::string& origin,
                       const std::vector<std::string>& overrides, const Schema& schema,
                       const CrossCheck& cross_check = {});

// 4096, "4K", "4k", "4KiB", "4KB", "32M", "1G", "2T", "0x1000" -> bytes (K = 1024).
// nullopt for negative numbers, floats, malformed strings and values that overflow 64 bits.
std::optional<uint64_t> parse_size(const nlohmann::json& value);

// "0x4000_0000" (underscores between digits allowed), "0x40000000", or a non-negative integer.
std::optional<uint64_t> parse_address(const nlohmann::json& value);

// Integer, size string or hex string -> value; throws std::invalid_argument otherwise.
uint64_t as_u64(const nlohmann::json& value);

// "0x40000000": at least 8 lower-case hex digits.
std::string to_hex(uint64_t value);

// A size as a schema default writes it: 4096 -> "4K", 16777216 -> "16M", 32 -> 32 (the largest
// of K, M, G that divides it; a plain number below 1K or when none does).
nlohmann::json to_size(uint64_t bytes);

// The candidate closest to `word` by case-insensitive Levenshtein distance, if that distance is
// at most max(1, word.size() / 3); otherwise "". Ties go to the earliest candidate.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

// A Markdown reference of every key: path, type, default, constraints, description. Map entries
// appear as "<name>", array elements as "[]". Output is deterministic.
std::string schema_to_markdown(const Schema& schema);

}  // namespace accsim::config
