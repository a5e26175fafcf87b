// The CPU as a SystemC module: a thin wrapper that owns the TLM initiator sockets (instruction
// and data bus, as VexRiscv has two Wishbone masters), a tlm_quantumkeeper and the SC_THREAD
// that runs the plain-C++ Rv32Core one quantum at a time.
//
// Memory: DMI regions are requested lazily and used for every access they cover; their
// latency gives the stall of an uncached access (caches, when configured, sit in front of
// this). Accesses without DMI (MMIO) synchronise the quantum first, so the target sees the
// CPU's true time, then go through b_transport.
#pragma once

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "clock.h"
#include "cpu_interfaces.h"
#include "elf_loader.h"
#include "run_status.h"
#include "rv32_core.h"

namespace accsim {
class Stats;
}

namespace accsim::cpu {

struct CpuRunLimits {
  uint64_t quantum_cycles = 10000;
  uint64_t max_cycles = 0;  // 0 = none
};

class CpuModule : public sc_core::sc_module, private MemoryIf {
 public:
  tlm_utils::simple_initiator_socket<CpuModule> ibus;
  tlm_utils::simple_initiator_socket<CpuModule> dbus;

  CpuModule(sc_core::sc_module_name name, const Clock& clock, const CoreConfig& config,
            RunStatus& status, CpuRunLimits limits);
  ~CpuModule() override;

  // Called after every quantum with the core; returning a non-empty string stops the run as
  // a failure with that message (the CLI uses it for progress reports and Ctrl-C).
  using QuantumHook = std::function<std::string(const Rv32Core&)>;
  void set_quantum_hook(QuantumHook hook) { m_quantum_hook = std::move(hook); }

  // Sets the CFU reached by custom-0 instructions (default: none, i.e. illegal instruction).
  void set_cfu(CfuIf* cfu);
  // Entry point and symbols of the loaded firmware (segments are loaded by the platform).
  void set_program(const ElfImage& image);

  Rv32Core& core() { return *m_core; }
  const Rv32Core& core() const { return *m_core; }
  void report(Stats& stats) const;

 private:
  struct DmiRegion {
    uint64_t start = 0;
    uint64_t end = 0;  // inclusive
    uint8_t* ptr = nullptr;
    bool writable = false;
    uint64_t read_stall = 0;
    uint64_t write_stall = 0;
  };
  struct NoDmiRange {
    uint64_t start, end;  // inclusive; the bus told us DMI is not available here
  };

  void run_thread();
  void sync_to(uint64_t cycle);
  const DmiRegion* dmi_region(uint32_t address, tlm_utils::simple_initiator_socket<CpuModule>& s);
  bool bus_access(tlm_utils::simple_initiator_socket<CpuModule>& socket, bool write,
                  uint32_t address, uint8_t* data, unsigned size, uint64_t cycle, uint64_t& stall);
  void invalidate_dmi(sc_dt::uint64 start, sc_dt::uint64 end);
  std::string location() const;

  // MemoryIf
  bool fetch_word(uint32_t pc, uint32_t& word) override;
  uint64_t fetch_stall(uint32_t pc, uint64_t cycle) override;
  uint32_t fetch_block_bytes() const override { return 4; }
  bool load(uint32_t addr, unsigned size, uint64_t cycle, uint32_t& value,
            uint64_t& stall) override;
  bool store(uint32_t addr, unsigned size, uint32_t value, uint64_t cycle,
             uint64_t& stall) override;
  void wait_for_interrupt(uint64_t cycle) override;

  const Clock& m_clock;
  RunStatus& m_status;
  CpuRunLimits m_limits;
  NoCfu m_no_cfu;
  std::unique_ptr<Rv32Core> m_core;
  const SymbolTable* m_symbols = nullptr;
  uint32_t m_entry = 0;
  tlm_utils::tlm_quantumkeeper m_quantum;
  QuantumHook m_quantum_hook;

  tlm::tlm_generic_payload m_bus_transaction;
  std::vector<DmiRegion> m_dmi;
  std::vector<NoDmiRange> m_no_dmi;
  const DmiRegion* m_last_data = nullptr;
  const DmiRegion* m_last_fetch = nullptr;
  uint64_t m_mmio_accesses = 0;
  uint64_t m_quantum_syncs = 0;
};

}  // namespace accsim::cpu
