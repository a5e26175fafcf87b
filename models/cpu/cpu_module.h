// The CPU as a SystemC module: a thin wrapper that owns the TLM initiator sockets (instruction
// and data bus, as VexRiscv has two Wishbone masters), a tlm_quantumkeeper and the SC_THREAD
// that runs the plain-C++ Rv32Core one quantum at a time. Its memory system (caches, DMI,
// traces) is the plain-C++ CachedMemory; this module gives it a BusPort over the sockets.
// With cpu.impl = "rtl" an RtlCpu (models/cpu/rtl/: a Verilated VexRiscv) runs in the core's
// place on the same sockets, quantum and run limits; the thread picks one loop or the other once.
#pragma once

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <tlm>

#include "action_counter.h"
#include "bus_port.h"
#include "cache_config.h"
#include "cached_memory.h"
#include "clock.h"
#include "cpu_config.h"
#include "cpu_interfaces.h"
#include "elf_loader.h"
#include "error_reason.h"
#include "rtl_cpu.h"
#include "run_status.h"
#include "rv32_core.h"

namespace accsim {
class Stats;
}

namespace accsim::cpu {

class CpuModule : public sc_core::sc_module, private BusPort {
 public:
  tlm_utils::simple_initiator_socket<CpuModule> ibus;
  tlm_utils::simple_initiator_socket<CpuModule> dbus;

  CpuModule(sc_core::sc_module_name name, const Clock& clock, const CoreConfig& config,
            const cache::CachesConfig& caches, RunStatus& status, CpuRunLimits limits,
            const MemoryTraceOptions& traces = {});
  ~CpuModule() override;

  // Called after every quantum with the CPU's cycle and instructions retired; returning a
  // non-empty string stops the run as a failure with that message (the CLI uses it for
  // progress reports and Ctrl-C).
  using QuantumHook = std::function<std::string(uint64_t cycle, uint64_t instret)>;
  void set_quantum_hook(QuantumHook hook) { m_quantum_hook = std::move(hook); }

  // Sets the CFU reached by custom-0 instructions (default: none, i.e. illegal instruction).
  void set_cfu(CfuIf* cfu);
  // The bus's timing-only path and the CPU's initiator ports on it: cache line traffic and
  // write-through stores then skip the transaction (Bus::timing_only_access).
  using BusPort::set_timing_only_path;
  // Runs `rtl` instead of the C++ core (before simulation starts). Its bus is bus_port().
  void set_rtl(std::unique_ptr<RtlCpu> rtl);
  BusPort& bus_port() { return *this; }
  // Hears every executed instruction of whichever CPU runs (the RTL CPU: when it can show
  // them, RtlCpu::can_observe).
  void set_observer(InstructionObserver* observer) {
    if (m_rtl) {
      m_rtl->set_observer(observer);
    } else {
      m_core->set_observer(observer);
    }
  }
  // The RTL CPU, or null when the C++ core runs.
  const RtlCpu* rtl() const { return m_rtl.get(); }
  // The running CPU's cycle and instructions retired, whichever CPU it is.
  uint64_t cycle() const { return m_rtl ? m_rtl->cycle() : m_core->cycle(); }
  uint64_t instret() const {
    return m_rtl ? (m_rtl->has_instret() ? m_rtl->instret() : 0) : m_core->instret();
  }
  // Entry point and symbols of the loaded firmware (segments are loaded by the platform).
  void set_program(const ElfImage& image);

  Rv32Core& core() { return *m_core; }
  const Rv32Core& core() const { return *m_core; }
  CachedMemory& memory() { return *m_memory; }
  const CachedMemory& memory() const { return *m_memory; }
  void report(Stats& stats) const;
  // The CPU's and its caches' actions for the energy model (cpu_actions.cpp).
  void add_action_counters(std::vector<ActionCounter>& counters) const;

 private:
  void run_thread();
  void run_rtl();
  std::string location() const;
  tlm_utils::simple_initiator_socket<CpuModule>& socket(BusSide side) {
    return side == BusSide::kInstruction ? ibus : dbus;
  }
  void invalidate_dmi(sc_dt::uint64 start, sc_dt::uint64 end);

  // BusPort
  bool transact(BusSide side, bool write, uint64_t address, uint8_t* data, unsigned length,
                uint64_t cycle, uint64_t& cycles) override;
  bool transact_synchronised(BusSide side, bool write, uint64_t address, uint8_t* data,
                             unsigned length, uint64_t cycle, uint64_t& cycles) override;
  bool dmi(BusSide side, bool write, uint64_t address, DmiGrant& grant, uint64_t& refused_start,
           uint64_t& refused_end) override;
  bool debug_read(uint64_t address, uint8_t* data, unsigned length) override;
  void synchronise(uint64_t cycle) override;
  std::string error_reason() const override { return m_error_reason->text; }

  const Clock& m_clock;
  RunStatus& m_status;
  CpuRunLimits m_limits;
  NoCfu m_no_cfu;
  std::unique_ptr<CachedMemory> m_memory;
  std::unique_ptr<Rv32Core> m_core;
  const SymbolTable* m_symbols = nullptr;
  uint32_t m_entry = 0;
  tlm_utils::tlm_quantumkeeper m_quantum;
  QuantumHook m_quantum_hook;
  std::unique_ptr<RtlCpu> m_rtl;
  CfuIf* m_cfu = nullptr;
  // A member, not a local: when an access ends the run (sim-control EXIT) the thread is never
  // resumed and a local payload would never be destroyed.
  tlm::tlm_generic_payload m_transaction;
  ErrorReason* m_error_reason;      // m_transaction's extension, owned by it
  uint64_t m_bus_transactions = 0;  // sent as transactions (BusPort counts the timing-only ones)
};

}  // namespace accsim::cpu
