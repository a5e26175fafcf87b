// The Wishbone protocol at signal level, without SystemC: WishboneDevice (the cores of
// TlmToWishboneSlave and WishboneMasterToTlm) against Verilated test devices.
#include "test_devices.h"
// (Verilated headers first.)
#include <catch2/catch.hpp>
#include <cstring>
#include <map>

using namespace accsim::wishbone;
using namespace accsim::wishbone::test;
using Status = SlaveResult::Status;

namespace {

WishboneDeviceOptions options(uint64_t timeout = 1000, bool clock_idle = false) {
  WishboneDeviceOptions o;
  o.timeout_cycles = timeout;
  o.clock_idle = clock_idle;
  return o;
}

SlaveResult write(WishboneDevice& d, uint32_t byte_address, uint32_t value, uint64_t start,
                  uint8_t sel = 0xF) {
  return d.slave_access({byte_address >> 2, true, sel, value}, start);
}

SlaveResult read(WishboneDevice& d, uint32_t byte_address, uint64_t start) {
  return d.slave_access({byte_address >> 2, false, 0xF, 0}, start);
}

// A system bus of one memory at `base`, answering after `latency` cycles (0: in the request's
// own cycle), and err outside it. Records every request.
struct TestBus {
  uint64_t base = 0x1000;
  std::vector<uint8_t> bytes = std::vector<uint8_t>(1024);
  uint64_t latency = 1;
  std::vector<std::pair<MasterRequest, uint64_t>> requests;

  MasterResponse operator()(const MasterRequest& r, uint64_t cycle) {
    requests.push_back({r, cycle});
    MasterResponse response;
    response.last_cycle = cycle + (latency ? latency - 1 : 0);
    if (r.address < base || r.address + 4 > base + bytes.size()) {
      response.ok = false;
      return response;
    }
    uint8_t* word = bytes.data() + (r.address - base);
    for (unsigned lane = 0; lane < 4; ++lane) {
      if (!(r.sel & (1u << lane))) continue;
      if (r.write) {
        word[lane] = static_cast<uint8_t>(r.dat_w >> (8 * lane));
      } else {
        response.dat_r |= uint32_t{word[lane]} << (8 * lane);
      }
    }
    return response;
  }
  uint32_t word(uint64_t address) const {
    uint32_t v = 0;
    std::memcpy(&v, bytes.data() + (address - base), 4);
    return v;
  }
  void set_word(uint64_t address, uint32_t v) {
    std::memcpy(bytes.data() + (address - base), &v, 4);
  }
};

}  // namespace

TEST_CASE("a register written is read back, each access two cycles with one wait state",
          "[wishbone]") {
  WishboneDevice d(timing_model(Timing::kWait1), options());
  const SlaveResult w = write(d, 0x8, 0x12345678, 10);
  CHECK(w.status == Status::kAck);
  CHECK(w.first_cycle == 10);
  CHECK(w.last_cycle == 11);  // request in 10, registered ack in 11
  CHECK(d.cycle() == 12);
  const SlaveResult r = read(d, 0x8, 20);
  CHECK(r.status == Status::kAck);
  CHECK(r.dat_r == 0x12345678);
  CHECK(r.last_cycle - r.first_cycle + 1 == 2);
  CHECK(d.counters().slave_writes == 1);
  CHECK(d.counters().slave_reads == 1);
  CHECK(d.counters().slave_cycles == 4);
}

TEST_CASE("sel writes only the byte lanes it selects", "[wishbone]") {
  WishboneDevice d(timing_model(Timing::kWait1), options());
  write(d, 0x4, 0x11223344, 0);
  write(d, 0x4, 0x00AA0000, 5, 0b0100);
  write(d, 0x4, 0x000000BB, 10, 0b0001);
  CHECK(read(d, 0x4, 15).dat_r == 0x11AA33BB);
  write(d, 0x4, 0xCCDD0000, 20, 0b1100);
  CHECK(read(d, 0x4, 25).dat_r == 0xCCDD33BB);
}

TEST_CASE("ack comes after the device's wait states", "[wishbone]") {
  WishboneDevice d(timing_model(Timing::kWait3), options());
  const SlaveResult w = write(d, 0x0, 7, 100);
  CHECK(w.status == Status::kAck);
  CHECK(w.first_cycle == 100);
  CHECK(w.last_cycle == 103);  // ack three cycles after the request
  const SlaveResult r = read(d, 0x0, 104);
  CHECK(r.dat_r == 7);
  CHECK(r.last_cycle == 107);
}

