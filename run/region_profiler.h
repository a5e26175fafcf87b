// Per-region statistics: firmware marks regions (sim-control REGION_BEGIN/END, e.g. one per
// network layer); at each marker the profiler snapshots a set of cumulative counters (cycles,
// instructions, cache misses, ...) and charges the difference to the region. A region entered
// several times accumulates; nested regions are charged independently (a parent includes its
// children). Plain C++: counters come from a snapshot callback.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "region_event.h"

namespace accsim {

class Stats;

class RegionProfiler {
 public:
  struct Counter {
    std::string name;         // statistic suffix, e.g. "instructions"
    std::string description;  // e.g. "Instructions retired in the region"
    // Kept for the derived figures only, not reported itself (the energy model's fJ).
    bool hidden = false;
  };
  // Figures derived from a region's counters when it is reported (its energy, from the action
  // counts): called with the region's statistic prefix ("op.007.conv_2d.", "region.x."), its
  // cycles and every counter's value, in counter order.
  using Derived = std::function<void(Stats& stats, const std::string& prefix, uint64_t cycles,
                                     const std::vector<uint64_t>& values)>;
  using Snapshot = std::function<std::vector<uint64_t>()>;  // one value per counter

  RegionProfiler(std::vector<Counter> counters, Snapshot snapshot);

  void set_derived(Derived derived) { m_derived = std::move(derived); }
  void on_event(const RegionEvent& event);
  // Ends the regions still open (innermost first) at `cycle`, the run's end, so that their
  // statistics are not lost; returns their names, outermost first, for the run to warn.
  std::vector<std::string> close_open_regions(uint64_t cycle);
  // Regions whose names start with this are a model's operators (tflite_runner) and report as
  // <name>.* (op.NNN.<opname>.*) instead of region.<name>.*.
  static constexpr const char* kOperatorRegionPrefix = "op.";
  // region.<name>.cycles, .entries and one statistic per counter.
  void report(Stats& stats) const;

 private:
  struct Totals {
    uint64_t entries = 0;
    uint64_t cycles = 0;
    std::vector<uint64_t> values;
  };
  struct Open {
    std::string name;
    uint64_t cycle;
    std::vector<uint64_t> values;
  };

  std::vector<Counter> m_counters;
  Snapshot m_snapshot;
  Derived m_derived;
  std::vector<Open> m_open;
  std::map<std::string, Totals> m_totals;
};

}  // namespace accsim
