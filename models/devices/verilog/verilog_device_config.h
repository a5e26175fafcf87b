// A "verilog" device's entry of the devices array, parsed. The parse is the validation of what
// the schema cannot say (files readable, names that are identifiers): it throws
// config::ValueError at the key at fault. The initialisers (and WishbonePortNames') are the keys'
// defaults: verilog_device_config_to_json gives them to the schema.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "wishbone_device.h"
#include "wishbone_wrapper.h"

namespace accsim::wishbone {

struct VerilogDeviceConfig {
  std::string key;  // "devices[2]"
  std::string name;
  uint64_t base = 0;
  uint64_t size = 4096;
  std::vector<std::string> sources;  // absolute
  std::string top;
  std::map<std::string, int64_t> parameters;
  WishbonePortNames ports;
  Addressing addressing = Addressing::kWord;
  uint64_t timeout_cycles = 100000;
  bool clock_idle = false;
};

// `entry` is schema-valid with defaults filled in; `key` is its path ("devices[2]").
VerilogDeviceConfig verilog_device_config(const nlohmann::json& entry, const std::string& key);
// The entry's keys that have defaults: all but name, base, sources and top (which it must give)
// and parameters (an empty map, whose default verilog_device.schema.json states).
nlohmann::json verilog_device_config_to_json(const VerilogDeviceConfig& config);

}  // namespace accsim::wishbone
