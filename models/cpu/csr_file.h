// Machine-mode CSRs of the core, plus CFU-Playground's 8 perf counters (value at 0xB04 + 2n,
// enable at 0xB05 + 2n). Counters that advance with time (mcycle, perf counters) are computed
// from the core's cycle on read rather than ticked, so they cost nothing per instruction.
#pragma once

#include <array>
#include <cstdint>

namespace accsim::cpu {

namespace csr {
constexpr uint16_t kMstatus = 0x300, kMisa = 0x301, kMie = 0x304, kMtvec = 0x305, kMscratch = 0x340,
                   kMepc = 0x341, kMcause = 0x342, kMtval = 0x343, kMip = 0x344, kMcycle = 0xB00,
                   kMinstret = 0xB02, kMcycleh = 0xB80, kMinstreth = 0xB82, kCycle = 0xC00,
                   kInstret = 0xC02, kCycleh = 0xC80, kInstreth = 0xC82, kMvendorid = 0xF11,
                   kMarchid = 0xF12, kMimpid = 0xF13, kMhartid = 0xF14, kPerfCounterBase = 0xB04;
constexpr int kPerfCounters = 8;
constexpr uint32_t kMstatusMie = 1u << 3, kMstatusMpie = 1u << 7, kMstatusMpp = 3u << 11;
constexpr uint32_t kMisaRv32im = (1u << 30) | (1u << 8) | (1u << 12);
}  // namespace csr

class CsrFile {
 public:
  // Reads CSR `number` at `cycle` with `instret` retired; false = no such CSR.
  bool read(uint16_t number, uint64_t cycle, uint64_t instret, uint32_t& value) const;
  // Writes; false = no such CSR or read-only (the caller raises illegal instruction).
  bool write(uint16_t number, uint32_t value, uint64_t cycle, uint64_t instret);
  static bool is_read_only(uint16_t number) { return (number >> 10) == 3; }

  // Trap state used by the core.
  uint32_t mstatus = csr::kMstatusMpp;
  uint32_t mtvec = 0;
  uint32_t mepc = 0;
  uint32_t mcause = 0;
  uint32_t mtval = 0;
  uint32_t mscratch = 0;
  uint32_t mie = 0;
  bool mtvec_written = false;  // traps stop the run until firmware installs a handler

  uint64_t perf_counter(int n, uint64_t cycle) const;

 private:
  // mcycle/minstret values are the core's counts plus these offsets (firmware may write them).
  uint64_t m_cycle_offset = 0;
  uint64_t m_instret_offset = 0;
  struct PerfCounter {
    uint64_t base = 0;           // value when last enabled/disabled/written
    uint64_t enabled_since = 0;  // cycle it was enabled
    bool enabled = false;
  };
  std::array<PerfCounter, csr::kPerfCounters> m_perf{};
};

}  // namespace accsim::cpu
