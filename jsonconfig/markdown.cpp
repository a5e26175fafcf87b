// Generates the configuration reference from the schema, so the docs cannot drift from the
// validator.
#include <set>
#include <sstream>

#include "jsonconfig/config.h"
#include "jsonconfig/json_util.h"
#include "jsonconfig/validator.h"

namespace accsim::config {

namespace {

using detail::dump_scalar;
using detail::json;

// Table cells cannot contain raw pipes or line breaks.
std::string cell(const std::string& text) {
  std::string result;
  for (const char c : text) {
    if (c == '|') {
      result += "\\|";
    } else if (c == '\n' || c == '\r') {
      result += ' ';
    } else {
      result += c;
    }
  }
  return result;
}

std::string code(const std::string& text) { return "`" + text + "`"; }

std::string join(const std::vector<std::string>& parts, const std::string& separator) {
  std::string result;
  for (const auto& part : parts) result += (result.empty() ? "" : separator) + part;
  return result;
}

// `variant_names` is non-empty for the variant key of a discriminated object: its values are the
// variant names whether or not the schema repeats them as an "enum".
std::vector<std::string> constraints(const json& node, bool required,
                                     const std::vector<std::string>& variant_names) {
  std::vector<std::string> parts;
  if (required) parts.push_back("required");
  if (detail::is_optional(node)) parts.push_back("optional (absent unless set)");
  const auto add = [&](const char* keyword, const std::string& label) {
    if (node.contains(keyword)) parts.push_back(label + " " + dump_scalar(node.at(keyword)));
  };
  add("minimum", "minimum");
  add("maximum", "maximum");
  add("exclusive_minimum", "greater than");
  add("exclusive_maximum", "less than");
  add("min_items", "at least items:");
  add("max_items", "at most items:");
  add("min_entries", "at least entries:");
  add("alignment", "aligned to");
  if (node.value("power_of_two", json(false)) == true) parts.push_back("power of two");
  if (node.value("any_keys", json(false)) == true) parts.push_back("any keys (not checked here)");
  if (node.value("file", json(false)) == true) {
    parts.push_back("a file, relative to the config file that names it");
  }
  if (!variant_names.empty()) {
    std::vector<std::string> values;
    for (const auto& name : variant_names) values.push_back(code(dump_scalar(json(name))));
    parts.push_back("one of " + join(values, ", ") + "; selects the variant");
  } else if (node.contains("enum")) {
    std::vector<std::string> values;
    for (const auto& value : node.at("enum")) values.push_back(code(dump_scalar(value)));
    parts.push_back("one of " + join(values, ", "));
  }
  if (node.at("type") == "map") {
    parts.push_back("names match " +
                    code(node.value("key_pattern", std::string(detail::kDefaultKeyPattern))));
  }
  return parts;
}

// One table row. `variant` qualifies keys that exist only in one variant ("kind timer"); it is
// "" for keys every entry has.
void write_row(const std::string& path, const std::string& variant, const std::string& type,
               const std::string& default_text, const std::vector<std::string>& constraint_parts,
               const std::string& description, std::ostream& out) {
  std::string key = code(path);
  if (!variant.empty()) key = path.empty() ? variant : key + " (" + variant + ")";
  out << "| " << cell(key) << " | " << type << " | " << cell(default_text) << " | "
      << cell(join(constraint_parts, "; ")) << " | " << cell(description) << " |\n";
}

void write_rows(const json& node, const std::string& path, bool required,
                const std::vector<std::string>& variant_names, const std::string& variant,
                std::ostream& out);

// The rows of `properties` below `path`, in name order.
void write_properties(const json& properties, const json& required_list, const std::string& path,
                      const std::string& variant_key, const std::vector<std::string>& names,
                      const std::string& variant, std::ostream& out) {
  std::set<std::string> required;
  for (const auto& name : required_list) required.insert(name);
  for (const auto& [name, child] : properties.items()) {
    write_rows(child, detail::child_path(path, name), required.count(name) != 0,
               name == variant_key ? names : std::vector<std::string>{}, variant, out);
  }
}

void write_rows(const json& node, const std::string& path, bool required,
                const std::vector<std::string>& variant_names, const std::string& variant,
                std::ostream& out) {
  if (!path.empty()) {
    write_row(path, variant, node.at("type").get<std::string>(),
              node.contains("default") ? code(dump_scalar(node.at("default"))) : "",
              constraints(node, required, variant_names), node.at("description").get<std::string>(),
              out);
  }
  const std::string type = node.at("type");
  if (type == "object") {
    // Common keys first, then each variant's own keys after a row for the variant itself, so
    // that the keys every entry has are not scattered between variants.
    const json variants = node.value("variants", json::object());
    const std::string variant_key = node.value("variant_key", std::string());
    std::vector<std::string> names;
    for (const auto& [name, unused] : variants.items()) names.push_back(name);
    write_properties(node.at("properties"), node.value("required", json::array()), path,
                     variant_key, names, variant, out);
    for (const auto& [name, body] : variants.items()) {
      const std::string selected = variant_key + " " + name;
      const std::string qualifier = variant.empty() ? selected : variant + ", " + selected;
      write_row(path, qualifier, "variant", "", {}, body.at("description").get<std::string>(), out);
      write_properties(body.at("properties"), body.value("required", json::array()), path, "", {},
                       qualifier, out);
    }
  } else if (type == "map") {
    write_rows(node.at("values"), detail::child_path(path, "<name>"), false, {}, variant, out);
  } else if (type == "array") {
    write_rows(node.at("items"), path + "[]", false, {}, variant, out);
  }
}

}  // namespace

std::string schema_to_markdown(const Schema& schema) {
  const json& root = schema.root();
  std::ostringstream out;
  out << "# Configuration reference\n\n"
      << root.at("description").get<std::string>() << "\n\n"
      << "Sizes accept bytes or strings such as \"4K\", \"32M\", \"1G\" (K = 1024). Addresses "
         "accept hex strings such as \"0x4000_0000\" or integers.\n\n"
      << "| Key | Type | Default | Constraints | Description |\n"
      << "|-----|------|---------|-------------|-------------|\n";
  write_rows(root, "", false, {}, "", out);
  return out.str();
}

}  // namespace accsim::config
