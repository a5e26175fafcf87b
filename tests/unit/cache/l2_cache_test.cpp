// The memory-side L2: what a hit, a miss and a dirty eviction cost, at the bus and DRAM
// widths of configs/vexriscv_arty.json.
#include "l2_cache.h"

#include <catch2/catch.hpp>

#include "stats.h"

using namespace accsim;

namespace {
L2Params arty_l2() {
  L2Params p;
  p.cache.size_bytes = 8192;
  p.cache.line_bytes = 16;
  p.cache.ways = 1;
  p.cache.write_policy = cache::WritePolicy::kWriteBack;
  p.cache.write_allocate = true;
  p.hit_latency_cycles = 3;
  p.cycles_per_beat = 2;
  p.beat_bytes = 4;
  p.classify_misses = true;
  return p;
}
MemoryTimingParams dram(uint64_t latency) {
  MemoryTimingParams t;
  t.first_access_cycles = latency;
  t.beat_bytes = 16;  // native width: one 16-byte line is one beat
  return t;
}
}  // namespace

TEST_CASE("an L2 hit costs its latency and the bus beats", "[tlm][l2]") {
  L2Cache l2(arty_l2(), dram(16));
  // A 32-byte L1 refill touches two L2 lines, both missing: 2 DRAM fills + 3 + 7 x 2.
  CHECK(l2.access(0x100, 32, false) == 2 * 16 + 3 + 7 * 2);
  CHECK(l2.access(0x100, 32, false) == 3 + 7 * 2);  // now both hit
  CHECK(l2.access(0x104, 4, true) == 3);            // a write-through store hitting
  CHECK(l2.tags().counters().misses[0] == 2);
}

TEST_CASE("an L2 write miss allocates and a dirty victim is written back", "[tlm][l2]") {
  L2Cache l2(arty_l2(), dram(16));
  CHECK(l2.access(0x200, 4, true) == 16 + 3);  // fill, then the write
  // 0x200 + 8 KiB maps to the same direct-mapped set: write back the dirty line, then fill.
  CHECK(l2.access(0x200 + 8192, 4, false) == 16 + 16 + 3);
  CHECK(l2.tags().counters().writebacks == 1);
  Stats stats;
  l2.report(stats, "main_ram");
  CHECK(stats.get("cache.l2.writebacks") == 1);
  CHECK(stats.get("cache.l2.misses") == 2);
  CHECK(stats.get("cache.l2.misses.compulsory") == 2);
  CHECK(stats.get("cache.l2.bytes_written") == 16);
}
