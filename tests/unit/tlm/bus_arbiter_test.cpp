#include "bus_arbiter.h"

#include <catch2/catch.hpp>

TEST_CASE("a free target starts a transaction on arrival", "[arbiter]") {
  accsim::BusArbiter arbiter(2);
  REQUIRE(arbiter.start(0, 17) == 17);
}

TEST_CASE("a busy target delays the next transaction until it is free", "[arbiter]") {
  accsim::BusArbiter arbiter(2);
  arbiter.occupy(0, 30);
  REQUIRE(arbiter.start(0, 10) == 30);  // waits 20 cycles
  REQUIRE(arbiter.start(0, 31) == 31);  // arrives after: no wait
  REQUIRE(arbiter.start(1, 10) == 10);  // other target unaffected
}

TEST_CASE("busy-until never moves backwards", "[arbiter]") {
  accsim::BusArbiter arbiter(1);
  arbiter.occupy(0, 50);
  arbiter.occupy(0, 40);  // an initiator that ran behind in its quantum
  REQUIRE(arbiter.busy_until(0) == 50);
}
