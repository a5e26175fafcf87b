// A VexRiscv design (VexRiscvModel) as the SoC's CPU: clocks it cycle by cycle, its iBus and
// dBus Wishbone masters through WishboneBurstToTlm onto the CPU's BusPort (the same TLM bus,
// memories, L2, DRAM and devices as the C++ core), its CFU bus through CfuBusToCfuIf onto the
// configured CFU. Plain C++: CpuModule's thread calls run() one quantum at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bus_port.h"
#include "cfu_bus_to_cfu_if.h"
#include "rtl_cpu.h"
#include "run_status.h"
#include "vexriscv_geometry.h"
#include "vexriscv_model.h"
#include "wishbone_burst_to_tlm.h"

namespace accsim::cpu::rtl {

struct VexRiscvRtlOptions {
  VexRiscvCacheShape icache, dcache;
  unsigned reset_cycles = 8;  // clocked with reset high before cycle 0, not counted
  // The waveform (--trace fst): empty for none; the cycles it covers, [first, end).
  std::string fst_path;
  uint64_t trace_first_cycle = 0;
  uint64_t trace_end_cycle = UINT64_MAX;
  uint64_t clock_period_ps = 10000;
};

class VexRiscvRtlCpu : public RtlCpu {
 public:
  VexRiscvRtlCpu(std::unique_ptr<VexRiscvModel> model, BusPort& bus, const RunStatus& status,
                 VexRiscvRtlOptions options);
  ~VexRiscvRtlCpu() override;

  void reset(uint32_t entry) override;
  void run(uint64_t until) override;
  const std::string& failure() const override { return m_failure; }
  uint64_t cycle() const override { return m_cycle; }
  bool has_instret() const override { return m_model->has_instret(); }
  uint64_t instret() const override { return m_model->instret(); }
  void set_cfu(CfuIf& cfu) override { m_cfu.set_cfu(cfu); }
  void set_symbols(const SymbolTable* symbols) override { m_symbols = symbols; }
  bool can_observe() const override { return m_model->has_retire(); }
  void set_observer(InstructionObserver* observer) override { m_observer = observer; }
  uint64_t icache_refills() const override { return m_ibus.counters().bursts; }
  uint64_t dcache_refills() const override { return m_dbus.counters().bursts; }
  void report(Stats& stats) const override;
  std::vector<std::string> notes() const override;

 private:
  void tick();
  void dump(uint64_t half_cycles);
  void observe_retire(uint64_t cycle);
  bool arbitrate(BusSide side, bool cyc, uint64_t cycle);
  bool transport(BusSide side, bool write, uint64_t address, uint8_t* data, unsigned length,
                 uint64_t cycle, uint64_t& cycles, std::string& error);
  bool is_memory(uint64_t address);

  std::unique_ptr<VexRiscvModel> m_model;
  BusPort& m_bus;
  const RunStatus& m_status;
  VexRiscvRtlOptions m_options;
  NoCfu m_no_cfu;
  WishboneBurstToTlm m_ibus;
  WishboneBurstToTlm m_dbus;
  CfuBusToCfuIf m_cfu;
  VexRiscvPins m_pins;
  uint32_t m_reset_vector = 0;
  uint64_t m_cycle = 0;
  bool m_tracing = false;
  const SymbolTable* m_symbols = nullptr;
  InstructionObserver* m_observer = nullptr;
  uint64_t m_last_retire = 0;  // the cycle after the last retiring instruction's
  uint64_t m_transactions = 0;
  std::string m_failure;
  // Address ranges (inclusive) known to be memory (DMI granted) or not (refused): accesses
  // outside memory synchronise with SystemC time first, as the C++ core's MMIO does.
  struct Range {
    uint64_t start, end;
    bool memory;
  };
  std::vector<Range> m_ranges;
};

}  // namespace accsim::cpu::rtl
