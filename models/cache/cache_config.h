// The L1 caches' config structs and the JSON keys they are read from ("caches"). Their member
// initialisers (and CacheParams') are those keys' defaults, with the two L1s' own miss overheads
// (icache_timing(), dcache_timing()): caches_config_to_json gives them to the schema
// (soc::architecture_schema), so configs/schema/accsim.schema.json does not repeat them.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "cache.h"

namespace accsim::cache {

struct CacheTiming {
  CacheParams params;
  uint32_t hit_latency_cycles = 1;
  uint32_t miss_overhead_cycles = 0;  // the L1s have their own: icache_timing(), dcache_timing()
  bool classify_misses = false;
  // Write-through stores: 0 = a store waits in the Memory stage until the bus takes its write
  // (VexRiscv full+cfu); N = a FIFO of N writes in front of the bus (what-if).
  uint32_t write_buffer_depth = 0;
};

struct AddressSpan {
  uint64_t base = 0;
  uint64_t size = 0;
  bool overlaps(uint64_t start, uint64_t end_inclusive) const {
    return start < base + size && base <= end_inclusive;
  }
};

// The caches' defaults: CacheTiming's, and the miss overheads measured on VexRiscv (the schema's
// descriptions give the measurements), in which the two L1s differ.
CacheTiming icache_timing();
CacheTiming dcache_timing();

struct CachesConfig {
  std::optional<CacheTiming> icache;
  std::optional<CacheTiming> dcache;
  // LiteX: everything at or above 0x8000_0000 (CSRs and MMIO) bypasses the caches.
  std::vector<AddressSpan> uncached = {{0x80000000, 0x80000000}};
};

// Size, line, ways, write policy and allocation of any cache section (an L1's or an L2's).
CacheParams cache_params_from_json(const nlohmann::json& cache_section);
nlohmann::json cache_params_to_json(const CacheParams& params);
CachesConfig caches_config_from_json(const nlohmann::json& caches_section, uint64_t seed);
// The "caches" keys: uncached_regions, and each L1 that is there (an I$ without the D$ key
// write_buffer_depth).
nlohmann::json caches_config_to_json(const CachesConfig& caches);
// The keys of an L1 section (caches.icache, caches.dcache): the D$'s, which has one more
// (write_buffer_depth).
nlohmann::json cache_timing_to_json(const CacheTiming& timing);

}  // namespace accsim::cache
