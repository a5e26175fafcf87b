#include "bus_arbiter.h"

#include <catch2/catch.hpp>

TEST_CASE("a free target starts a transaction on arrival", "[arbiter]") {
  accsim::BusArbiter arbiter(2);
  REQUIRE(arbiter.start(0, 17) == 17);
}

TEST_CASE("a busy target delays the next transaction until it is free", "[arbiter]") {
  accsim::BusArbiter arbiter(2);
  arbiter.occupy(0, 0, 30);
  REQUIRE(arbiter.start(0, 10) == 30);  // waits 20 cycles
  REQUIRE(arbiter.start(0, 31) == 31);  // arrives after: no wait
  REQUIRE(arbiter.start(1, 10) == 10);  // other target unaffected
}

TEST_CASE("busy-until never moves backwards", "[arbiter]") {
  accsim::BusArbiter arbiter(1);
  arbiter.occupy(0, 10, 50);
  arbiter.occupy(0, 5, 40);  // an initiator that ran behind in its quantum
  REQUIRE(arbiter.busy_until(0) == 50);
}

TEST_CASE("a transaction from before the latest reservation began does not queue behind it",
          "[arbiter]") {
  accsim::BusArbiter arbiter(1);
  arbiter.occupy(0, 100, 136);          // the CPU, a quantum ahead of SystemC time
  REQUIRE(arbiter.start(0, 50) == 50);  // a DMA at SystemC time 50 really went first
  arbiter.occupy(0, 50, 86);            // ... and does not hide the CPU's reservation
  REQUIRE(arbiter.busy_until(0) == 136);
  REQUIRE(arbiter.start(0, 120) == 136);  // a real overlap still waits
}
