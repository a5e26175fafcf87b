// The CPU as RTL (cpu.impl = "rtl"): what CpuModule needs of a clocked CPU design that replaces
// its Rv32Core. CpuModule keeps the sockets, the quantum and the run's end; the RTL CPU
// (models/cpu/rtl/) clocks the design and reaches the bus through CpuModule's BusPort and the
// CFU through a CfuIf, as the C++ core does. Nothing of it is on the C++ core's path.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cpu_interfaces.h"
#include "rv32_core.h"
#include "symbol_table.h"

namespace accsim {
class Stats;
}

namespace accsim::cpu {

class RtlCpu {
 public:
  virtual ~RtlCpu() = default;
  // Resets the design with its reset vector at `entry` (the ELF's entry point).
  virtual void reset(uint32_t entry) = 0;
  // Clocks the design up to cycle `until`; returns earlier when the run stops (the firmware
  // exited through sim-control) or the CPU fails (failure()).
  virtual void run(uint64_t until) = 0;
  // Why the CPU cannot go on (a bus error, a CFU command without a CFU); empty while it can.
  virtual const std::string& failure() const = 0;
  virtual uint64_t cycle() const = 0;
  // Instructions retired (the design's minstret), when has_instret().
  virtual bool has_instret() const = 0;
  virtual uint64_t instret() const = 0;
  virtual void set_cfu(CfuIf& cfu) = 0;
  // The firmware's functions, for the observer's rows.
  virtual void set_symbols(const SymbolTable* symbols) = 0;
  // Hears every retiring instruction (--trace insn, the timeline), when can_observe(): its
  // begin_cycle is the previous one's end (retire to retire), stalls are not known.
  virtual bool can_observe() const = 0;
  virtual void set_observer(InstructionObserver* observer) = 0;
  // Cache line refills seen on the buses (incrementing bursts).
  virtual uint64_t icache_refills() const = 0;
  virtual uint64_t dcache_refills() const = 0;
  virtual void report(Stats& stats) const = 0;
  // What the user should hear at the end of the run (bus errors the design ignored).
  virtual std::vector<std::string> notes() const = 0;
};

}  // namespace accsim::cpu
