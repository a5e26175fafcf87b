// WishboneBurstToTlm driven as VexRiscv drives its buses: a line refill as an incrementing
// burst (one bus access, beats at the memory's rate), classic reads and writes, a bus error.
#include "wishbone_burst_to_tlm.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <vector>

using accsim::cpu::rtl::WishboneBurstToTlm;
using accsim::cpu::rtl::WishboneMasterPins;

namespace {

// A memory of words w(i) = 0x1000 + i answering in `latency` cycles for the first word and one
// cycle for each further word; addresses from 0x8000 on fail.
struct Memory {
  uint64_t latency = 5;
  std::vector<std::pair<uint64_t, unsigned>> accesses;  // address, length
  std::vector<uint8_t> written;
  bool transport(bool write, uint64_t address, uint8_t* data, unsigned length, uint64_t,
                 uint64_t& cycles, std::string& error) {
    accesses.emplace_back(address, length);
    cycles = latency + (length + 3) / 4 - 1;
    if (address >= 0x8000) {
      error = "nothing mapped";
      return false;
    }
    if (write) {
      written.assign(data, data + length);
      return true;
    }
    for (unsigned i = 0; i < length; ++i) {
      const uint64_t byte = address + i;
      data[i] = static_cast<uint8_t>((0x1000 + byte / 4) >> (8 * (byte % 4)));
    }
    return true;
  }
};

WishboneBurstToTlm bridge(Memory& m) {
  return WishboneBurstToTlm(
      "dBus",
      [&m](bool w, uint64_t a, uint8_t* d, unsigned l, uint64_t c, uint64_t& cy, std::string& e) {
        return m.transport(w, a, d, l, c, cy, e);
      },
      32);
}

// Clocks the master through its requests: `next(pins, beat)` sets the request of beat `beat`
// (or drops cyc when done). Returns the cycle of each ack and the data read.
struct Ack {
  uint64_t cycle;
  uint32_t data;
  bool err;
};
template <class Next>
std::vector<Ack> clock(WishboneBurstToTlm& b, Next next, uint64_t cycles = 100) {
  std::vector<Ack> acks;
  WishboneMasterPins pins;
  for (uint64_t c = 0; c < cycles; ++c) {
    b.drive(c, pins);
    if (!next(pins, acks.size())) break;
    b.sample(c, pins);
    if (pins.ack) acks.push_back({c, pins.dat_r, pins.err});
    b.clocked(c);
  }
  return acks;
}

}  // namespace

TEST_CASE("an incrementing burst is one bus access with beats at the memory's rate") {
  Memory m;
  WishboneBurstToTlm b = bridge(m);
  const auto acks = clock(b, [](WishboneMasterPins& p, size_t beat) {
    if (beat == 8) return false;
    p.cyc = p.stb = true;
    p.we = false;
    p.adr = static_cast<uint32_t>((0x100 >> 2) + beat);
    p.cti = beat == 7 ? 0b111 : 0b010;
    p.bte = 0;
    p.sel = 0xF;
    return true;
  });
  REQUIRE(acks.size() == 8);
  REQUIRE(m.accesses.size() == 1);
  CHECK(m.accesses[0] == std::pair<uint64_t, unsigned>{0x100, 32});
  // 5 + 7 = 12 cycles for 8 words: word k acked in cycle 12 - 8 + k.
  for (unsigned k = 0; k < 8; ++k) {
    CHECK(acks[k].cycle == 4 + k);
    CHECK(acks[k].data == 0x1000 + 0x40 + k);
  }
  CHECK(b.counters().bursts == 1);
  CHECK(b.counters().burst_bytes == 32);
  CHECK(b.counters().beats == 8);
}

