// How a Verilated CFU is run: waveform, limits, clock. Separate from verilated_cfu.h so code
// that only configures RTL co-simulation does not include Verilator's headers.
#pragma once

#include <cstdint>
#include <string>

namespace accsim::cfu {

struct VerilatedCfuOptions {
  std::string name = "cfu";
  // A command the RTL neither accepts nor answers within this many cycles is an error (a hung
  // CFU), not a hang of the simulator.
  uint64_t max_wait_cycles = 10'000'000;
  std::string fst_path;  // empty: no waveform
  uint64_t trace_first_cycle = 0;
  uint64_t trace_end_cycle = UINT64_MAX;  // exclusive
  uint64_t clock_period_ps = 10000;
  unsigned reset_cycles = 4;
  // Names instructions in statistics as the C++ model of the same CFU does
  // (cfu.insn.<name>.count), so model and RTL runs compare stat by stat; nullptr: by funct7.
  const char* (*instruction_name)(unsigned funct7) = nullptr;
  // Skip the cycles in which the design provably cannot change (settle_probe.h). Off, every
  // cycle is evaluated: the reference the skipping is tested against (ACCSIM_CFU_CLOCK_EVERY_CYCLE
  // in the environment turns it off for `accsim run`). Only for designs whose whole state and
  // effects the probe sees: runtime_cfu.cpp turns it off for a design that has others.
  bool lazy_clocking = true;
};

}  // namespace accsim::cfu
