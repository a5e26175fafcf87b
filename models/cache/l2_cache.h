// A memory-side L2 cache in front of a memory target (LiteX's L2 in front of LiteDRAM): the
// CPU's L1 refills and write-throughs reach the memory through it; a DMA master on its own
// controller port (DirectToMemory) goes past it to the DRAM (direct_access()). Timing only: data
// always lives in the backing memory (the L2 decides hits, misses, dirty write-backs and what
// they cost), which keeps DMI and the CPU's fast path intact. Plain C++; a Memory of the fabric
// holds one through its MemorySideCache interface.
//
// An access of `len` bytes costs, per L2 line it touches that misses, the write-back of a
// dirty victim and the line fill, each one DRAM access of `line_bytes` at the DRAM's native
// width; then the transfer to the initiator: `hit_latency_cycles` for the first beat and
// `cycles_per_beat` for each further beat of the bus.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "cache.h"
#include "memory_side_cache.h"
#include "memory_timing.h"
#include "three_c.h"

namespace accsim {

class Stats;

// Read from a "memories.<name>.l2" section. The initialisers are those keys' defaults
// (l2_params_to_json gives them to the schema).
struct L2Params {
  // LiteX's L2 on Arty: 8 KiB of 16-byte lines (one LiteDRAM word), direct-mapped, write-back,
  // write-allocate; LRU within a set, as in LiteX.
  cache::CacheParams cache{8192, 16, 1, cache::Replacement::kLru, cache::WritePolicy::kWriteBack,
                           true};
  uint64_t hit_latency_cycles = 3;
  uint64_t cycles_per_beat = 2;
  uint64_t beat_bytes = 4;  // the bus side
  bool classify_misses = false;
};

// `bus_width_bytes`: the bus the L2 answers on (bus.width_bytes). Replacement is always LRU, as
// in LiteX's L2.
L2Params l2_params_from_json(const nlohmann::json& l2_section, uint64_t bus_width_bytes);
nlohmann::json l2_params_to_json(const L2Params& params);

class L2Cache : public MemorySideCache {
 public:
  // `dram`: the backing memory's timing at its native width (line fills, write-backs).
  L2Cache(const L2Params& params, const MemoryTimingParams& dram);

  // Cycles of one access at memory offset `offset`; updates tags and DRAM row state.
  uint64_t access(uint64_t offset, uint64_t len, bool write) override;
  // Cycles of an access that goes to the DRAM directly (DirectToMemory: a DMA master on its
  // own controller port): DRAM time at its native width, shared row state, no L2 effect.
  uint64_t direct_access(uint64_t offset, uint64_t len) override;
  // LiteX has one L2, in front of main_ram: its statistics are cache.l2.*, named like the L1s';
  // an L2 in front of another memory reports as cache.l2_<memory>.*.
  void report(Stats& stats, const std::string& memory_name) const override;
  // The L2's lookups, fills and write-backs, and the DRAM accesses they make (l2_actions.cpp).
  void add_action_counters(std::vector<ActionCounter>& counters, const std::string& memory_name,
                           bool dram) const override;

  const cache::Cache& tags() const { return m_cache; }
  uint64_t misses() const override;
  bool classifies() const override { return m_three_c != nullptr; }
  void class_totals(uint64_t misses[3], uint64_t cycles[3]) const override;
  uint64_t hit_latency_cycles() const override { return m_params.hit_latency_cycles; }
  uint64_t row_hits() const { return m_dram.row_hits(); }
  uint64_t row_misses() const { return m_dram.row_misses(); }
  uint64_t dram_cycles() const { return m_dram_cycles; }

 private:
  void report_as(Stats& stats, const std::string& prefix) const;
  // access() past its common case (a quiet hit of one line): each line of [offset, last].
  uint64_t access_lines(uint64_t offset, uint64_t last, uint64_t len, cache::AccessKind kind);
  // The cycles of moving `len` bytes once the lines are present: the hit latency, then a beat
  // per bus width.
  uint64_t transfer_cycles(uint64_t len) const {
    return m_params.hit_latency_cycles +
           (beats_of(len, m_params.beat_bytes) - 1) * m_params.cycles_per_beat;
  }

  L2Params m_params;
  cache::Cache m_cache;
  MemoryTimingModel m_dram;
  std::unique_ptr<cache::ThreeCClassifier> m_three_c;
  uint64_t m_classified[3][3] = {};  // [AccessKind][MissClass]
  uint64_t m_class_cycles[3] = {};   // DRAM cycles of the classified misses, by MissClass
  uint64_t m_dram_cycles = 0;        // DRAM time spent on fills and write-backs
  uint64_t m_bytes_filled = 0;
  uint64_t m_bytes_written_back = 0;
  uint64_t m_direct_bytes = 0;
};

}  // namespace accsim
