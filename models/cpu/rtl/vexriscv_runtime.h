// The CPU as RTL for a SoC: cpu.verilog verilated on first use (models/rtl_runtime, cached in
// $ACCSIM_CPU_CACHE, else ~/.cache/accsim/cpu) with a wrapper written for its ports
// (vexriscv_wrapper.h), loaded and put behind VexRiscvRtlCpu.
#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "bus_port.h"
#include "rtl_cpu.h"
#include "run_status.h"
#include "vexriscv_model.h"

namespace accsim::cpu::rtl {

// Builds (or finds in the cache) and loads the design. Throws std::runtime_error with the
// reason: one line, or for missing ports one line per port.
// `trace` readies it for a waveform.
std::unique_ptr<VexRiscvModel> load_vexriscv_model(
    const std::string& verilog, bool trace, const std::function<void(const std::string&)>& note);

// What the run asks of the RTL CPU besides the config.
struct RtlCpuRunOptions {
  std::string fst_path;  // --trace fst: the CPU's waveform (empty: none)
  uint64_t trace_first_cycle = 0;
  uint64_t trace_end_cycle = UINT64_MAX;
  uint64_t clock_period_ps = 10000;
  std::function<void(const std::string&)> note;  // hears about a first verilation
};

// The RTL CPU of a validated config with cpu.impl = "rtl", on `bus`.
std::unique_ptr<RtlCpu> make_rtl_cpu(const nlohmann::json& effective, BusPort& bus,
                                     const RunStatus& status, const RtlCpuRunOptions& run);

}  // namespace accsim::cpu::rtl
