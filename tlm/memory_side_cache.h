// What a memory target asks of a cache placed in front of it (LiteX's L2 in front of
// LiteDRAM): the cost of each bus access and of each access that goes past it. The fabric
// only times accesses through this interface; the cache algorithm itself is a component model
// (models/cache/l2_cache.h), so the fabric depends on no model.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "action_counter.h"

namespace accsim {

class Stats;

class MemorySideCache {
 public:
  virtual ~MemorySideCache() = default;
  // Cycles of one bus access at memory offset `offset`; updates the cache's state.
  virtual uint64_t access(uint64_t offset, uint64_t len, bool write) = 0;
  // Cycles of an access that goes to the memory directly (DirectToMemory: a DMA master on its
  // own controller port), past the cache.
  virtual uint64_t direct_access(uint64_t offset, uint64_t len) = 0;
  // The latency of a hit: what a DMI access through the cache is timed as.
  virtual uint64_t hit_latency_cycles() const = 0;
  // Statistics of the cache, of the memory called `memory_name`.
  virtual void report(Stats& stats, const std::string& memory_name) const = 0;
  // Cumulative counters for per-region figures: misses, and when the cache classifies them
  // (3C), misses and the cycles they cost by class (compulsory, capacity, conflict).
  virtual uint64_t misses() const = 0;
  virtual bool classifies() const { return false; }
  virtual void class_totals(uint64_t misses[3], uint64_t cycles[3]) const {
    for (int c = 0; c < 3; ++c) misses[c] = cycles[c] = 0;
  }
  // The actions of the cache and of the memory behind it (what reaches the memory is the
  // cache's fills, write-backs and direct accesses), for the energy model.
  virtual void add_action_counters(std::vector<ActionCounter>& counters,
                                   const std::string& memory_name, bool dram) const {
    (void)counters;
    (void)memory_name;
    (void)dram;
  }
};

}  // namespace accsim
