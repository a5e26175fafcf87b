// A default that a config struct gives is written once, as the struct's member initialiser: the
// schema gets it when it is assembled (architecture_checks.cpp, ComponentType::defaults) and the
// schema files leave it out. These tests hold both halves: for every section a config struct
// reads, the defaults-only config parses back to the struct's initialisers over all the keys its
// writer gives (so a default a schema file gave instead, or a writer and a parser that disagree
// on a key, fails), and no schema file gives one of those keys a default again.
#include <algorithm>
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
#include "crc32_config.h"
#include "embedded_schema.h"
#include "jsonconfig/config.h"
#include "l2_cache.h"
#include "latency_cfu.h"
#include "mnv2_config.h"
#include "platform.h"
#include "verilog_device_config.h"
#include "vta_config.h"

using nlohmann::json;

namespace {

// The effective config of an architecture that has every optional section the struct defaults
// reach, each left to its defaults, and a device of each kind whose keys a struct reads (a
// verilog device must name a readable source and a top module: any file will do for parsing).
const json& defaults_only() {
  static const json effective =
      accsim::config::load_json(json::parse(R"({
            "caches": {"icache": {}, "dcache": {}},
            "memories": {"ram": {"base": "0x40000000", "size": "1M", "row_buffer": {}, "l2": {}}},
            "cfu": {},
            "vta": {},
            "devices": [
              {"kind": "crc32", "name": "crc", "base": "0xf0020000"},
              {"kind": "verilog", "name": "rtl", "base": "0xf0030000",
               "sources": [")" ACCSIM_CONFIG_DIR R"(/schema/accsim.schema.json"], "top": "Top"}
            ]
          })"),
                                "<test>", {}, accsim::soc::architecture_schema())
          .effective;
  return effective;
}

// What the core sections' config structs write, from their initialisers, with every optional
// section on: built here rather than taken from core_defaults(), so that a key core_defaults()
// left out (leaving its default to a schema file) is still checked.
json cpu_defaults() {
  using namespace accsim;
  json cpu = cpu::core_config_to_json(cpu::CoreConfig{});
  cpu.update(cpu::cpu_impl_to_json(cpu::CpuImpl{}));
  return cpu;
}

json core_struct_defaults() {
  using namespace accsim;
  cache::CachesConfig caches;
  caches.icache = cache::icache_timing();
  caches.dcache = cache::dcache_timing();
  MemoryTimingParams memory;
  memory.row_buffer = RowBufferParams{};
  json memory_entry = memory_timing_to_json(memory);
  memory_entry["l2"] = l2_params_to_json(L2Params{});
  return {
      {"simulation", cpu::run_limits_to_json(cpu::CpuRunLimits{})},
      {"bus", bus_params_to_json(BusParams{})},
      {"cpu", cpu_defaults()},
      {"caches", cache::caches_config_to_json(caches)},
      {"memories", memory_entry},
      {"sim_control", {{"base", config::to_hex(ACCSIM_SIMCTL_DEFAULT_BASE)}}},
  };
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

// JSON compared as text, so that a failure prints both sides.
std::string text(const json& value) { return value.dump(); }

}  // namespace

TEST_CASE("schema defaults: simulation is CpuRunLimits'", "[defaults]") {
  using namespace accsim::cpu;
  CHECK(text(run_limits_to_json(run_limits_from_json(defaults_only().at("simulation")))) ==
        text(run_limits_to_json(CpuRunLimits{})));
}

TEST_CASE("schema defaults: bus is BusParams'", "[defaults]") {
  using namespace accsim;
  CHECK(text(bus_params_to_json(bus_params_from_json(defaults_only().at("bus")))) ==
        text(bus_params_to_json(BusParams{})));
}

TEST_CASE("schema defaults: cpu is CoreConfig's", "[defaults]") {
  using namespace accsim::cpu;
  CHECK(text(core_config_to_json(core_config_from_json(defaults_only().at("cpu")))) ==
        text(core_config_to_json(CoreConfig{})));
}