TEST_CASE("a burst from the middle of a line reads to the line's end") {
  Memory m;
  m.latency = 1;
  WishboneBurstToTlm b = bridge(m);
  const auto acks = clock(b, [](WishboneMasterPins& p, size_t beat) {
    if (beat == 4) return false;
    p.cyc = p.stb = true;
    p.adr = static_cast<uint32_t>((0x110 >> 2) + beat);
    p.cti = beat == 3 ? 0b111 : 0b010;
    p.sel = 0xF;
    return true;
  });
  REQUIRE(acks.size() == 4);
  CHECK(m.accesses[0] == std::pair<uint64_t, unsigned>{0x110, 16});
  // A one-cycle memory acks every beat in the cycle it is asked for.
  for (unsigned k = 0; k < 4; ++k) CHECK(acks[k].cycle == k);
}

TEST_CASE("classic cycles move the selected bytes and ack when the access ends") {
  Memory m;
  WishboneBurstToTlm b = bridge(m);
  const auto acks = clock(b, [](WishboneMasterPins& p, size_t beat) {
    if (beat == 1) return false;
    p.cyc = p.stb = p.we = true;
    p.adr = 0x200 >> 2;
    p.sel = 0b1100;
    p.cti = 0;
    p.dat_w = 0xAABBCCDD;
    return true;
  });
  REQUIRE(acks.size() == 1);
  CHECK(acks[0].cycle == 4);  // latency 5: cycles 0..4
  CHECK(m.accesses[0] == std::pair<uint64_t, unsigned>{0x202, 2});
  CHECK(m.written == std::vector<uint8_t>{0xBB, 0xAA});
  CHECK(b.counters().writes == 1);
  CHECK(b.counters().wait_cycles == 4);
}

TEST_CASE("a failed access is answered with ack, err and all ones, and counted") {
  Memory m;
  WishboneBurstToTlm b = bridge(m);
  const auto acks = clock(b, [](WishboneMasterPins& p, size_t beat) {
    if (beat == 1) return false;
    p.cyc = p.stb = true;
    p.we = false;
    p.adr = 0x8000 >> 2;
    p.sel = 0xF;
    p.cti = 0;
    return true;
  });
  REQUIRE(acks.size() == 1);
  CHECK(acks[0].err);
  CHECK(acks[0].data == 0xFFFFFFFF);
  CHECK(b.counters().errors == 1);
  CHECK(b.first_error() == "dBus read of 4 bytes at 0x00008000: nothing mapped");
}

TEST_CASE("the master's CYC drives the bus's grant: asked while high, given up when low") {
  Memory m;
  m.latency = 3;
  std::vector<std::pair<bool, uint64_t>> calls;  // (cyc, cycle)
  WishboneBurstToTlm b(
      "dBus",
      [&m](bool w, uint64_t a, uint8_t* d, unsigned l, uint64_t c, uint64_t& cy, std::string& e) {
        return m.transport(w, a, d, l, c, cy, e);
      },
      32,
      [&calls](bool cyc, uint64_t cycle) {
        calls.emplace_back(cyc, cycle);
        return !cyc || cycle >= 4;  // another master holds the bus until cycle 4
      });
  // Two writes with CYC held between them (the second queued), then CYC low.
  const auto acks = clock(
      b,
      [](WishboneMasterPins& p, size_t beat) {
        p.cyc = p.stb = beat < 2;
        p.we = true;
        p.adr = static_cast<uint32_t>((0x200 >> 2) + beat);
        p.sel = 0xF;
        p.cti = 0;
        return true;
      },
      12);
  REQUIRE(acks.size() == 2);
  // Refused in cycles 0..3; the first write reaches the memory in cycle 4 (acked in 6), the
  // second in 7 without asking again (CYC stayed high), acked in 9.
  CHECK(m.accesses.size() == 2);
  CHECK(acks[0].cycle == 6);
  CHECK(acks[1].cycle == 9);
  const std::vector<std::pair<bool, uint64_t>> expected = {{true, 0}, {true, 1}, {true, 2},
                                                           {true, 3}, {true, 4}, {false, 10}};
  CHECK(calls == expected);
  CHECK(b.counters().grant_wait_cycles == 4);
  CHECK(b.counters().wait_cycles == 4 + 2 + 2);  // the grant, then two cycles per write
}
