// One CRC-32 engine's configuration, read from its "devices" entry. crc32.schema.json holds the
// keys, ranges and documentation, Crc32Timing's initialiser the default (crc32_timing_to_json
// gives it to the schema); this parse adds the rule the schema cannot state, and is the only
// place that checks it.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "crc32_engine.h"

namespace accsim::crc32 {

struct Crc32Config {
  std::string name;  // statistics prefix, timeline group, SystemC module name
  uint64_t base = 0;
  Crc32Timing timing;
};

// `entry` is schema-valid with its defaults filled in; `key` is where it sits ("devices[0]").
// Throws config::ValueError naming the key at fault, e.g. "devices[0].cycles_per_byte".
Crc32Config crc32_config_from_json(const nlohmann::json& entry, const std::string& key);
// The entry's cycles_per_byte; a whole rate as an integer, as a config writes it.
nlohmann::json crc32_timing_to_json(const Crc32Timing& timing);

}  // namespace accsim::crc32
