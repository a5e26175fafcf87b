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

std::vector<std::string> constraints(const json& node, bool required) {
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
  if (node.value("file", json(false)) == true) {
    parts.push_back("a file, relative to the config file that names it");
  }
  if (node.contains("enum")) {
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

void write_rows(const json& node, const std::string& path, bool required, std::ostream& out) {
  if (!path.empty()) {
    const std::string default_text =
        node.contains("default") ? code(dump_scalar(node.at("default"))) : "";
    out << "| " << cell(code(path)) << " | " << node.at("type").get<std::string>() << " | "
        << cell(default_text) << " | " << cell(join(constraints(node, required), "; ")) << " | "
        << cell(node.at("description").get<std::string>()) << " |\n";
  }
  const std::string type = node.at("type");
  if (type == "object") {
    std::set<std::string> required_names;
    for (const auto& name : node.value("required", json::array())) required_names.insert(name);
    for (const auto& [name, child] : node.at("properties").items()) {
      write_rows(child, detail::child_path(path, name), required_names.count(name) != 0, out);
    }
  } else if (type == "map") {
    write_rows(node.at("values"), detail::child_path(path, "<name>"), false, out);
  } else if (type == "array") {
    write_rows(node.at("items"), path + "[]", false, out);
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
  write_rows(root, "", false, out);
  return out.str();
}

}  // namespace accsim::config
