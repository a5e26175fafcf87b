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
  // 0 = none. 10^10 (100 s of simulated time at 100 MHz) so that a runaway firmware cannot hang
  // a sweep.
  uint64_t max_cycles = 10000000000;
};

// Which CPU runs (cpu.impl): the C++ core, or the VexRiscv Verilog of cpu.verilog
// (models/cpu/rtl/). Its initialiser is cpu.impl's default.
struct CpuImpl {
  bool rtl = false;
};
CpuImpl cpu_impl_from_json(const nlohmann::json& cpu_section);
nlohmann::json cpu_impl_to_json(const CpuImpl& impl);

// Reads the "cpu" section of a validated effective config into CoreConfig.
CoreConfig core_config_from_json(const nlohmann::json& cpu_section);
nlohmann::json core_config_to_json(const CoreConfig& config);

// Reads the "simulation" section. Whoever builds the CPU sets max_cycles to the run's limit,
// which --max-cycles may override.
CpuRunLimits run_limits_from_json(const nlohmann::json& simulation_section);
nlohmann::json run_limits_to_json(const CpuRunLimits& limits);

}  // namespace accsim::cpu