TEST_CASE("schema defaults: caches are CachesConfig's, each L1 with its own miss overhead",
          "[defaults]") {
  using namespace accsim::cache;
  const CachesConfig caches = caches_config_from_json(defaults_only().at("caches"), 1);
  REQUIRE(caches.icache);
  REQUIRE(caches.dcache);
  CachesConfig expected;
  expected.icache = icache_timing();
  expected.dcache = dcache_timing();
  CHECK(text(caches_config_to_json(caches)) == text(caches_config_to_json(expected)));
}

TEST_CASE("a config's caches.uncached_regions replace the default list", "[defaults]") {
  using namespace accsim::cache;
  CHECK(caches_config_from_json(json{{"uncached_regions", json::array()}}, 1).uncached.empty());
}

TEST_CASE("schema defaults: a memory's timing, row buffer and L2 are the structs'", "[defaults]") {
  using namespace accsim;
  const json& ram = defaults_only().at("memories").at("ram");
  const BusParams bus = bus_params_from_json(defaults_only().at("bus"));
  MemoryTimingParams expected;
  expected.row_buffer = RowBufferParams{};
  CHECK(text(memory_timing_to_json(memory_timing_from_json(ram, bus))) ==
        text(memory_timing_to_json(expected)));
  CHECK(text(l2_params_to_json(l2_params_from_json(ram.at("l2"), bus.width_bytes))) ==
        text(l2_params_to_json(L2Params{})));
}

TEST_CASE("schema defaults: sim_control.base is the register map's", "[defaults]") {
  CHECK(accsim::config::as_u64(defaults_only().at("sim_control").at("base")) ==
        ACCSIM_SIMCTL_DEFAULT_BASE);
}

TEST_CASE("schema defaults: cfu is Mnv2Config's and LatencyCfuConfig's", "[defaults]") {
  using namespace accsim::cfu;
  const json& cfu = defaults_only().at("cfu");
  CHECK(text(mnv2_config_to_json(mnv2_config_from_json(cfu))) ==
        text(mnv2_config_to_json(Mnv2Config{})));
  CHECK(text(latency_cfu_config_to_json(latency_cfu_config_from_json(cfu))) ==
        text(latency_cfu_config_to_json(LatencyCfuConfig{})));
}

TEST_CASE("schema defaults: vta is VtaConfig's", "[defaults]") {
  using namespace accsim::vta;
  CHECK(text(vta_config_to_json(vta_config_from_json(defaults_only().at("vta")))) ==
        text(vta_config_to_json(VtaConfig{})));
}

TEST_CASE("schema defaults: crc32 and verilog devices are their structs'", "[defaults]") {
  const json& devices = defaults_only().at("devices");
  CHECK(text(accsim::crc32::crc32_timing_to_json(
            accsim::crc32::crc32_config_from_json(devices.at(0), "devices[0]").timing)) ==
        text(accsim::crc32::crc32_timing_to_json(accsim::crc32::Crc32Timing{})));
  using namespace accsim::wishbone;
  CHECK(text(verilog_device_config_to_json(verilog_device_config(devices.at(1), "devices[1]"))) ==
        text(verilog_device_config_to_json(VerilogDeviceConfig{})));
}

TEST_CASE("the core schema's struct defaults are every key the core structs write", "[defaults]") {
  // A key left out here would take its default from the schema file, where it can disagree with
  // the struct's initialiser.
  CHECK(text(accsim::soc::core_defaults()) == text(core_struct_defaults()));
}

TEST_CASE("no schema file repeats a default that a config struct gives", "[defaults]") {
  INFO("remove these \"default\"s from the schema file: the struct initialisers give them");
  CHECK(written_twice(std::string(accsim::embedded_schema()), core_struct_defaults(), "") ==
        std::vector<std::string>{});
  std::vector<std::string> with_defaults;
  for (const accsim::soc::ComponentType* type : accsim::soc::component_types()) {
    if (type->defaults == nullptr) continue;
    with_defaults.push_back(type->kind);
    CHECK(written_twice(std::string(type->schema()), type->defaults(), type->section) ==
          std::vector<std::string>{});
  }
  // The kinds whose config structs read keys with defaults (a plug-in's size is read by no
  // struct: plugin.schema.json holds its default).
  std::sort(with_defaults.begin(), with_defaults.end());
  CHECK(with_defaults == std::vector<std::string>{"cfu", "crc32", "verilog", "vta"});
}
