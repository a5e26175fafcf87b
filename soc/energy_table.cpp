#include "energy_table.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "jsonconfig/config.h"
#include "jsonconfig/parse_json.h"

namespace accsim::energy {

namespace {

using nlohmann::json;

// Errors name the config key that chose the file, the file and the path inside it.
[[noreturn]] void fail(const std::string& key, const std::string& file, const std::string& path,
                       const std::string& problem) {
  throw config::ValueError(key, file + ": " + path + ": " + problem);
}

void check_keys(const json& node, const std::set<std::string>& known, const std::string& key,
                const std::string& file, const std::string& path) {
  for (const auto& [name, value] : node.items()) {
    (void)value;
    if (known.count(name) == 0) {
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      fail(key, file, path, "unknown key \"" + name + "\" (known: " + list + ")");
    }
  }
}

double number(const json& node, const char* name, const std::string& key, const std::string& file,
              const std::string& path) {
  const json& v = node.at(name);
  if (!v.is_number() || v.get<double>() < 0 || !std::isfinite(v.get<double>())) {
    fail(key, file, path + "." + name, "must be a number >= 0");
  }
  return v.get<double>();
}

std::string text(const json& node, const char* name, const std::string& key,
                 const std::string& file, const std::string& path, bool required) {
  if (!node.contains(name)) {
    if (required) fail(key, file, path, std::string("needs \"") + name + "\"");
    return "";
  }
  const json& v = node.at(name);
  if (!v.is_string() || (required && v.get_ref<const std::string&>().empty())) {
    fail(key, file, path + "." + name, "must be a non-empty string");
  }
  return v.get<std::string>();
}

ClassEnergy parse_class(const json& node, const std::string& key, const std::string& file,
                        const std::string& path) {
  if (!node.is_object()) fail(key, file, path, "must be an object");
  check_keys(node, {"description", "actions", "scale", "leakage"}, key, file, path);
  ClassEnergy c;
  c.description = text(node, "description", key, file, path, false);
  if (!node.contains("actions") || !node.at("actions").is_object()) {
    fail(key, file, path, "needs \"actions\", an object of action -> {pj, source}");
  }
  for (const auto& [name, entry] : node.at("actions").items()) {
    const std::string p = path + ".actions." + name;
    if (!entry.is_object()) fail(key, file, p, "must be an object {\"pj\": ..., \"source\": ...}");
    check_keys(entry, {"pj", "source"}, key, file, p);
    if (!entry.contains("pj")) fail(key, file, p, "needs \"pj\"");
    // Every figure says where it comes from (docs/energy.md: no invented precision).
    c.actions[name] = {number(entry, "pj", key, file, p),
                       text(entry, "source", key, file, p, true)};
  }
  if (node.contains("scale")) {
    const json& s = node.at("scale");
    const std::string p = path + ".scale";
    if (!s.is_object()) fail(key, file, p, "must be an object");
    check_keys(s, {"rule", "reference_bytes", "source"}, key, file, p);
    if (text(s, "rule", key, file, p, true) != "sqrt_size") {
      fail(key, file, p + ".rule", "the one rule is \"sqrt_size\"");
    }
    const double bytes = number(s, "reference_bytes", key, file, p);
    if (bytes < 1) fail(key, file, p + ".reference_bytes", "must be at least 1");
    c.reference_bytes = static_cast<uint64_t>(bytes);
    c.scale_source = text(s, "source", key, file, p, true);
  }
  if (node.contains("leakage")) {
    const json& l = node.at("leakage");
    const std::string p = path + ".leakage";
    if (!l.is_object()) fail(key, file, p, "must be an object");
    check_keys(l, {"mw", "uw_per_kib", "source"}, key, file, p);
    if (l.contains("mw")) c.leakage_mw = number(l, "mw", key, file, p);
    if (l.contains("uw_per_kib")) c.leakage_uw_per_kib = number(l, "uw_per_kib", key, file, p);
    c.leakage_source = text(l, "source", key, file, p, true);
  }
  return c;
}

}  // namespace

const ActionEnergy* EnergyTable::find(const std::string& table_class,
                                      const std::string& action) const {
  const auto c = classes.find(table_class);
  if (c == classes.end()) return nullptr;
  const auto a = c->second.actions.find(action);
  return a == c->second.actions.end() ? nullptr : &a->second;
}

std::optional<double> EnergyTable::action_pj(const std::string& table_class,
                                             const std::string& action, uint64_t size_bytes) const {
  const ActionEnergy* entry = find(table_class, action);
  if (entry == nullptr) return std::nullopt;
  const ClassEnergy& c = classes.at(table_class);
  if (c.reference_bytes == 0 || size_bytes == 0) return entry->pj;
  return entry->pj * std::sqrt(double(size_bytes) / double(c.reference_bytes));
}

double EnergyTable::leakage_mw(const std::string& table_class, uint64_t size_bytes) const {
  const auto c = classes.find(table_class);
  if (c == classes.end()) return 0;
  return c->second.leakage_mw + c->second.leakage_uw_per_kib * (double(size_bytes) / 1024.0) / 1e3;
}

EnergyTable parse_energy_table(const json& document, const std::string& file,
                               const std::string& key) {
  if (!document.is_object()) fail(key, file, "(top)", "must be a JSON object");
  check_keys(document, {"name", "technology", "description", "extends", "classes"}, key, file,
             "(top)");
  EnergyTable table;
  // "extends": a base table (relative to this file) whose classes this one adds to or replaces
  // action by action.
  if (document.contains("extends")) {
    const std::string base = text(document, "extends", key, file, "(top)", true);
    const std::filesystem::path path = std::filesystem::path(file).parent_path() / base;
    // A chain of bases is short; a longer one is a cycle (a table extending itself).
    static thread_local int depth = 0;
    if (depth >= 8) fail(key, file, "extends", "tables extend each other more than 8 deep");
    ++depth;
    try {
      table = load_energy_table(path.lexically_normal().string(), key);
    } catch (...) {
      --depth;
      throw;
    }
    --depth;
  }
  table.file = file;
  table.name = text(document, "name", key, file, "(top)", true);
  const std::string technology = text(document, "technology", key, file, "(top)", false);
  if (!technology.empty()) table.technology = technology;
  if (!document.contains("classes") || !document.at("classes").is_object()) {
    fail(key, file, "(top)", "needs \"classes\", an object of class -> {actions, leakage, ...}");
  }
  for (const auto& [name, node] : document.at("classes").items()) {
    ClassEnergy c = parse_class(node, key, file, "classes." + name);
    auto existing = table.classes.find(name);
    if (existing == table.classes.end()) {
      table.classes[name] = std::move(c);
      continue;
    }
    ClassEnergy& base = existing->second;  // extended: entries replace the base's one by one
    for (auto& [action, entry] : c.actions) base.actions[action] = std::move(entry);
    if (!c.description.empty()) base.description = c.description;
    if (node.contains("scale")) {
      base.reference_bytes = c.reference_bytes;
      base.scale_source = c.scale_source;
    }
    if (node.contains("leakage")) {
      base.leakage_mw = c.leakage_mw;
      base.leakage_uw_per_kib = c.leakage_uw_per_kib;
      base.leakage_source = c.leakage_source;
    }
  }
  return table;
}

EnergyTable load_energy_table(const std::string& file, const std::string& key) {
  // A table is a small text file: a device or a huge file named by mistake is refused before
  // it is read (reading /dev/zero would never end).
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) {
    throw config::ValueError(key, "the energy table " + file + " is not a readable file");
  }
  constexpr uintmax_t kMaxBytes = 16u << 20;
  if (std::filesystem::file_size(file, ec) > kMaxBytes) {
    throw config::ValueError(key, "the energy table " + file + " is larger than 16 MiB");
  }
  std::ifstream in(file);
  if (!in) throw config::ValueError(key, "cannot read the energy table " + file);
  std::ostringstream text;
  text << in.rdbuf();
  std::vector<config::Diagnostic> diags;
  const std::optional<json> document = config::parse_json(text.str(), file, diags);
  if (!document) {
    throw config::ValueError(key, diags.empty() ? file + ": not valid JSON" : diags[0].format());
  }
  return parse_energy_table(*document, file, key);
}

