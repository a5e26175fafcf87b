#include "bus_arbiter.h"

#include <catch2/catch.hpp>

using accsim::BusArbiter;
using accsim::BusArbitration;

// first-come: per-target busy-until, no cost to change initiator (the policy before
// bus.arbitration existed; these cases are unchanged but for the initiator argument).

TEST_CASE("a free target starts a transaction on arrival", "[arbiter]") {
  BusArbiter arbiter(2);
  REQUIRE(arbiter.start(0, 0, 17) == 17);
}

TEST_CASE("a busy target delays the next transaction until it is free", "[arbiter]") {
  BusArbiter arbiter(2);
  arbiter.occupy(0, 0, 0, 30);
  REQUIRE(arbiter.start(1, 0, 10) == 30);  // waits 20 cycles
  REQUIRE(arbiter.start(1, 0, 31) == 31);  // arrives after: no wait, no switch cost
  REQUIRE(arbiter.start(1, 1, 10) == 10);  // other target unaffected
}

TEST_CASE("busy-until never moves backwards", "[arbiter]") {
  BusArbiter arbiter(1);
  arbiter.occupy(0, 0, 10, 50);
  arbiter.occupy(1, 0, 5, 40);  // an initiator that ran behind in its quantum
  REQUIRE(arbiter.busy_until(0) == 50);
}

TEST_CASE("a transaction from before the latest reservation began does not queue behind it",
          "[arbiter]") {
  BusArbiter arbiter(1);
  arbiter.occupy(0, 0, 100, 136);          // the CPU, a quantum ahead of SystemC time
  REQUIRE(arbiter.start(1, 0, 50) == 50);  // a DMA at SystemC time 50 really went first
  arbiter.occupy(1, 0, 50, 86);            // ... and does not hide the CPU's reservation
  REQUIRE(arbiter.busy_until(0) == 136);
  REQUIRE(arbiter.start(1, 0, 120) == 136);  // a real overlap still waits
}

TEST_CASE("first-come grants every cycle-stepped request at once and counts no switches",
          "[arbiter]") {
  BusArbiter arbiter(1);
  REQUIRE(arbiter.acquire(0, 5));
  REQUIRE(arbiter.acquire(1, 5));  // both at once: the targets arbitrate, not the bus
  arbiter.release(0, 9);
  REQUIRE(arbiter.grant_switches(0) == 0);
  REQUIRE(arbiter.grant_switches(1) == 0);
}

TEST_CASE("bus.arbitration names", "[arbiter]") {
  BusArbitration p = BusArbitration::kFirstCome;
  REQUIRE(accsim::parse_bus_arbitration("round-robin", p));
  REQUIRE(p == BusArbitration::kRoundRobin);
  REQUIRE(accsim::parse_bus_arbitration("first-come", p));
  REQUIRE(p == BusArbitration::kFirstCome);
  REQUIRE_FALSE(accsim::parse_bus_arbitration("litex", p));
  REQUIRE(std::string(accsim::bus_arbitration_name(BusArbitration::kRoundRobin)) == "round-robin");
}

// round-robin (LiteX InterconnectShared): one grant for the whole bus.

TEST_CASE(
    "round-robin: the holder keeps the bus to the end of its transactions; the next "
    "initiator starts one idle cycle after",
    "[arbiter]") {
  BusArbiter arbiter(2, BusArbitration::kRoundRobin);
  arbiter.occupy(1, 0, 10, 30);  // the dBus: a store, acked in cycle 29
  arbiter.occupy(1, 0, 30, 50);  // a second, queued: CYC stays high
  // The iBus asks in cycle 15, on another target: it waits for the dBus's CYC to drop (cycle
  // 50) and the grant to switch at that edge: its request reaches the slave in cycle 51.
  REQUIRE(arbiter.start(0, 1, 15) == 51);
  arbiter.occupy(0, 1, 51, 60);
  REQUIRE(arbiter.holder() == 0);
  REQUIRE(arbiter.grant_switches(0) == 1);
  // The iBus again, the grant parked at it: no switch, no wait.
  REQUIRE(arbiter.start(0, 1, 70) == 70);
  // The dBus after that: the grant is parked at the iBus, one idle cycle to take it.
  REQUIRE(arbiter.start(1, 0, 80) == 81);
}

