// The VTA as a SystemC module on the SoC bus: an MMIO target with tsim's control registers
// (accsim/hw/vta_regs.h), a DMA initiator for every DRAM access (instruction fetch, loads,
// stores), and VTA's four modules as concurrent SC_THREADs, so loads, compute and stores
// overlap in simulated time exactly as far as the program's dependency tokens allow.
//
//   fetch   reads INSN_COUNT instructions by DMA and dispatches them in order: STORE to the
//           store queue, LOAD of INP/WGT to the load queue, everything else to compute; it
//           stalls while the target queue is full.
//   load    INP/WGT loads;  compute: UOP/ACC loads, GEMM, ALU, FINISH;  store: OUT stores.
//
// A module pops the tokens its instruction asks for (waiting until they exist), executes, then
// pushes. When no module can make progress and FINISH has not run, the run stops with an error
// naming each module's next instruction and the empty queues (upstream's fsim would hang).
// Instruction semantics and datapath cycles live in VtaCore; docs/vta.md has the timing model.
#pragma once

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <memory>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "action_counter.h"
#include "clock.h"
#include "run_status.h"
#include "vta_activity.h"
#include "vta_config.h"
#include "vta_core.h"
#include "vta_queues.h"

namespace accsim {
class Stats;
}

namespace accsim::vta {

class VtaModule : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<VtaModule> control_side;  // MMIO registers, from the CPU
  tlm_utils::simple_initiator_socket<VtaModule> dma_side;   // DRAM traffic, onto the bus

  // `platform_clock` times the MMIO side; the VTA counts its own clock (config clock_mhz, or
  // the platform clock). `max_cycles` (platform cycles, 0 = none) bounds a single GEMM/ALU so a
  // runaway instruction is refused instead of computed for hours.
  VtaModule(sc_core::sc_module_name name, const VtaConfig& config, const Clock& platform_clock,
            RunStatus& status, uint64_t max_cycles);
  ~VtaModule() override;

  const VtaConfig& config() const { return m_config; }
  const VtaCore& core() const { return m_core; }
  VtaCore& core() { return m_core; }
  uint64_t launches() const { return m_launches; }
  uint64_t dma_bytes() const;  // read + written so far
  uint64_t dma_read_bytes() const;
  uint64_t dma_write_bytes() const;
  // Cycles the load, compute and store modules spent executing so far, summed.
  uint64_t module_busy_cycles() const;
  // Reports every instruction, wait and DMA burst to `sink` (a timeline); null = nobody.
  void set_activity_sink(VtaActivitySink* sink) { m_sink = sink; }
  void report(Stats& stats) const;
  // Its actions for the energy model (vta_actions.cpp): GEMM MACs, ALU operations, bytes read
  // and written per SRAM buffer, DMA bytes, busy cycles.
  void add_action_counters(std::vector<ActionCounter>& counters) const;

 private:
  enum class Wait { kBusy, kIdle, kInstruction, kTokens, kTokenSpace, kQueueSpace, kDone };
  struct Unit {
    std::string name;
    Wait wait = Wait::kIdle;
    CommandQueue* input = nullptr;  // load/compute/store
    QueuedInsn current{};
    std::vector<TokenQueue*> tokens;        // kTokens: to pop; kTokenSpace: to push
    std::vector<TokenQueue*> pops, pushes;  // of the current instruction
    CommandQueue* blocked_on = nullptr;     // fetch in kQueueSpace
    uint64_t instructions = 0;
    uint64_t busy_cycles = 0, stall_cycles = 0;  // stall: tokens or queue space
    sc_core::sc_time since;
  };
  class BusDram;

  void fetch_thread();
  void load_thread() { module_loop(m_load); }
  void compute_thread() { module_loop(m_compute); }
  void store_thread() { module_loop(m_store); }
  void module_loop(Unit& unit);
  void execute(Unit& unit, const QueuedInsn& insn);
  // The token queues an instruction pops and pushes in `unit`; throws VtaError on a flag the
  // module has no queue for.
  void token_queues(const Unit& unit, const vta_deps_t& deps, std::vector<TokenQueue*>& pops,
                    std::vector<TokenQueue*>& pushes) const;
  void set_wait(Unit& unit, Wait wait);
  bool live(const Unit& unit) const;
  void check_deadlock();
  std::string describe(const Unit& unit) const;
  void fail(const std::string& message);
  void finish();

  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  uint64_t vta_cycles_now() const { return m_clock.cycles(sc_core::sc_time_stamp()); }

  VtaConfig m_config;
  const Clock& m_platform_clock;
  Clock m_clock;
  RunStatus& m_status;
  VtaActivitySink* m_sink = nullptr;
  uint64_t m_max_vta_cycles;
  VtaCore m_core;
  std::unique_ptr<BusDram> m_dram;

  CommandQueue m_load_q, m_compute_q, m_store_q;
  sc_core::sc_event m_tokens_changed;
  TokenQueue m_l2c, m_c2l, m_c2s, m_s2c;
  Unit m_fetch, m_load, m_compute, m_store;
  sc_core::sc_event m_launch_event, m_check_event;

  // Registers.
  uint32_t m_insn_count = 0, m_insn_addr = 0;
  bool m_busy = false, m_done = false;
  bool m_launch_pending = false;  // launched, fetch not yet woken
  uint64_t m_launch_cycle = 0, m_finish_cycle = 0;
  // Totals over all launches.
  uint64_t m_launches = 0, m_total_cycles = 0;
  uint64_t m_insn_kind[5] = {};
  // Members, not locals of the threads: a thread blocked when the simulation ends is never
  // unwound, so anything it allocated on its stack would leak.
  std::vector<uint8_t> m_fetch_buffer;
};

}  // namespace accsim::vta