void apply_overrides(EnergyTable& table, const json& overrides, const std::string& key) {
  for (const auto& [class_name, actions] : overrides.items()) {
    const std::string class_key = key + "." + class_name;
    const auto c = table.classes.find(class_name);
    if (c == table.classes.end()) {
      std::string list;
      for (const auto& [name, unused] : table.classes) list += (list.empty() ? "" : ", ") + name;
      throw config::ValueError(class_key, "the energy table " + table.file + " has no class \"" +
                                              class_name + "\" (it has: " + list + ")");
    }
    for (const auto& [action, value] : actions.items()) {
      const std::string action_key = class_key + "." + action;
      if (!value.is_number() || value.get<double>() < 0) {
        throw config::ValueError(action_key, "must be a number >= 0");
      }
      const double v = value.get<double>();
      const std::string source = "override (" + action_key + ")";
      if (action == "leakage_mw" || action == "leakage_uw_per_kib") {
        (action == "leakage_mw" ? c->second.leakage_mw : c->second.leakage_uw_per_kib) = v;
        c->second.leakage_source = source;
        continue;
      }
      const auto a = c->second.actions.find(action);
      if (a == c->second.actions.end()) {
        std::string list;
        for (const auto& [name, unused] : c->second.actions) {
          list += (list.empty() ? "" : ", ") + name;
        }
        throw config::ValueError(
            action_key, "class \"" + class_name + "\" of " + table.file + " has no action \"" +
                            action + "\" (it has: " + list + ", leakage_mw, leakage_uw_per_kib)");
      }
      a->second = {v, source};
    }
  }
}

EnergyTable energy_table_of(const json& section) {
  EnergyTable table = load_energy_table(section.at("table").get<std::string>(), "energy.table");
  if (section.contains("overrides")) {
    apply_overrides(table, section.at("overrides"), "energy.overrides");
  }
  return table;
}

}  // namespace accsim::energy
