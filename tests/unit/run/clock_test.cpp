// The SoC clock's conversions: exact at every cycle count (the small ones come from a table,
// the rest from SystemC), and the delay an initiator ahead of SystemC time annotates.
#include "clock.h"

#include <catch2/catch.hpp>

using accsim::Clock;

TEST_CASE("Clock::time is the period times the cycles, table or not") {
  const Clock clock(100.0);  // 10,000 ps
  for (uint64_t cycles : {0ull, 1ull, 7ull, 1023ull, 1024ull, 1025ull, 123456789ull}) {
    CHECK(clock.time(cycles).value() == cycles * 10000);
    CHECK(clock.cycles(clock.time(cycles)) == cycles);
  }
  const Clock odd(3.0);  // 333,333 ps
  CHECK(odd.time(1000).value() == 333333000ull);
  CHECK(odd.time(5000).value() == 1666665000ull);
}

TEST_CASE("Clock::delay_until reaches the start of a cycle from any time") {
  const Clock clock(100.0);
  const auto at = [](uint64_t ps) { return sc_core::sc_time::from_value(ps); };
  CHECK(clock.delay_until(10, at(100000)) == sc_core::SC_ZERO_TIME);      // now
  CHECK(clock.delay_until(9, at(100000)) == sc_core::SC_ZERO_TIME);       // passed
  CHECK(clock.delay_until(13, at(100000)).value() == 30000);              // aligned: from the table
  CHECK(clock.delay_until(13, at(104000)).value() == 26000);              // between two edges
  CHECK(clock.delay_until(5000, at(100000)).value() == 4990ull * 10000);  // beyond the table
}
