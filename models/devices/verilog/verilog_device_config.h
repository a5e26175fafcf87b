// A "verilog" device's entry of the devices array, parsed. The parse is the validation of what
// the schema cannot say (files readable, names that are identifiers): it throws
// config::ValueError at the key at fault.
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

}  // namespace accsim::wishbone
