// What every CFU model offers the platform: the CPU's CfuIf (command in, response out, with
// accept/response cycles) plus statistics. The SystemC wrapper (CfuModule) holds one.
#pragma once

#include <cstdint>
#include <vector>

#include "action_counter.h"
#include "cpu_interfaces.h"

namespace accsim {
class Stats;
}

namespace accsim::cfu {

class CfuModel : public cpu::CfuIf {
 public:
  // `end_cycle`: the cycle the run ended, for idle-time and occupancy figures.
  virtual void report(Stats& stats, uint64_t end_cycle) const = 0;
  // Cumulative figures for per-region statistics, when the CFU counts them (the C++ mnv2 model;
  // a Verilated CFU exposes no internal counters, and a 0 would read as "idle").
  virtual bool counts_activity() const { return false; }
  virtual uint64_t macs() const { return 0; }
  virtual uint64_t busy_cycles() const { return 0; }
  // Its actions for the energy model (component "cfu", table class "cfu"), from the counters
  // it keeps; none for a CFU that counts nothing (the CPU's cfu_issue still counts its
  // commands).
  virtual void add_action_counters(std::vector<ActionCounter>& counters) const { (void)counters; }
  // Words in the output FIFO during `cycle` as far as the CFU has computed (it catches up at
  // each command), for timeline samples; -1 when the CFU has no output FIFO to show.
  virtual int64_t output_fifo_words(uint64_t cycle) const {
    (void)cycle;
    return -1;
  }
  // A co-simulated CFU's host work: the clock cycles its RTL was evaluated (lazy clocking skips
  // cycles that cannot change it); 0 for C++ models. Not a statistic: no result depends on it.
  virtual uint64_t rtl_cycles_evaluated() const { return 0; }
};

}  // namespace accsim::cfu
