// The CPU's config structs and the JSON keys they are read from ("cpu", "simulation"). Their
// member initialisers are those keys' defaults: the *_to_json writers give them to the schema
// (soc::architecture_schema), so configs/schema/accsim.schema.json does not repeat them.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "rv32_core.h"

namespace accsim::cpu {

// How far the CPU runs ahead of SystemC time, and when it gives up.
struct CpuRunLimits {
  uint64_t quantum_cycles = 10000;
  uint64_t max_cycles = 0;  // 0 = none
};

// Reads the "cpu" section of a validated effective config into CoreConfig.
CoreConfig core_config_from_json(const nlohmann::json& cpu_section);
nlohmann::json core_config_to_json(const CoreConfig& config);

// Reads "simulation.quantum_cycles". max_cycles is not read here: it is the run's limit
// (simulation.max_cycles, which --max-cycles overrides), set by whoever builds the CPU.
CpuRunLimits run_limits_from_json(const nlohmann::json& simulation_section);
nlohmann::json run_limits_to_json(const CpuRunLimits& limits);

}  // namespace accsim::cpu