TEST_CASE("round-robin: a change of master costs a cycle even on an idle bus", "[arbiter]") {
  BusArbiter arbiter(1, BusArbitration::kRoundRobin);
  REQUIRE(arbiter.start(0, 0, 0) == 0);  // the run's first transaction: nobody to switch from
  arbiter.occupy(0, 0, 0, 10);
  REQUIRE(arbiter.start(1, 0, 100) == 101);  // first-come would start it at 100
  REQUIRE(arbiter.start(0, 0, 100) == 100);  // the holder itself: at once
}

TEST_CASE("round-robin: a transaction from before the holder's grant went first", "[arbiter]") {
  BusArbiter arbiter(1, BusArbitration::kRoundRobin);
  arbiter.occupy(0, 0, 100, 136);          // the CPU, a quantum ahead of SystemC time
  REQUIRE(arbiter.start(1, 0, 50) == 50);  // a DMA at SystemC time 50
  arbiter.occupy(1, 0, 50, 86);            // history: the CPU keeps the grant
  REQUIRE(arbiter.holder() == 0);
  REQUIRE(arbiter.held_until() == 136);
  REQUIRE(arbiter.start(1, 0, 120) == 137);  // a real overlap waits for the drop and the switch
}

TEST_CASE("round-robin: a cycle-stepped master holds the grant as long as its CYC", "[arbiter]") {
  BusArbiter arbiter(1, BusArbitration::kRoundRobin);
  REQUIRE(arbiter.acquire(1, 0));  // the dBus: the first request of the run
  arbiter.occupy(1, 0, 0, 20);
  arbiter.occupy(1, 0, 20, 40);  // its CYC stays high: the grant stays, whatever the gap
  for (uint64_t c = 5; c <= 60; ++c) REQUIRE_FALSE(arbiter.acquire(0, c));  // the iBus asks
  arbiter.release(1, 61);                 // the dBus's CYC is low in cycle 61
  REQUIRE_FALSE(arbiter.acquire(0, 61));  // the grant switches at the end of cycle 61 ...
  REQUIRE(arbiter.acquire(0, 62));        // ... the iBus reaches the slave in 62
  REQUIRE(arbiter.acquire_wait_cycles(0) == 62 - 5);
  REQUIRE(arbiter.grant_switches(0) == 1);
  REQUIRE(arbiter.start(0, 0, 62) == 62);  // its transaction starts at once
}

TEST_CASE("round-robin: the grant stays parked at the last holder", "[arbiter]") {
  BusArbiter arbiter(1, BusArbitration::kRoundRobin);
  REQUIRE(arbiter.acquire(0, 0));
  arbiter.release(0, 9);
  REQUIRE(arbiter.acquire(0, 30));  // nobody took it: at once, no switch
  arbiter.release(0, 39);
  REQUIRE_FALSE(arbiter.acquire(1, 50));  // another master: one idle cycle
  REQUIRE(arbiter.acquire(1, 51));
  REQUIRE(arbiter.grant_switches(0) == 0);
  REQUIRE(arbiter.grant_switches(1) == 1);
  REQUIRE(arbiter.acquire_wait_cycles(1) == 1);
}

TEST_CASE("round-robin: the holder asking again before anyone else keeps the grant", "[arbiter]") {
  BusArbiter arbiter(2, BusArbitration::kRoundRobin);
  REQUIRE(arbiter.acquire(0, 0));
  arbiter.release(0, 10);
  REQUIRE(arbiter.acquire(0, 11));        // CYC high again in 11: parked at it
  REQUIRE_FALSE(arbiter.acquire(1, 11));  // asks in the same cycle: waits for 0's next drop
  REQUIRE_FALSE(arbiter.acquire(1, 12));
  arbiter.release(0, 20);
  REQUIRE(arbiter.acquire(1, 21));
}

