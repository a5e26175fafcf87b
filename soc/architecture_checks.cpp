#include "architecture_checks.h"

#include "component_registry.h"
#include "embedded_schema.h"
#include "platform_checks.h"

namespace accsim::soc {

namespace {

// The core schema with each component type's fragment in its place: the node of its section.
nlohmann::json assemble_schema() {
  nlohmann::json root = nlohmann::json::parse(embedded_schema());
  for (const ComponentType* type : component_types()) {
    root["properties"][type->section] = nlohmann::json::parse(type->schema());
  }
  return root;
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
    if (cfg.contains(type->section) && cfg[type->section].is_object()) {
      out.emplace_back(type, ComponentConfig{loaded, type->section});
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