TEST_CASE("err ends the access as an error", "[wishbone]") {
  for (Timing timing : {Timing::kWait1, Timing::kComb}) {
    WishboneDevice d(timing_model(timing), options());
    const SlaveResult r = read(d, 8 * 4, 0);
    CHECK(r.status == Status::kErr);
    CHECK(d.counters().slave_errors == 1);
    // The device goes on answering.
    CHECK(write(d, 0, 5, r.last_cycle + 1).status == Status::kAck);
    CHECK(read(d, 0, d.cycle()).dat_r == 5);
  }
}

TEST_CASE("back-to-back accesses keep cyc high and are each acked once", "[wishbone]") {
  WishboneDevice d(timing_model(Timing::kWait1), options());
  uint64_t cycle = 50;
  for (uint32_t i = 0; i < 8; ++i) {
    const SlaveResult w = write(d, 4 * i, 0x100 + i, cycle);
    REQUIRE(w.status == Status::kAck);
    CHECK(w.first_cycle == cycle);
    cycle = w.last_cycle + 1;  // the next request in the cycle after the ack
  }
  CHECK(cycle == 50 + 8 * 2);
  for (uint32_t i = 0; i < 8; ++i) {
    const SlaveResult r = read(d, 4 * i, cycle);
    CHECK(r.dat_r == 0x100 + i);
    cycle = r.last_cycle + 1;
  }
  // Every access acked exactly once: the device counted 16.
  CHECK(read(d, 10 * 4, cycle).dat_r == 16);
}

TEST_CASE("a zero-wait-state slave with stb held high transfers a word every cycle", "[wishbone]") {
  WishboneDevice d(timing_model(Timing::kComb), options());
  uint64_t cycle = 3;
  for (uint32_t i = 0; i < 8; ++i) {
    const SlaveResult w = write(d, 4 * i, 0xA0 + i, cycle);
    REQUIRE(w.status == Status::kAck);
    CHECK(w.last_cycle == cycle);  // acked in its own cycle
    cycle = w.last_cycle + 1;
  }
  CHECK(cycle == 3 + 8);
  for (uint32_t i = 0; i < 8; ++i) {
    const SlaveResult r = read(d, 4 * i, cycle);
    CHECK(r.dat_r == 0xA0 + i);
    CHECK(r.last_cycle == cycle);
    ++cycle;
  }
  CHECK(read(d, 10 * 4, cycle).dat_r == 16);
}

TEST_CASE("a slave that never answers is given up after the timeout", "[wishbone]") {
  WishboneDevice d(timing_model(Timing::kWait1), options(/*timeout=*/200));
  const SlaveResult r = read(d, 9 * 4, 1000);
  CHECK(r.status == Status::kTimeout);
  CHECK(r.first_cycle == 1000);
  CHECK(r.last_cycle == 1199);  // 200 cycles waited
  CHECK(d.counters().slave_timeouts == 1);
  // cyc dropped: the device answers the next access normally.
  CHECK(write(d, 0, 1, d.cycle()).status == Status::kAck);
}

TEST_CASE("an idle device is not clocked, and that changes nothing", "[wishbone]") {
  // The same accesses to a device clocked every cycle and to one clocked only while active:
  // the countdown (state changing every cycle without bus activity) must read the same.
  WishboneDevice always(timing_model(Timing::kWait1), options(1000, /*clock_idle=*/true));
  WishboneDevice lazy(timing_model(Timing::kWait1), options(1000, /*clock_idle=*/false));
  for (WishboneDevice* d : {&always, &lazy}) {
    write(*d, 11 * 4, 5000, 10);
    d->catch_up(3000);
    CHECK(read(*d, 11 * 4, 3000).dat_r == 5000 - (3000 - 12 + 1));
    d->catch_up(100000);
    CHECK(read(*d, 11 * 4, 100000).dat_r == 0);
    CHECK(read(*d, 10 * 4, 200000).dat_r == 3);
  }
  CHECK(always.counters().cycles_idle == 0);
  CHECK(always.counters().cycles_clocked == 200002);
  // Clocked while counting down (about 5000 cycles), skipped afterwards.
  CHECK(lazy.counters().cycles_idle > 190000);
  CHECK(lazy.counters().cycles_clocked < 6000);
  CHECK(lazy.cycle() == always.cycle());
}

