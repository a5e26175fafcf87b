// The sim-control MMIO block: how firmware talks to the simulator. Register map (32-bit
// registers, offsets from the block's base; documented in docs/firmware.md and mirrored in
// firmware_stub/include/accsim/sim_control.h):
//
//   0x00 ID            R   0x41435349 ("ACSI"): lets firmware check it runs on accsim
//   0x04 CONSOLE_TX    W   low byte appended to the console
//   0x08 EXIT          W   end the run with this exit code (0 = success)
//   0x0C REGION_BEGIN  W   address of a NUL-terminated region name; opens a named region
//   0x10 REGION_END    W   address of the name of the innermost open region (or 0)
//   0x14 CYCLE_LO      R   simulated cycle count, low word
//   0x18 CYCLE_HI      R   simulated cycle count, high word
//   0x1C ARG_COUNT     R   number of firmware arguments (config key firmware_args, <= 8)
//   0x20 ARG0..ARG7    R   the arguments (0 beyond ARG_COUNT): firmware parameters from JSON
//   0x40 MODEL_ADDR    R   workload: where accsim placed the .tflite model (0 = no model)
//   0x44 MODEL_BYTES   R   its size in bytes
//   0x48 INPUT_ADDR    R   the bytes for input tensor 0 (`--input`)
//   0x4C INPUT_BYTES   R   their size (0 = no input file: the firmware zeroes the tensor)
//   0x50 ARENA_ADDR    R   the tensor arena region
//   0x54 ARENA_BYTES   R   its size
//   0x58 OUTPUT_ADDR   W   the firmware reports where output tensor 0 is after the run
//   0x5C OUTPUT_BYTES  W   and its size; accsim writes those bytes to output.bin
//   0x60 SOC_CFU       R   the CFU the SoC has (TFL_SOC_CFU_*, accsim/tflite_delegate.h)
//   0x64 SOC_VTA_BASE  R   the VTA's register block, 0 = none
//   0x68 DELEGATE      R   runtime.delegate (TFL_DELEGATE_*)
//   0x6C OVERRIDES_ADDR R  runtime.placement as TflPlacementOverride entries in memory
//   0x70 OVERRIDES_COUNT R their number
//   0x74 PLACEMENT     W   address of a TflPlacementRecord: one operator's backend (and why)
//
// Region markers nest. Names are read through the bus's debug transport, so they may live in
// any memory. Misuse (unreadable name, END without BEGIN, END naming another region) fails
// the run with a message naming the region.
#pragma once

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <functional>
#include <string>
#include <systemc>
#include <tlm>
#include <utility>
#include <vector>

#include "clock.h"
#include "region_event.h"
#include "run_status.h"
#include "sim_control_regs.h"

namespace accsim {

class Stats;

// Where a model workload's pieces are in simulated memory (all 0 without a model).
struct WorkloadRegisters {
  uint32_t model_addr = 0, model_bytes = 0;
  uint32_t input_addr = 0, input_bytes = 0;
  uint32_t arena_addr = 0, arena_bytes = 0;
  // The SoC and the delegation (accsim/tflite_delegate.h).
  uint32_t soc_cfu = 0, soc_vta_base = 0, delegate = 0;
  uint32_t overrides_addr = 0, overrides_count = 0;
};

class SimControl : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<SimControl> bus_side;
  // Reads region names from memory by debug transport.
  tlm_utils::simple_initiator_socket<SimControl> name_reader;

  using ConsoleSink = std::function<void(char)>;
  using RegionListener = std::function<void(const RegionEvent&)>;
  // Receives the address of each placement record the firmware writes to PLACEMENT.
  using PlacementListener = std::function<void(uint64_t address, uint64_t cycle)>;

  SimControl(sc_core::sc_module_name name, const Clock& clock, RunStatus& status);

  void set_console(ConsoleSink sink) { m_console = std::move(sink); }
  // Values firmware reads from ARG0..ARG7 (the config's firmware_args; at most kMaxArgs).
  void set_firmware_args(std::vector<uint32_t> args) { m_args = std::move(args); }
  void set_workload(const WorkloadRegisters& workload) { m_workload = workload; }
  // The output tensor the firmware reported (OUTPUT_ADDR, OUTPUT_BYTES); {0, 0} when none.
  std::pair<uint32_t, uint32_t> workload_output() const { return {m_output_addr, m_output_bytes}; }
  void set_placement_listener(PlacementListener listener) {
    m_placement_listener = std::move(listener);
  }
  void add_region_listener(RegionListener listener) {
    m_region_listeners.push_back(std::move(listener));
  }
  const std::vector<RegionEvent>& region_events() const { return m_events; }
  void report(Stats& stats) const;

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  std::string read_name(uint64_t address, bool& ok);
  void region(bool begin, uint64_t name_address, uint64_t cycle);

  const Clock& m_clock;
  RunStatus& m_status;
  ConsoleSink m_console;
  std::vector<RegionListener> m_region_listeners;
  std::vector<RegionEvent> m_events;
  std::vector<std::pair<std::string, uint64_t>> m_open;  // name, begin cycle
  uint64_t m_console_bytes = 0;
  std::vector<uint32_t> m_args;
  WorkloadRegisters m_workload;
  PlacementListener m_placement_listener;
  uint32_t m_output_addr = 0, m_output_bytes = 0;
};

}  // namespace accsim
