// Checks the schema itself, so that a mistake in the schema is reported once, at startup, with
// its location, instead of surfacing as a confusing error about some user's config.
#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <utility>

#include "jsonconfig/config.h"
#include "jsonconfig/json_util.h"
#include "jsonconfig/validator.h"

namespace accsim::config {

namespace {

using detail::describe;
using detail::json;
using detail::quote;

const std::vector<std::string> kCommonKeywords = {"type", "description", "default"};

// Keywords each type accepts besides the common ones.
const std::map<std::string, std::vector<std::string>>& type_keywords() {
  static const std::map<std::string, std::vector<std::string>> keywords = {
      {"object", {"properties", "required", "optional", "variant_key", "variants", "any_keys"}},
      {"map", {"values", "key_pattern", "min_entries", "optional"}},
      {"array", {"items", "min_items", "max_items"}},
      {"integer", {"minimum", "maximum", "power_of_two"}},
      {"number", {"minimum", "maximum", "exclusive_minimum", "exclusive_maximum"}},
      {"boolean", {}},
      {"string", {"enum", "file"}},
      {"size", {"minimum", "maximum", "power_of_two"}},
      {"address", {"alignment"}},
  };
  return keywords;
}

// A variant is not a schema node of its own: it only adds keys to its object.
const std::vector<std::string> kVariantKeywords = {"description", "properties", "required"};

std::string keyword_path(const std::string& path, const std::string& keyword) {
  return detail::child_path(path, keyword);
}

bool has_description(const json& node) {
  return node.contains("description") && node.at("description").is_string() &&
         !node.at("description").get_ref<const std::string&>().empty();
}

std::string quoted_list(const std::vector<std::string>& names) {
  std::string list;
  for (const auto& name : names) list += (list.empty() ? "" : ", ") + quote(name);
  return list;
}

class SchemaChecker {
 public:
  explicit SchemaChecker(std::string origin) : m_origin(std::move(origin)) {}

  std::vector<Diagnostic> run(const json& root) {
    if (!detail::within_depth(root, detail::kMaxDepth)) {
      error("", "schema nests deeper than " + std::to_string(detail::kMaxDepth) + " levels");
      return m_diags;
    }
    check_node(root, "");
    if (m_diags.empty() && root.at("type") != "object") {
      error("type",
            "the root node must have type \"object\", got " + detail::dump_scalar(root.at("type")));
    }
    // Defaults are checked with the validator, which assumes a well-formed schema.
    if (m_diags.empty()) check_defaults(root, "");
    return m_diags;
  }

 private:
  void error(const std::string& path, std::string message) {
    m_diags.push_back({m_origin, path, std::move(message)});
  }

  void check_node(const json& node, const std::string& path) {
    if (!node.is_object()) {
      error(path, "expected a schema node (an object), got " + describe(node));
      return;
    }
    if (!has_description(node)) error(path, "missing \"description\" (a non-empty string)");
    const auto type = check_type(node, path);
    if (!type) return;
    check_keywords(node, *type, path);
    if (*type == "object") {
      check_object(node, path);
    } else if (*type == "map") {
      check_map(node, path);
    } else if (*type == "array") {
      check_array(node, path);
    } else if (*type == "integer") {
      check_bounds(node, path, &json::is_number_integer, "an integer");
      check_boolean(node, path, "power_of_two");
    } else if (*type == "number") {
      check_bounds(node, path, &json::is_number, "a number");
    } else if (*type == "string") {
      check_enum(node, path);
    } else if (*type == "size") {
      check_size(node, path);
    } else if (*type == "address") {
      check_positive(node, path, "alignment");
    }
  }

  std::optional<std::string> check_type(const json& node, const std::string& path) {
    if (!node.contains("type")) {
      error(path, "missing \"type\"");
      return std::nullopt;
    }
    const json& type = node.at("type");
    std::vector<std::string> known;
    for (const auto& [name, unused] : type_keywords()) known.push_back(name);
    if (type.is_string() && type_keywords().count(type.get<std::string>()) != 0) {
      return type.get<std::string>();
    }
    std::string message =
        "unknown type " + (type.is_string() ? detail::dump_scalar(type) : describe(type));
    const std::string hint = type.is_string() ? did_you_mean(type.get<std::string>(), known) : "";
    if (!hint.empty()) message += " (did you mean " + quote(hint) + "?)";
    error(keyword_path(path, "type"), message);
    return std::nullopt;
  }

