#include "architecture_checks.h"

#include <algorithm>
#include <regex>
#include <stdexcept>

#include "component_registry.h"
#include "embedded_schema.h"
#include "platform_checks.h"

namespace accsim::soc {

namespace {

constexpr const char* kDevices = "devices";

// The core schema with each component type's fragment in its place: the node of its section, or
// for a device kind, its variant of a "devices" entry.
nlohmann::json assemble_schema() {
  nlohmann::json root = nlohmann::json::parse(embedded_schema());
  nlohmann::json& devices = root["properties"][kDevices]["items"];
  for (const ComponentType* type : component_types()) {
    if (type->section != kDevices) {
      root["properties"][type->section] = nlohmann::json::parse(type->schema());
      continue;
    }
    devices["variant_key"] = "kind";
    if (devices["variants"].contains(type->kind)) {
      throw std::logic_error("device kind \"" + type->kind + "\" is registered twice");
    }
    devices["variants"][type->kind] = nlohmann::json::parse(type->schema());
  }
  return root;
}

const ComponentType* device_type(const std::string& kind) {
  for (const ComponentType* type : component_types()) {
    if (type->section == kDevices && type->kind == kind) return type;
  }
  return nullptr;
}

// Device names are statistics prefixes and timeline groups: one word, unique, and not the name
// of a memory or of another component.
void check_device_names(const config::LoadedConfig& loaded,
                        std::vector<config::Diagnostic>& diags) {
  const nlohmann::json& cfg = loaded.effective;
  if (!cfg.contains(kDevices) || !cfg[kDevices].is_array()) return;
  std::vector<std::string> taken = {"cpu", "bus", "sim_control", "cache", "run", "region"};
  for (const ComponentType* type : component_types()) {
    if (type->section != kDevices) taken.push_back(type->section);
  }
  if (cfg.contains("memories") && cfg["memories"].is_object()) {
    for (const auto& item : cfg["memories"].items()) taken.push_back(item.key());
  }
  const std::regex word("[A-Za-z_][A-Za-z0-9_]*");
  for (std::size_t i = 0; i < cfg[kDevices].size(); ++i) {
    const nlohmann::json& entry = cfg[kDevices][i];
    const std::string key = std::string(kDevices) + "[" + std::to_string(i) + "].name";
    if (!entry.is_object() || !entry.contains("name") || !entry["name"].is_string() ||
        config::reported(diags, key)) {
      continue;
    }
    const std::string kind_key = std::string(kDevices) + "[" + std::to_string(i) + "].kind";
    if (entry.contains("kind") && entry["kind"].is_string() && !config::reported(diags, kind_key) &&
        device_type(entry["kind"].get<std::string>()) == nullptr) {
      diags.push_back({loaded.origin_of(kind_key), kind_key, "no device of this kind is built in"});
    }
    const std::string name = entry["name"].get<std::string>();
    std::string problem;
    if (!std::regex_match(name, word)) {
      problem = "\"" + name + "\" is not a name (letters, digits and _, not starting with a digit)";
    } else if (std::find(taken.begin(), taken.end(), name) != taken.end()) {
      problem = "\"" + name + "\" is already taken (by a memory, a component or an earlier device)";
    }
    if (!problem.empty()) diags.push_back({loaded.origin_of(key), key, problem});
    taken.push_back(name);
  }
}

// A component's own parse found a problem: blamed on where the latest of the values it depends
// on was set (a key below e.key(), e.g. vta.hw set with --set vta.hw.LOG_BATCH=9, or a related
// key).
config::Diagnostic diagnostic_of(const config::LoadedConfig& loaded, const config::ValueError& e) {
  return config::derived_problem(loaded, e.key(), e.related(), e.problem());
}

}  // namespace

const config::Schema& architecture_schema() {
  static const config::Schema schema = config::Schema::from_json(assemble_schema());
  return schema;
}

std::vector<std::pair<const ComponentType*, ComponentConfig>> configured_components(
    const config::LoadedConfig& loaded) {
  std::vector<std::pair<const ComponentType*, ComponentConfig>> out;
  const nlohmann::json& cfg = loaded.effective;
  for (const ComponentType* type : component_types()) {
    if (type->section != kDevices && cfg.contains(type->section) &&
        cfg[type->section].is_object()) {
      out.emplace_back(type, ComponentConfig{loaded, type->section});
    }
  }
  // The devices after the fixed sections, in the order the config lists them. An entry of an
  // unknown kind was reported by the schema (its variants are the registered kinds).
  if (cfg.contains(kDevices) && cfg[kDevices].is_array()) {
    for (std::size_t i = 0; i < cfg[kDevices].size(); ++i) {
      const nlohmann::json& entry = cfg[kDevices][i];
      if (!entry.is_object() || !entry.contains("kind") || !entry["kind"].is_string()) continue;
      if (const ComponentType* type = device_type(entry["kind"].get<std::string>())) {
        out.emplace_back(
            type, ComponentConfig{loaded, std::string(kDevices) + "[" + std::to_string(i) + "]"});
      }
    }
  }
  return out;
}

config::CrossCheck architecture_checks() {
  return [](const config::LoadedConfig& loaded, std::vector<config::Diagnostic>& diags) {
    const auto components = configured_components(loaded);
    std::vector<MappedRange> ranges = fabric_ranges(loaded.effective);
    for (const auto& [type, config] : components) {
      if (config::reported(diags, config.key)) continue;
      for (auto& range : type->ranges(config)) ranges.push_back(std::move(range));
    }
    check_address_ranges(loaded, ranges, diags);
    check_fabric(loaded, diags);
    check_device_names(loaded, diags);
    for (const auto& [type, config] : components) {
      if (config::reported(diags, config.key)) continue;
      try {
        type->check(config);
      } catch (const config::ValueError& e) {
        diags.push_back(diagnostic_of(loaded, e));
      }
    }
  };
}

}  // namespace accsim::soc
