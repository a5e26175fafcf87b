#include "architecture_checks.h"

#include <algorithm>
#include <regex>
#include <stdexcept>

#include "accsim/hw/sim_control_regs.h"
#include "cache_config.h"
#include "component_registry.h"
#include "cpu_config.h"
#include "cpu_rtl_config.h"
#include "embedded_schema.h"
#include "energy_table.h"
#include "l2_cache.h"
#include "platform.h"
#include "platform_checks.h"

namespace accsim::soc {

namespace {

constexpr const char* kDevices = "devices";

// Writes `defaults` into the schema node of a section (an object node, or a variant of one) as
// the "default" of each key it names; an object value descends into that key's node, and into
// a map's entries. A key the schema lacks would never be filled, and a key whose node already
// has a default would have two: both are mistakes in the code, so they throw.
void write_defaults(nlohmann::json& node, const nlohmann::json& defaults, const std::string& path) {
  nlohmann::json& target = node.value("type", "") == "map" ? node.at("values") : node;
  for (const auto& [key, value] : defaults.items()) {
    const std::string key_path = path.empty() ? key : path + "." + key;
    if (!target.contains("properties") || !target.at("properties").contains(key)) {
      throw std::logic_error("schema defaults: " + key_path + " is not a key of the schema");
    }
    nlohmann::json& child = target.at("properties").at(key);
    const std::string type = child.value("type", "");
    if (value.is_object() && (type == "object" || type == "map")) {
      write_defaults(child, value, key_path);
    } else if (child.contains("default")) {
      throw std::logic_error("schema defaults: " + key_path +
                             " has a default in its schema file and in its config struct");
    } else {
      child["default"] = value;
    }
  }
}

// The core schema with the core sections' struct defaults written in, and each component type's
// fragment, with its own, in its place: the node of its section, or for a device kind, its
// variant of a "devices" entry.
nlohmann::json assemble_schema() {
  nlohmann::json root = nlohmann::json::parse(embedded_schema());
  write_defaults(root, core_defaults(), "");
  nlohmann::json& devices = root["properties"][kDevices]["items"];
  for (const ComponentType* type : component_types()) {
    nlohmann::json fragment = nlohmann::json::parse(type->schema());
    const bool device = type->section == kDevices;
    if (type->defaults != nullptr) {
      write_defaults(
          fragment, type->defaults(),
          device ? std::string(kDevices) + "[] (kind " + type->kind + ")" : type->section);
    }
    if (!device) {
      root["properties"][type->section] = std::move(fragment);
      continue;
    }
    devices["variant_key"] = "kind";
    if (devices["variants"].contains(type->kind)) {
      throw std::logic_error("device kind \"" + type->kind + "\" is registered twice");
    }
    devices["variants"][type->kind] = std::move(fragment);
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

namespace {
// The core's keys and which CPU runs (cpu.impl), one section.
nlohmann::json cpu_defaults() {
  nlohmann::json cpu = cpu::core_config_to_json(cpu::CoreConfig{});
  cpu.update(cpu::cpu_impl_to_json(cpu::CpuImpl{}));
  return cpu;
}
}  // namespace

nlohmann::json core_defaults() {
  cache::CachesConfig caches;
  caches.icache = cache::icache_timing();
  caches.dcache = cache::dcache_timing();
  // The optional sections' defaults, which apply when a memory has them.
  MemoryTimingParams timing;
  timing.row_buffer = RowBufferParams{};
  nlohmann::json memory = memory_timing_to_json(timing);
  memory["l2"] = l2_params_to_json(L2Params{});
  return {
      {"simulation", cpu::run_limits_to_json(cpu::CpuRunLimits{})},
      {"bus", bus_params_to_json(BusParams{})},
      {"cpu", cpu_defaults()},
      {"caches", cache::caches_config_to_json(caches)},
      {"memories", memory},  // every entry's
      // The register map's, which the firmware's HAL uses too.
      {"sim_control", {{"base", config::to_hex(ACCSIM_SIMCTL_DEFAULT_BASE)}}},
  };
}

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
    // cpu.impl = rtl: the Verilog is there and its caches are the config's.
    if (!config::reported(diags, "cpu") && !config::reported(diags, "caches") &&
        cpu::rtl::cpu_is_rtl(loaded.effective)) {
      try {
        cpu::rtl::cpu_rtl_config(loaded.effective);
      } catch (const config::ValueError& e) {
        diags.push_back(diagnostic_of(loaded, e));
      }
    }
    // The energy table parses and the overrides name its entries (docs/energy.md).
    if (!config::reported(diags, "energy") && loaded.effective.contains("energy")) {
      try {
        energy::energy_table_of(loaded.effective.at("energy"));
      } catch (const config::ValueError& e) {
        diags.push_back(diagnostic_of(loaded, e));
      }
    }
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
