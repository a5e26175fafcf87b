#include "jsonconfig/validator.h"

#include <filesystem>
#include <regex>
#include <set>

#include "jsonconfig/json_util.h"

namespace accsim::config::detail {

namespace {

constexpr std::size_t kMaxListedKeys = 20;
constexpr const char* kExpectedSize = "expected a size (bytes, or a string like \"4K\")";
constexpr const char* kExpectedAddress =
    "expected an address (a hex string like \"0x4000_0000\", or a non-negative integer)";

bool is_negative_integer(const json& value) {
  return value.is_number_integer() && !value.is_number_unsigned() && value.get<int64_t>() < 0;
}

std::string quoted_list(const std::vector<std::string>& names) {
  std::string list;
  for (const auto& name : names) list += (list.empty() ? "" : ", ") + quote(name);
  return list;
}

std::vector<std::string> names_of(const json& object) {
  std::vector<std::string> names;
  for (const auto& [name, unused] : object.items()) names.push_back(name);
  return names;
}

// `context` qualifies the key ("" or ` for kind "timer"`); `valid` is sorted.
std::string unknown_key_message(const std::string& key, const std::vector<std::string>& valid,
                                const std::string& context = "") {
  std::string message = "unknown key " + quote(key) + context;
  const std::string hint = did_you_mean(key, valid);
  if (!hint.empty()) return message + " (did you mean " + quote(hint) + "?)";
  if (valid.empty()) return message + " (no keys are allowed here)";
  message += " (valid keys: ";
  for (std::size_t i = 0; i < valid.size() && i < kMaxListedKeys; ++i) {
    message += (i == 0 ? "" : ", ") + valid[i];
  }
  if (valid.size() > kMaxListedKeys) message += ", ...";
  return message + ")";
}

std::string enum_message(const std::vector<std::string>& names, const std::string& got) {
  std::string message = "expected one of " + quoted_list(names) + ", got " + quote(got);
  const std::string hint = did_you_mean(got, names);
  if (!hint.empty()) message += " (did you mean " + quote(hint) + "?)";
  return message;
}

std::set<std::string> keys_of(const json& object) {
  std::set<std::string> keys;
  for (const auto& [key, unused] : object.items()) keys.insert(key);
  return keys;
}

// An unknown key of a discriminated object whose variant is `chosen`. A key that another variant
// defines was most likely meant for that variant (a wrong variant key, or a key pasted into the
// wrong entry); saying so helps more than a spelling hint.
std::string unknown_variant_key_message(const json& node, const json& chosen,
                                        const std::string& key) {
  const auto& variant_key = node.at("variant_key").get_ref<const std::string&>();
  const json& variants = node.at("variants");
  const std::string context = " for " + variant_key + " " + dump_scalar(chosen);
  std::vector<std::string> owners;
  for (const auto& [name, variant] : variants.items()) {
    if (variant.at("properties").contains(key)) owners.push_back(name);
  }
  if (!owners.empty()) {
    return "unknown key " + quote(key) + context + " (only for " + variant_key + " " +
           quoted_list(owners) + ")";
  }
  std::set<std::string> valid = keys_of(node.at("properties"));
  valid.merge(keys_of(variants.at(chosen.get<std::string>()).at("properties")));
  return unknown_key_message(key, {valid.begin(), valid.end()}, context);
}

// The variant of a discriminated object ("variants") that `value` selects, or nullptr and the
// problem to report at its variant key (missing, not a string, names no variant).
struct Selection {
  const json* variant;
  std::string problem;
};

Selection select_variant(const json& node, const json& value) {
  const auto& key = node.at("variant_key").get_ref<const std::string&>();
  const json& variants = node.at("variants");
  const std::vector<std::string> names = names_of(variants);
  if (!value.contains(key)) {
    return {nullptr, "missing required key " + quote(key) + " (one of " + quoted_list(names) + ")"};
  }
  const json& chosen = value.at(key);
  if (!chosen.is_string()) {
    return {nullptr, "expected one of " + quoted_list(names) + ", got " + describe(chosen)};
  }
  const auto& name = chosen.get_ref<const std::string&>();
  if (!variants.contains(name)) return {nullptr, enum_message(names, name)};
  return {&variants.at(name), ""};
}

}  // namespace

bool is_optional(const json& node) { return node.value("optional", false); }

Validator::Validator(OriginMap& origins, std::vector<Diagnostic>& out)
    : m_origins(origins), m_out(out) {}

void Validator::report(const std::string& path, std::string message) {
  m_out.push_back({origin_lookup(m_origins, path), path, std::move(message)});
}

void Validator::check(const json& node, json& value, const std::string& path) {
  const auto& type = node.at("type").get_ref<const std::string&>();
  if (type == "object") {
    check_object(node, value, path);
  } else if (type == "map") {
    check_map(node, value, path);
  } else if (type == "array") {
    check_array(node, value, path);
  } else if (type == "integer") {
    check_integer(node, value, path);
  } else if (type == "number") {
    check_number(node, value, path);
  } else if (type == "boolean") {
    if (!value.is_boolean()) report(path, "expected a boolean, got " + describe(value));
  } else if (type == "string") {
    check_string(node, value, path);
    if (node.value("file", false) && value.is_string()) anchor_file(value, path);
  } else if (type == "size") {
    check_size(node, value, path);
  } else if (type == "address") {
    check_address(node, value, path);
  }
}

void Validator::check_object(const json& node, json& value, const std::string& path) {
  if (!value.is_object()) {
    report(path, "expected an object, got " + describe(value));
    return;
  }
  static const json kNoProperties = json::object();
  const json& properties = node.at("properties");
  std::set<std::string> required;
  for (const auto& name : node.value("required", json::array())) {
    required.insert(name.get<std::string>());
  }
  // A discriminated object ("variants"): its variant key selects which keys besides the common
  // ones are allowed. Without a valid selection only the common keys can be judged; the variant
  // key's own error is the one the user has to fix, so the other keys are left alone.
  const bool has_variants = node.contains("variants");
  const std::string variant_key = has_variants ? node.at("variant_key").get<std::string>() : "";
  const Selection selection = has_variants ? select_variant(node, value) : Selection{nullptr, ""};
  const json& variant_properties =
      selection.variant != nullptr ? selection.variant->at("properties") : kNoProperties;
  if (selection.variant != nullptr) {
    for (const auto& name : selection.variant->value("required", json::array())) {
      required.insert(name.get<std::string>());
    }
  }
  // Walk config keys and schema keys together, in sorted order, so diagnostics come out in
  // document order whether a key is unknown, present or missing.
  std::set<std::string> names = keys_of(value);
  names.merge(keys_of(properties));
  names.merge(keys_of(variant_properties));
  for (const auto& name : names) {
    const std::string key_path = child_path(path, name);
    if (has_variants && name == variant_key) {
      if (!selection.problem.empty()) report(key_path, selection.problem);
      continue;
    }
    const json* child_node = properties.contains(name)           ? &properties.at(name)
                             : variant_properties.contains(name) ? &variant_properties.at(name)
                                                                 : nullptr;
    if (child_node == nullptr) {
      // "any_keys": a free-form object whose reader validates it (a plug-in's params).
      if (node.value("any_keys", false)) continue;
      if (!has_variants) {
        report(key_path, unknown_key_message(name, names_of(properties)));
      } else if (selection.variant != nullptr) {
        report(key_path, unknown_variant_key_message(node, value.at(variant_key), name));
      }
      continue;
    }
    if (value.contains(name)) {
      if (value.at(name).is_null() && is_optional(*child_node)) {
        value.erase(name);
        origin_erase_tree(m_origins, key_path);
        continue;
      }
      check(*child_node, value.at(name), key_path);
    } else if (required.count(name) != 0) {
      report(path, "missing required key " + quote(name));
    } else {
      fill_absent(*child_node, value, name, key_path);
    }
  }
}

void Validator::fill_absent(const json& node, json& parent, const std::string& key,
                            const std::string& path) {
  if (node.contains("default")) {
    parent[key] = node.at("default");
  } else if (const auto& type = node.at("type");
             (type == "object" || type == "map") && !is_optional(node)) {
    // Created so that components can read the full tree without checking for presence.
    parent[key] = json::object();
  } else {
    return;
  }
  // Checking normalises the default ("4K" -> 4096) and fills nested defaults. Problems inside a
  // created object (a missing required key) are the config's fault, so they are reported before
  // the subtree is marked as coming from defaults.
  check(node, parent[key], path);
  origin_record_tree(m_origins, path, parent[key], kDefaultsOrigin);
}

void Validator::check_map(const json& node, json& value, const std::string& path) {
  if (!value.is_object()) {
    report(path, "expected an object mapping names to entries, got " + describe(value));
    return;
  }
  const std::string pattern = node.value("key_pattern", std::string(kDefaultKeyPattern));
  const std::regex key_regex(pattern);
  for (const auto& name : keys_of(value)) {
    const std::string entry_path = child_path(path, name);
    // null removes an entry, which is how a derived config drops an entry of its base.
    if (value.at(name).is_null()) {
      value.erase(name);
      origin_erase_tree(m_origins, entry_path);
      continue;
    }
    bool name_ok = false;
    try {
      name_ok = std::regex_match(name, key_regex);
    } catch (const std::regex_error&) {
      name_ok = false;
    }
    if (!name_ok)
      report(entry_path, "invalid name " + quote(name) + " (must match " + pattern + ")");
    check(node.at("values"), value.at(name), entry_path);
  }
  if (node.contains("min_entries") && value.size() < node.at("min_entries").get<uint64_t>()) {
    report(path, "map has " + std::to_string(value.size()) + " entries, expected at least " +
                     dump_scalar(node.at("min_entries")));
  }
}

void Validator::check_array(const json& node, json& value, const std::string& path) {
  if (!value.is_array()) {
    report(path, "expected an array, got " + describe(value));
    return;
  }
  const std::string count = std::to_string(value.size());
  if (node.contains("min_items") && value.size() < node.at("min_items").get<uint64_t>()) {
    report(path,
           "array has " + count + " items, expected at least " + dump_scalar(node.at("min_items")));
  }
  if (node.contains("max_items") && value.size() > node.at("max_items").get<uint64_t>()) {
    report(path,
           "array has " + count + " items, expected at most " + dump_scalar(node.at("max_items")));
  }
  for (std::size_t i = 0; i < value.size(); ++i) {
    check(node.at("items"), value[i], index_path(path, i));
  }
}

void Validator::check_range(const json& node, const json& value, const std::string& path) {
  const std::string shown = dump_scalar(value);
  if (node.contains("minimum") && compare_numbers(value, node.at("minimum")) < 0) {
    report(path, "value " + shown + " is below the minimum " + dump_scalar(node.at("minimum")));
  }
  if (node.contains("maximum") && compare_numbers(value, node.at("maximum")) > 0) {
    report(path, "value " + shown + " is above the maximum " + dump_scalar(node.at("maximum")));
  }
  if (node.contains("exclusive_minimum") &&
      compare_numbers(value, node.at("exclusive_minimum")) <= 0) {
    report(path,
           "value " + shown + " must be greater than " + dump_scalar(node.at("exclusive_minimum")));
  }
  if (node.contains("exclusive_maximum") &&
      compare_numbers(value, node.at("exclusive_maximum")) >= 0) {
    report(path,
           "value " + shown + " must be less than " + dump_scalar(node.at("exclusive_maximum")));
  }
}

void Validator::check_integer(const json& node, const json& value, const std::string& path) {
  // is_number_integer() is false for booleans and floats, so 1.5 and true are both rejected.
  if (!value.is_number_integer()) {
    report(path, "expected an integer, got " + describe(value));
    return;
  }
  check_range(node, value, path);
  // Widths the models divide by shifting and masking (and hardware builds that way).
  if (node.value("power_of_two", false) && value.is_number_unsigned()) {
    const uint64_t n = value.get<uint64_t>();
    if (n == 0 || (n & (n - 1)) != 0) {
      report(path, "value " + std::to_string(n) + " is not a power of two");
    }
  }
}

void Validator::check_number(const json& node, const json& value, const std::string& path) {
  if (!value.is_number()) {
    report(path, "expected a number, got " + describe(value));
    return;
  }
  check_range(node, value, path);
}

void Validator::check_string(const json& node, const json& value, const std::string& path) {
  if (!value.is_string()) {
    report(path, "expected a string, got " + describe(value));
    return;
  }
  if (!node.contains("enum")) return;
  const auto& text = value.get_ref<const std::string&>();
  for (const auto& allowed : node.at("enum")) {
    if (allowed == text) return;
  }
  std::vector<std::string> names;
  for (const auto& allowed : node.at("enum")) names.push_back(allowed.get<std::string>());
  report(path, enum_message(names, text));
}

void Validator::check_size(const json& node, json& value, const std::string& path) {
  if (is_negative_integer(value)) {
    report(path, "expected a non-negative size, got " + dump_scalar(value));
    return;
  }
  const auto bytes = parse_size(value);
  if (!bytes) {
    // A string that fails to parse is shown bare: its type was right, its spelling was not.
    report(path, std::string(kExpectedSize) + ", got " +
                     (value.is_string() ? dump_scalar(value) : describe(value)));
    return;
  }
  const std::string shown = std::to_string(*bytes);
  if (node.contains("minimum") && *bytes < *parse_size(node.at("minimum"))) {
    report(path, "size " + shown + " is below the minimum " +
                     std::to_string(*parse_size(node.at("minimum"))));
  }
  if (node.contains("maximum") && *bytes > *parse_size(node.at("maximum"))) {
    report(path, "size " + shown + " is above the maximum " +
                     std::to_string(*parse_size(node.at("maximum"))));
  }
  if (node.value("power_of_two", false) && (*bytes == 0 || (*bytes & (*bytes - 1)) != 0)) {
    report(path, "size " + shown + " is not a power of two");
  }
  value = *bytes;
}

void Validator::check_address(const json& node, json& value, const std::string& path) {
  if (is_negative_integer(value)) {
    report(path, "expected a non-negative address, got " + dump_scalar(value));
    return;
  }
  const auto address = parse_address(value);
  if (!address) {
    report(path, std::string(kExpectedAddress) + ", got " +
                     (value.is_string() ? dump_scalar(value) : describe(value)));
    return;
  }
  if (node.contains("alignment")) {
    const auto alignment = node.at("alignment").get<uint64_t>();
    if (*address % alignment != 0) {
      report(path, "address " + to_hex(*address) + " is not aligned to " +
                       std::to_string(alignment) + " bytes");
    }
  }
  value = to_hex(*address);
}

// A file name is relative to the config file that wrote it (a config and its data move
// together), or to the working directory for --set and defaults. Made absolute once, here, so
// every reader sees the same file and the run's config.json re-runs from any directory.
void Validator::anchor_file(json& value, const std::string& path) {
  const std::string name = value.get<std::string>();
  if (name.empty()) return;  // "no file"
  const std::filesystem::path file(name);
  if (file.is_absolute()) {
    value = file.lexically_normal().string();
    return;
  }
  std::error_code ec;
  const std::filesystem::path origin(origin_lookup(m_origins, path));
  // A config named without a directory ("soc.json") lies in the working directory.
  const bool from_file = std::filesystem::is_regular_file(origin, ec) && origin.has_parent_path();
  const std::filesystem::path dir =
      std::filesystem::absolute(from_file ? origin.parent_path() : std::filesystem::path("."), ec);
  value = (dir / file).lexically_normal().string();
}

}  // namespace accsim::config::detail
