// The parse of cpu.impl = "rtl" (cpu.verilog, and the caches it must agree with), which is its
// validation: it throws config::ValueError at the key to blame.
//
// The caches' geometry in the JSON must be the Verilog's. accsim refuses a difference rather
// than taking the Verilog's: the config is the description of the experiment (config.json, the
// report's diffs, sweeps), and a --set caches.icache.size=8K that silently ran a 4 KiB I$ would
// report results of hardware nobody asked for.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "vexriscv_geometry.h"

namespace accsim::cpu::rtl {

struct CpuRtlConfig {
  std::string verilog;  // absolute path
  VexRiscvCaches caches;
};

// Whether the effective config asks for the CPU as RTL.
bool cpu_is_rtl(const nlohmann::json& effective);
// Reads and checks the "cpu" section of a config with cpu.impl = "rtl" against its "caches".
CpuRtlConfig cpu_rtl_config(const nlohmann::json& effective);

}  // namespace accsim::cpu::rtl
