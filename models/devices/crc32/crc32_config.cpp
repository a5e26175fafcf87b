#include "crc32_config.h"

#include <cmath>

#include "jsonconfig/config.h"

namespace accsim::crc32 {

Crc32Config crc32_config_from_json(const nlohmann::json& entry, const std::string& key) {
  Crc32Config config;
  config.name = entry.at("name").get<std::string>();
  config.base = config::as_u64(entry.at("base"));
  // The engine keeps time in whole cycles per 32-bit word (the unit a DATA write feeds), so a
  // rate that does not divide into quarter cycles per byte would be rounded silently.
  const nlohmann::json& per_byte = entry.at("cycles_per_byte");
  const double quarters = per_byte.get<double>() * 4.0;
  if (quarters != std::floor(quarters)) {
    throw config::ValueError(key + ".cycles_per_byte",
                             per_byte.dump() + " is " + nlohmann::json(quarters).dump() +
                                 " cycles per 32-bit word; the engine counts whole cycles per "
                                 "word, so 4 x cycles_per_byte must be whole (0.25, 0.5, 1, 8)");
  }
  config.timing.quarter_cycles_per_byte = static_cast<unsigned>(quarters);
  return config;
}

nlohmann::json crc32_timing_to_json(const Crc32Timing& timing) {
  const unsigned quarters = timing.quarter_cycles_per_byte;
  if (quarters % 4 == 0) return {{"cycles_per_byte", quarters / 4}};
  return {{"cycles_per_byte", quarters / 4.0}};
}

}  // namespace accsim::crc32