TEST_CASE("the master port copies memory through the bus", "[wishbone]") {
  for (uint64_t latency : {0, 1, 4}) {
    TestBus bus;
    bus.latency = latency;
    for (uint32_t i = 0; i < 16; ++i) bus.set_word(0x1000 + 4 * i, 1000 + i * i);
    WishboneDevice d(copy_model(), options());
    d.set_master_bus([&bus](const MasterRequest& r, uint64_t c) { return bus(r, c); });
    CHECK(read(d, copy_reg::kId, 0).dat_r == 0x57420001);
    uint64_t cycle = d.cycle();
    for (auto [reg, value] : {std::pair<uint32_t, uint32_t>{copy_reg::kSrc, 0x1000},
                              {copy_reg::kDst, 0x1200},
                              {copy_reg::kLen, 16},
                              {copy_reg::kCtrl, 1}}) {
      cycle = write(d, reg, value, cycle).last_cycle + 1;
    }
    // The engine runs on its own: keep the clock going, then poll.
    d.run(cycle + 1000);
    CHECK(d.idle());  // done, nothing changes any more
    const uint32_t ctrl = read(d, copy_reg::kCtrl, d.cycle() + 10).dat_r;
    CHECK(ctrl == copy_reg::kDone);
    uint32_t sum = 0;
    for (uint32_t i = 0; i < 16; ++i) {
      CHECK(bus.word(0x1200 + 4 * i) == 1000 + i * i);
      sum += 1000 + i * i;
    }
    CHECK(read(d, copy_reg::kSum, d.cycle()).dat_r == sum);
    CHECK(read(d, copy_reg::kCount, d.cycle()).dat_r == 16);
    // One read and one write per word, each request acked `latency` cycles later (at least in
    // its own cycle), the next presented in the cycle after the ack.
    REQUIRE(bus.requests.size() == 32);
    for (size_t i = 1; i < bus.requests.size(); ++i) {
      CHECK(bus.requests[i].second == bus.requests[i - 1].second + std::max<uint64_t>(latency, 1));
      CHECK(bus.requests[i].first.write == (i % 2 == 1));
    }
    CHECK(d.counters().master_reads == 16);
    CHECK(d.counters().master_writes == 16);
    CHECK(d.counters().master_bytes == 128);
  }
}

TEST_CASE("a master request answered with err reaches the device as err", "[wishbone]") {
  TestBus bus;
  WishboneDevice d(copy_model(), options());
  d.set_master_bus([&bus](const MasterRequest& r, uint64_t c) { return bus(r, c); });
  uint64_t cycle = 0;
  for (auto [reg, value] : {std::pair<uint32_t, uint32_t>{copy_reg::kSrc, 0x1000},
                            {copy_reg::kDst, 0x8000},  // outside the bus's memory
                            {copy_reg::kLen, 4},
                            {copy_reg::kCtrl, 1}}) {
    cycle = write(d, reg, value, cycle).last_cycle + 1;
  }
  d.run(cycle + 100);
  CHECK(read(d, copy_reg::kCtrl, d.cycle()).dat_r == copy_reg::kBusError);
  CHECK(d.counters().master_errors == 1);
  CHECK(d.counters().master_reads == 1);
  CHECK(d.counters().master_writes == 1);
}

TEST_CASE("the waveform is written while the device is traced", "[wishbone]") {
  const std::string path = "wishbone_test_waveform.fst";
  std::remove(path.c_str());
  {
    WishboneDeviceOptions o = options();
    o.fst_path = path;
    WishboneDevice d(timing_model(Timing::kWait1, /*trace=*/true), o);
    write(d, 0, 1, 5);
    d.catch_up(100);  // idle cycles are clocked while traced, so the clock shows
    CHECK(d.counters().cycles_idle == 0);
  }
  std::FILE* file = std::fopen(path.c_str(), "rb");
  REQUIRE(file != nullptr);
  CHECK(std::fgetc(file) == 0);  // an FST header block
  std::fclose(file);
}