  void check_keywords(const json& node, const std::string& type, const std::string& path) {
    std::vector<std::string> allowed = kCommonKeywords;
    const auto& extra = type_keywords().at(type);
    allowed.insert(allowed.end(), extra.begin(), extra.end());
    for (const auto& [keyword, unused] : node.items()) {
      if (std::find(allowed.begin(), allowed.end(), keyword) != allowed.end()) continue;
      std::string message = "unknown keyword " + quote(keyword) + " for type " + quote(type);
      const std::string hint = did_you_mean(keyword, allowed);
      if (!hint.empty()) message += " (did you mean " + quote(hint) + "?)";
      error(keyword_path(path, keyword), message);
    }
    for (const char* flag : {"optional", "any_keys"}) {
      if (node.contains(flag) && !node.at(flag).is_boolean()) {
        error(keyword_path(path, flag), "expected a boolean, got " + describe(node[flag]));
      }
    }
  }

  void check_object(const json& node, const std::string& path) {
    const std::string properties_path = keyword_path(path, "properties");
    if (!node.contains("properties") || !node.at("properties").is_object()) {
      error(properties_path, "an object node needs \"properties\" (an object)");
      return;
    }
    const json& properties = node.at("properties");
    for (const auto& [name, child] : properties.items()) {
      check_node(child, detail::child_path(properties_path, name));
    }
    check_required(node, properties, path);
    if (node.contains("variant_key") || node.contains("variants")) check_variants(node, path);
    // Free keys beside variants would make a misspelt variant key silently valid.
    if (node.value("any_keys", json(false)) == true && node.contains("variants")) {
      error(keyword_path(path, "any_keys"), "an object with \"variants\" cannot take any keys");
    }
  }

  // The "required" list of `holder` (an object node or a variant) against its `properties`.
  void check_required(const json& holder, const json& properties, const std::string& path) {
    if (!holder.contains("required")) return;
    const std::string required_path = keyword_path(path, "required");
    const json& required = holder.at("required");
    if (!required.is_array()) {
      error(required_path, "expected an array of property names, got " + describe(required));
      return;
    }
    std::set<std::string> seen;
    for (std::size_t i = 0; i < required.size(); ++i) {
      const std::string item_path = detail::index_path(required_path, i);
      if (!required[i].is_string()) {
        error(item_path, "expected a property name, got " + describe(required[i]));
        continue;
      }
      const auto& name = required[i].get_ref<const std::string&>();
      if (!seen.insert(name).second) error(item_path, "duplicate name " + quote(name));
      if (!properties.contains(name)) {
        error(item_path, "required property " + quote(name) + " is not in \"properties\"");
        continue;
      }
      // Both would be silently ignored at load time, so they are schema mistakes.
      const json& child = properties.at(name);
      if (child.is_object() && child.contains("default")) {
        error(item_path, "required property " + quote(name) + " also has a default");
      }
      if (child.is_object() && child.value("optional", json(false)) == true) {
        error(item_path, "required property " + quote(name) + " is also optional");
      }
    }
  }

  // "variant_key" and "variants" of an object node whose "properties" are an object.
  void check_variants(const json& node, const std::string& path) {
    const std::string key_path = keyword_path(path, "variant_key");
    const std::string variants_path = keyword_path(path, "variants");
    if (!node.contains("variant_key")) {
      error(key_path, "\"variants\" needs \"variant_key\" (the property that selects a variant)");
    }
    if (!node.contains("variants")) {
      error(variants_path, "\"variant_key\" needs \"variants\" (an object of variants by name)");
    }
    std::vector<std::string> names;
    if (node.contains("variants")) {
      const json& variants = node.at("variants");
      if (!variants.is_object() || variants.empty()) {
        error(variants_path,
              "expected a non-empty object of variants by name, got " + describe(variants));
      } else {
        for (const auto& [name, variant] : variants.items()) {
          names.push_back(name);
          check_variant(variant, name, node.at("properties"),
                        detail::child_path(variants_path, name));
        }
      }
    }
    if (node.contains("variant_key")) check_variant_key(node, names, path);
  }

