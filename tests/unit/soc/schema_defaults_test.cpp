// A default that a config struct gives is written once, as the struct's member initialiser: the
// schema gets it when it is assembled (architecture_checks.cpp, ComponentType::defaults) and the
// schema files leave it out. These tests hold both halves: the assembled schema's defaults
// parse back to the structs' initialisers (so the writers and the parsers use the same key
// names), and no schema file gives one of those keys a default again.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "accsim/hw/sim_control_regs.h"
#include "architecture_checks.h"
#include "cache_config.h"
#include "cfu_factory.h"
#include "component_registry.h"
#include "cpu_config.h"
#include "embedded_schema.h"
#include "jsonconfig/config.h"
#include "l2_cache.h"
#include "latency_cfu.h"
#include "mnv2_config.h"
#include "platform.h"
#include "vta_config.h"

using nlohmann::json;

namespace {

// The effective config of an architecture that has every optional section the struct defaults
// reach, each left to its defaults.
const json& defaults_only() {
  static const json effective =
      accsim::config::load_json(json::parse(R"({
        "caches": {"icache": {}, "dcache": {}},
        "memories": {"ram": {"base": "0x40000000", "size": "1M", "l2": {}}},
        "cfu": {},
        "vta": {}
      })"),
                                "<test>", {}, accsim::soc::architecture_schema())
          .effective;
  return effective;
}

// `full` restricted to the keys of `keys`, nested objects key by key: for the sections where
// only some keys take their default from the struct.
json at_keys_of(const json& full, const json& keys) {
  json out = json::object();
  for (const auto& [key, value] : keys.items()) {
    if (!full.contains(key)) continue;
    out[key] = value.is_object() ? at_keys_of(full.at(key), value) : full.at(key);
  }
  return out;
}

// Each key path below `defaults` whose value is not an object, as "a.b.c".
void leaf_paths(const json& defaults, const std::string& prefix, std::vector<std::string>& out) {
  for (const auto& [key, value] : defaults.items()) {
    const std::string path = prefix.empty() ? key : prefix + "." + key;
    if (value.is_object()) {
      leaf_paths(value, path, out);
    } else {
      out.push_back(path);
    }
  }
}

// The node of `path` ("a.b") in a schema file, through maps' entries; null if it has none.
const json* schema_node(const json& root, const std::string& path) {
  const json* node = &root;
  size_t begin = 0;
  while (begin <= path.size()) {
    const size_t end = std::min(path.find('.', begin), path.size());
    if (node->value("type", "") == "map") node = &node->at("values");
    if (!node->contains("properties") ||
        !node->at("properties").contains(path.substr(begin, end - begin))) {
      return nullptr;
    }
    node = &node->at("properties").at(path.substr(begin, end - begin));
    begin = end + 1;
  }
  return node;
}

// The keys of `defaults` that `schema_file` lacks or gives a default: each would be a default
// written twice (or one never used).
std::vector<std::string> written_twice(const std::string& schema_file, const json& defaults,
                                       const std::string& section) {
  std::vector<std::string> paths;
  leaf_paths(defaults, "", paths);
  REQUIRE_FALSE(paths.empty());
  const json root = json::parse(schema_file);
  std::vector<std::string> problems;
  for (const std::string& path : paths) {
    const std::string where = section.empty() ? path : section + "." + path;
    const json* node = schema_node(root, path);
    if (node == nullptr) {
      problems.push_back(where + ": not in the schema");
    } else if (node->contains("default")) {
      problems.push_back(where + ": default " + node->at("default").dump());
    }
  }
  return problems;
}

}  // namespace

TEST_CASE("schema defaults: simulation is CpuRunLimits'", "[defaults]") {
  using namespace accsim::cpu;
  CHECK(run_limits_to_json(run_limits_from_json(defaults_only().at("simulation"))) ==
        run_limits_to_json(CpuRunLimits{}));
}

TEST_CASE("schema defaults: bus is BusParams'", "[defaults]") {
  using namespace accsim;
  CHECK(bus_params_to_json(bus_params_from_json(defaults_only().at("bus"))) ==
        bus_params_to_json(BusParams{}));
}

TEST_CASE("schema defaults: cpu is CoreConfig's", "[defaults]") {
  using namespace accsim::cpu;
  CHECK(core_config_to_json(core_config_from_json(defaults_only().at("cpu"))) ==
        core_config_to_json(CoreConfig{}));
}

TEST_CASE("schema defaults: caches.icache and caches.dcache are CacheTiming's", "[defaults]") {
  using namespace accsim::cache;
  const CachesConfig caches = caches_config_from_json(defaults_only().at("caches"), 1);
  REQUIRE(caches.icache);
  REQUIRE(caches.dcache);
  const json given = accsim::soc::core_defaults().at("caches");
  const json expected = cache_timing_to_json(CacheTiming{});
  CHECK(at_keys_of(cache_timing_to_json(*caches.icache), given.at("icache")) ==
        at_keys_of(expected, given.at("icache")));
  CHECK(at_keys_of(cache_timing_to_json(*caches.dcache), given.at("dcache")) ==
        at_keys_of(expected, given.at("dcache")));
}

TEST_CASE("schema defaults: a memory's timing and its L2's are the structs'", "[defaults]") {
  using namespace accsim;
  const json& ram = defaults_only().at("memories").at("ram");
  const BusParams bus = bus_params_from_json(defaults_only().at("bus"));
  CHECK(memory_timing_to_json(memory_timing_from_json(ram, bus)) ==
        memory_timing_to_json(MemoryTimingParams{}));
  const json given = soc::core_defaults().at("memories").at("l2");
  CHECK(at_keys_of(l2_params_to_json(l2_params_from_json(ram.at("l2"), bus.width_bytes)), given) ==
        at_keys_of(l2_params_to_json(L2Params{}), given));
}

TEST_CASE("schema defaults: sim_control.base is the register map's", "[defaults]") {
  CHECK(accsim::config::as_u64(defaults_only().at("sim_control").at("base")) ==
        ACCSIM_SIMCTL_DEFAULT_BASE);
}

TEST_CASE("schema defaults: cfu is Mnv2Config's and LatencyCfuConfig's", "[defaults]") {
  using namespace accsim::cfu;
  const json& cfu = defaults_only().at("cfu");
  CHECK(mnv2_config_to_json(mnv2_config_from_json(cfu)) == mnv2_config_to_json(Mnv2Config{}));
  CHECK(latency_cfu_config_to_json(latency_cfu_config_from_json(cfu)) ==
        latency_cfu_config_to_json(LatencyCfuConfig{}));
}

TEST_CASE("schema defaults: vta is VtaConfig's", "[defaults]") {
  using namespace accsim::vta;
  CHECK(vta_config_to_json(vta_config_from_json(defaults_only().at("vta"))) ==
        vta_config_to_json(VtaConfig{}));
}

TEST_CASE("no schema file repeats a default that a config struct gives", "[defaults]") {
  INFO("remove these \"default\"s from the schema file: the struct initialisers give them");
  CHECK(written_twice(std::string(accsim::embedded_schema()), accsim::soc::core_defaults(), "") ==
        std::vector<std::string>{});
  int with_defaults = 0;
  for (const accsim::soc::ComponentType* type : accsim::soc::component_types()) {
    if (type->defaults == nullptr) continue;
    ++with_defaults;
    CHECK(written_twice(std::string(type->schema()), type->defaults(), type->section) ==
          std::vector<std::string>{});
  }
  CHECK(with_defaults >= 2);  // the CFU and the VTA
}
