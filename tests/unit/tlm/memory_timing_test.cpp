#include "memory_timing.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

using accsim::MemoryTimingModel;
using accsim::MemoryTimingParams;

TEST_CASE("a single-beat access costs the first-beat latency", "[memory_timing]") {
  MemoryTimingModel m({20, 1, 4, std::nullopt});
  REQUIRE(m.access_cycles(0, 4) == 20);
  REQUIRE(m.access_cycles(0, 1) == 20);
}

TEST_CASE("a 32-byte line over a 32-bit path costs L + 7 (VexRiscv harness)", "[memory_timing]") {
  for (uint64_t latency : {1, 10, 20}) {
    MemoryTimingModel m({latency, 1, 4, std::nullopt});
    REQUIRE(m.access_cycles(0x40, 32) == latency + 7);
  }
}

TEST_CASE("wider beats and slower bursts scale the burst part", "[memory_timing]") {
  MemoryTimingModel wide({5, 1, 16, std::nullopt});
  REQUIRE(wide.access_cycles(0, 32) == 6);
  MemoryTimingModel slow({5, 3, 4, std::nullopt});
  REQUIRE(slow.access_cycles(0, 16) == 5 + 3 * 3);
  REQUIRE(slow.access_cycles(0, 6) == 5 + 3);  // partial beat counts as a beat
}

TEST_CASE("the row buffer turns repeat accesses to an open row into hits", "[memory_timing]") {
  const MemoryTimingParams p{30, 1, 4, accsim::RowBufferParams{1024, 2, 6}};
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

TEST_CASE("rows and banks that are not powers of two decode as the divided offset",
          "[memory_timing]") {
  // The model shifts and masks for powers of two; other geometries divide. Both must give the
  // rows and banks of offset / row_bytes and row % banks: compare against that arithmetic.
  for (const uint64_t row_bytes : {1000u, 1024u}) {
    for (const uint64_t banks : {3u, 4u}) {
      const MemoryTimingParams p{30, 1, 4, accsim::RowBufferParams{row_bytes, banks, 6}};
      MemoryTimingModel m(p);
      std::vector<uint64_t> open(banks, UINT64_MAX);
      uint64_t offset = 0;
      for (int i = 0; i < 2000; ++i) {
        offset = (offset * 2862933555777941757ull + 3037000493ull) % (64 * 1024);
        const uint64_t row = offset / row_bytes;
        const bool hit = open[row % banks] == row;
        open[row % banks] = row;
        REQUIRE(m.access_cycles(offset, 4) == (hit ? 6u : 30u));
      }
    }
  }
}

TEST_CASE("an access of a beat or less is one beat, a longer one rounds up", "[memory_timing]") {
  REQUIRE(accsim::beats_of(0, 4) == 1);
  REQUIRE(accsim::beats_of(1, 4) == 1);
  REQUIRE(accsim::beats_of(4, 4) == 1);
  REQUIRE(accsim::beats_of(5, 4) == 2);
  REQUIRE(accsim::beats_of(32, 4) == 8);
  REQUIRE(accsim::beats_of(33, 16) == 3);
}
