// The sim-control MMIO block: how firmware talks to the simulator. Its register map is the one
// the firmware HAL uses, accsim/hw/sim_control_regs.h (documented there and in
// docs/firmware.md); this module answers it.
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

namespace accsim {

class Stats;

// Where a model workload's pieces are in simulated memory (all 0 without a model).
struct WorkloadRegisters {
  uint32_t model_addr = 0, model_bytes = 0;
  uint32_t input_addr = 0, input_bytes = 0;
  uint32_t arena_addr = 0, arena_bytes = 0;
  // The SoC and the delegation (accsim/hw/tflite_delegate.h).
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
  // Values firmware reads from ARG0..ARG7 (the config's firmware_args; at most
  // ACCSIM_SIMCTL_MAX_ARGS).
  void set_firmware_args(std::vector<uint32_t> args) { m_args = std::move(args); }
  void set_workload(const WorkloadRegisters& workload) { m_workload = workload; }
  // The output tensors the firmware reported, in order: one {OUTPUT_ADDR, OUTPUT_BYTES} per
  // OUTPUT_BYTES write; empty when none.
  const std::vector<std::pair<uint32_t, uint32_t>>& workload_outputs() const { return m_outputs; }
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
  uint32_t m_output_addr = 0;
  std::vector<std::pair<uint32_t, uint32_t>> m_outputs;
};

}  // namespace accsim
