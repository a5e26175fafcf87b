// Builds a Platform from an inline architecture for SystemC tests. Each test that uses it runs
// in its own process (see CMakeLists.txt).
#pragma once

#include <memory>
#include <string>

#include "architecture_checks.h"
#include "jsonconfig/config.h"
#include "platform.h"

namespace accsim::test {

inline nlohmann::json effective_config(const nlohmann::json& doc,
                                       const std::vector<std::string>& overrides = {}) {
  // The assembled schema: the core file alone lacks the defaults its config structs give.
  return config::load_json(doc, "<test>", overrides, soc::architecture_schema()).effective;
}

// Two memories and sim-control: "fast" SRAM (latency 1) and "slow" DRAM (latency 20).
inline nlohmann::json two_memory_config() {
  return nlohmann::json::parse(R"({
    "name": "test",
    "clock": {"frequency_mhz": 100},
    "memories": {
      "fast": {"kind": "sram", "base": "0x10000000", "size": "4K", "latency_cycles": 1},
      "slow": {"kind": "dram", "base": "0x40000000", "size": "1M", "latency_cycles": 20},
      "boot": {"kind": "rom", "base": "0x0", "size": "1K"}
    }
  })");
}

}  // namespace accsim::test