TEST_CASE("round-robin: waiting masters take the grant in round-robin order", "[arbiter]") {
  BusArbiter arbiter(1, BusArbitration::kRoundRobin);
  REQUIRE(arbiter.acquire(0, 0));
  // Masters 2 and 1 ask while 0 holds.
  REQUIRE_FALSE(arbiter.acquire(2, 3));
  REQUIRE_FALSE(arbiter.acquire(1, 4));
  arbiter.release(0, 10);
  // At the edge ending cycle 10 the grant goes to the next requester after 0: master 1,
  // although master 2 asked first and asks first in cycle 11.
  REQUIRE_FALSE(arbiter.acquire(2, 11));
  REQUIRE(arbiter.acquire(1, 11));
  REQUIRE(arbiter.holder() == 1);
  // Master 0 asks again; when 1 drops CYC, 2 comes next (after 1), not 0.
  REQUIRE_FALSE(arbiter.acquire(0, 12));
  for (uint64_t c = 12; c <= 20; ++c) REQUIRE_FALSE(arbiter.acquire(2, c));
  arbiter.release(1, 20);
  REQUIRE_FALSE(arbiter.acquire(0, 21));
  REQUIRE(arbiter.acquire(2, 21));
  arbiter.release(2, 30);
  REQUIRE(arbiter.acquire(0, 31));
  REQUIRE(arbiter.grant_switches(0) == 1);
  REQUIRE(arbiter.grant_switches(1) == 1);
  REQUIRE(arbiter.grant_switches(2) == 1);
  REQUIRE(arbiter.acquire_wait_cycles(1) == 11 - 4);
  REQUIRE(arbiter.acquire_wait_cycles(2) == 21 - 3);
  REQUIRE(arbiter.acquire_wait_cycles(0) == 31 - 12);
}

TEST_CASE("round-robin: a transaction-level initiator waits for the known end of a hold",
          "[arbiter]") {
  BusArbiter arbiter(1, BusArbitration::kRoundRobin);
  REQUIRE(arbiter.acquire(0, 0));  // the RTL CPU
  arbiter.occupy(0, 0, 0, 25);
  REQUIRE(arbiter.start(1, 0, 10) == 26);  // a DMA: after the CPU's last transaction
  arbiter.occupy(1, 0, 26, 40);
  REQUIRE(arbiter.holder() == 1);
  // The CPU's next access within the same CYC waits for the DMA and a switch.
  REQUIRE(arbiter.start(0, 0, 30) == 41);
}

TEST_CASE("round-robin: a cycle-stepped master waits for a transaction-level holder's end",
          "[arbiter]") {
  BusArbiter arbiter(1, BusArbitration::kRoundRobin);
  arbiter.occupy(1, 0, 0, 20);  // a DMA burst
  REQUIRE_FALSE(arbiter.acquire(0, 5));
  REQUIRE_FALSE(arbiter.acquire(0, 20));  // the DMA's CYC is low in 20: switch at its end
  REQUIRE(arbiter.acquire(0, 21));
  REQUIRE(arbiter.acquire_wait_cycles(0) == 16);
}

TEST_CASE("round-robin: a target outside the grant contends only at itself", "[arbiter]") {
  BusArbiter arbiter(2, BusArbitration::kRoundRobin);
  arbiter.set_outside_grant(1);            // sim-control
  arbiter.occupy(0, 0, 0, 30);             // the iBus holds the bus until 30
  REQUIRE(arbiter.start(1, 1, 10) == 10);  // the dBus's marker: no wait, no switch
  arbiter.occupy(1, 1, 10, 11);
  REQUIRE(arbiter.holder() == 0);  // the grant did not move
  REQUIRE(arbiter.grant_switches(1) == 0);
  REQUIRE(arbiter.start(2, 1, 10) == 11);  // the target itself is still busy
  REQUIRE(arbiter.start(1, 0, 10) == 31);  // memory: the grant, as before
}