  // The variant key must be a required string property: an entry without it could not say
  // which keys it may have, and a default kind would silently reinterpret an entry that forgot
  // to name its own. Its values are the variant names, so an "enum" is redundant; if given
  // anyway it must agree.
  void check_variant_key(const json& node, const std::vector<std::string>& names,
                         const std::string& path) {
    const std::string key_path = keyword_path(path, "variant_key");
    const json& key = node.at("variant_key");
    if (!key.is_string()) {
      error(key_path, "expected a property name, got " + describe(key));
      return;
    }
    const auto& name = key.get_ref<const std::string&>();
    const json& properties = node.at("properties");
    if (!properties.contains(name)) {
      std::vector<std::string> known;
      for (const auto& [property, unused] : properties.items()) known.push_back(property);
      std::string message = "variant key " + quote(name) + " is not in \"properties\"";
      const std::string hint = did_you_mean(name, known);
      if (!hint.empty()) message += " (did you mean " + quote(hint) + "?)";
      error(key_path, message);
      return;
    }
    const json& property = properties.at(name);
    // A malformed property node has been reported by check_node already.
    if (!property.is_object() || !property.contains("type")) return;
    if (property.at("type") != "string") {
      error(key_path, "variant key " + quote(name) + " must be a string property, got type " +
                          detail::dump_scalar(property.at("type")));
      return;
    }
    const json required = node.value("required", json::array());
    if (!required.is_array() ||
        std::find(required.begin(), required.end(), key) == required.end()) {
      error(key_path, "variant key " + quote(name) + " must be listed in \"required\"");
    }
    if (!property.contains("enum") || names.empty()) return;
    const json& values = property.at("enum");
    std::set<std::string> listed;
    for (const auto& value : values.is_array() ? values : json::array()) {
      if (value.is_string()) listed.insert(value.get<std::string>());
    }
    if (listed != std::set<std::string>(names.begin(), names.end())) {
      error(keyword_path(detail::child_path(keyword_path(path, "properties"), name), "enum"),
            "the values of variant key " + quote(name) + " are the variant names (" +
                quoted_list(names) + "); list exactly those or leave \"enum\" out");
    }
  }

  void check_variant(const json& variant, const std::string& name, const json& common,
                     const std::string& path) {
    if (name.empty()) error(path, "a variant needs a non-empty name");
    if (!variant.is_object()) {
      error(path, "expected a variant (an object with \"description\" and \"properties\"), got " +
                      describe(variant));
      return;
    }
    for (const auto& [keyword, unused] : variant.items()) {
      if (std::find(kVariantKeywords.begin(), kVariantKeywords.end(), keyword) !=
          kVariantKeywords.end()) {
        continue;
      }
      std::string message = "unknown keyword " + quote(keyword) + " for a variant";
      const std::string hint = did_you_mean(keyword, kVariantKeywords);
      if (!hint.empty()) message += " (did you mean " + quote(hint) + "?)";
      error(keyword_path(path, keyword), message);
    }
    if (!has_description(variant)) error(path, "missing \"description\" (a non-empty string)");
    const std::string properties_path = keyword_path(path, "properties");
    if (!variant.contains("properties") || !variant.at("properties").is_object()) {
      error(properties_path, "a variant needs \"properties\" (an object, may be empty)");
      return;
    }
    const json& properties = variant.at("properties");
    for (const auto& [property, child] : properties.items()) {
      const std::string property_path = detail::child_path(properties_path, property);
      // One meaning per key across all entries: the common node would silently win.
      if (common.contains(property)) {
        error(property_path, "variant redefines common property " + quote(property));
        continue;
      }
      check_node(child, property_path);
    }
    check_required(variant, properties, path);
  }

  void check_map(const json& node, const std::string& path) {
    if (!node.contains("values")) {
      error(keyword_path(path, "values"), "a map node needs \"values\" (a schema node)");
    } else {
      check_node(node.at("values"), keyword_path(path, "values"));
    }
    check_count(node, path, "min_entries");
    if (!node.contains("key_pattern")) return;
    const json& pattern = node.at("key_pattern");
    const std::string pattern_path = keyword_path(path, "key_pattern");
    if (!pattern.is_string()) {
      error(pattern_path, "expected a regular expression string, got " + describe(pattern));
      return;
    }
    try {
      std::regex compiled(pattern.get<std::string>());
    } catch (const std::regex_error& e) {
      error(pattern_path,
            "invalid regular expression " + detail::dump_scalar(pattern) + ": " + e.what());
    }
  }

  void check_array(const json& node, const std::string& path) {
    if (!node.contains("items")) {
      error(keyword_path(path, "items"), "an array node needs \"items\" (a schema node)");
    } else {
      check_node(node.at("items"), keyword_path(path, "items"));
    }
    const bool min_ok = check_count(node, path, "min_items");
    const bool max_ok = check_count(node, path, "max_items");
    if (min_ok && max_ok && node.contains("min_items") && node.contains("max_items") &&
        node.at("min_items").get<uint64_t>() > node.at("max_items").get<uint64_t>()) {
      error(keyword_path(path, "min_items"), "min_items is greater than max_items");
    }
  }

  // A non-negative integer keyword; returns false if present and invalid.
  bool check_count(const json& node, const std::string& path, const std::string& keyword) {
    if (!node.contains(keyword)) return true;
    const json& value = node.at(keyword);
    if (value.is_number_unsigned()) return true;
    error(keyword_path(path, keyword), "expected a non-negative integer, got " + describe(value));
    return false;
  }

