#include "memory_timing.h"

#include <catch2/catch.hpp>

using accsim::MemoryTimingModel;
using accsim::MemoryTimingParams;

TEST_CASE("a single-beat access costs the first-beat latency", "[memory_timing]") {
  MemoryTimingModel m({20, 1, 4});
  REQUIRE(m.access_cycles(0, 4) == 20);
  REQUIRE(m.access_cycles(0, 1) == 20);
}

TEST_CASE("a 32-byte line over a 32-bit path costs L + 7 (VexRiscv harness)", "[memory_timing]") {
  for (uint64_t latency : {1, 10, 20}) {
    MemoryTimingModel m({latency, 1, 4});
    REQUIRE(m.access_cycles(0x40, 32) == latency + 7);
  }
}

TEST_CASE("wider beats and slower bursts scale the burst part", "[memory_timing]") {
  MemoryTimingModel wide({5, 1, 16});
  REQUIRE(wide.access_cycles(0, 32) == 6);
  MemoryTimingModel slow({5, 3, 4});
  REQUIRE(slow.access_cycles(0, 16) == 5 + 3 * 3);
  REQUIRE(slow.access_cycles(0, 6) == 5 + 3);  // partial beat counts as a beat
}

TEST_CASE("the row buffer turns repeat accesses to an open row into hits", "[memory_timing]") {
  MemoryTimingParams p{30, 1, 4};
  p.row_bytes = 1024;
  p.banks = 2;
  p.row_hit_cycles = 6;
  MemoryTimingModel m(p);
  REQUIRE(m.access_cycles(0, 4) == 30);     // row 0, bank 0: miss
  REQUIRE(m.access_cycles(512, 4) == 6);    // same row: hit
  REQUIRE(m.access_cycles(1024, 4) == 30);  // row 1, bank 1: miss
  REQUIRE(m.access_cycles(16, 4) == 6);     // row 0 still open in bank 0
  REQUIRE(m.access_cycles(2048, 4) == 30);  // row 2, bank 0: closes row 0
  REQUIRE(m.access_cycles(0, 4) == 30);
  REQUIRE(m.row_hits() == 2);
  REQUIRE(m.row_misses() == 4);
}