  void check_positive(const json& node, const std::string& path, const std::string& keyword) {
    if (!node.contains(keyword)) return;
    const json& value = node.at(keyword);
    if (value.is_number_unsigned() && value.get<uint64_t>() > 0) return;
    error(keyword_path(path, keyword), "expected a positive integer, got " + describe(value));
  }

  void check_bounds(const json& node, const std::string& path, bool (json::*is_valid)() const,
                    const std::string& expected) {
    bool all_valid = true;
    for (const char* keyword : {"minimum", "maximum", "exclusive_minimum", "exclusive_maximum"}) {
      if (!node.contains(keyword) || (node.at(keyword).*is_valid)()) continue;
      error(keyword_path(path, keyword),
            "expected " + expected + ", got " + describe(node.at(keyword)));
      all_valid = false;
    }
    if (all_valid && node.contains("minimum") && node.contains("maximum") &&
        detail::compare_numbers(node.at("minimum"), node.at("maximum")) > 0) {
      error(keyword_path(path, "minimum"), "minimum is greater than maximum");
    }
  }

  void check_enum(const json& node, const std::string& path) {
    if (!node.contains("enum")) return;
    const json& values = node.at("enum");
    const std::string enum_path = keyword_path(path, "enum");
    if (!values.is_array() || values.empty()) {
      error(enum_path, "expected a non-empty array of strings, got " + describe(values));
      return;
    }
    std::set<std::string> seen;
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (!values[i].is_string()) {
        error(detail::index_path(enum_path, i), "expected a string, got " + describe(values[i]));
      } else if (!seen.insert(values[i].get<std::string>()).second) {
        error(detail::index_path(enum_path, i),
              "duplicate value " + detail::dump_scalar(values[i]));
      }
    }
  }

  void check_size(const json& node, const std::string& path) {
    bool all_valid = true;
    for (const char* keyword : {"minimum", "maximum"}) {
      if (!node.contains(keyword) || parse_size(node.at(keyword))) continue;
      error(keyword_path(path, keyword),
            "expected a size (bytes, or a string like \"4K\"), got " + describe(node.at(keyword)));
      all_valid = false;
    }
    if (all_valid && node.contains("minimum") && node.contains("maximum") &&
        *parse_size(node.at("minimum")) > *parse_size(node.at("maximum"))) {
      error(keyword_path(path, "minimum"), "minimum is greater than maximum");
    }
    check_boolean(node, path, "power_of_two");
  }

  void check_boolean(const json& node, const std::string& path, const char* keyword) {
    if (node.contains(keyword) && !node.at(keyword).is_boolean()) {
      error(keyword_path(path, keyword), "expected a boolean, got " + describe(node.at(keyword)));
    }
  }

  void check_defaults(const json& node, const std::string& path) {
    if (node.contains("default")) {
      json value = node.at("default");
      detail::OriginMap origins;
      std::vector<Diagnostic> problems;
      detail::Validator(origins, problems).check(node, value, "");
      for (const auto& problem : problems) {
        const std::string where = problem.path.empty() ? "" : "at " + problem.path + " ";
        error(keyword_path(path, "default"),
              "default " + where + "violates its own node: " + problem.message);
      }
    }
    const std::string type = node.at("type");
    if (type == "object") {
      const std::string properties_path = keyword_path(path, "properties");
      for (const auto& [name, child] : node.at("properties").items()) {
        check_defaults(child, detail::child_path(properties_path, name));
      }
      const json variants = node.value("variants", json::object());
      for (const auto& [name, variant] : variants.items()) {
        const std::string variant_path = detail::child_path(keyword_path(path, "variants"), name);
        for (const auto& [property, child] : variant.at("properties").items()) {
          check_defaults(child,
                         detail::child_path(keyword_path(variant_path, "properties"), property));
        }
      }
    } else if (type == "map") {
      check_defaults(node.at("values"), keyword_path(path, "values"));
    } else if (type == "array") {
      check_defaults(node.at("items"), keyword_path(path, "items"));
    }
  }

  std::string m_origin;
  std::vector<Diagnostic> m_diags;
};

}  // namespace

Schema::Schema(nlohmann::json root, std::string origin)
    : m_root(std::move(root)), m_origin(std::move(origin)) {}

Schema Schema::from_file(const std::filesystem::path& file) {
  std::vector<Diagnostic> diags;
  auto root = detail::read_json_file(file, file.string(), diags);
  if (!root) throw ConfigError(std::move(diags));
  return from_json(std::move(*root), file.string());
}

Schema Schema::from_json(nlohmann::json root, std::string origin) {
  auto diags = SchemaChecker(origin).run(root);
  if (!diags.empty()) throw ConfigError(std::move(diags));
  return Schema(std::move(root), std::move(origin));
}

}  // namespace accsim::config
