// The transactors in SystemC: TlmToWishboneSlave under a TLM initiator, WishboneMasterToTlm
// copying memory through a real bus, the clock thread running the device on its own. Each
// TEST_CASE elaborates a platform, which SystemC allows once per process (ctest runs each in
// its own).
#include "test_devices.h"
// (Verilated headers first.)
#include <tlm_utils/simple_initiator_socket.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <functional>

#include "architecture_checks.h"
#include "platform.h"
#include "stats.h"
#include "wishbone_device_module.h"

using namespace accsim;
using namespace accsim::wishbone;
using namespace accsim::wishbone::test;

namespace {

constexpr uint64_t kDeviceBase = 0x8000'0000;
constexpr uint64_t kRamBase = 0x1000'0000;

nlohmann::json platform_config() {
  return config::load_json(nlohmann::json::parse(R"({
    "name": "wishbone_test",
    "clock": {"frequency_mhz": 100},
    "memories": {"ram": {"kind": "sram", "base": "0x10000000", "size": "64K",
                         "latency_cycles": 1}}
  })"),
                           "<test>", {}, soc::architecture_schema())
      .effective;
}

// A bus initiator run by a script in an SC_THREAD; every access waits out its annotated delay,
// as the CPU does before its next MMIO access.
struct Initiator : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Initiator> socket;
  std::function<void(Initiator&)> script;
  const Clock& clock;
  bool finished = false;

  Initiator(sc_core::sc_module_name n, const Clock& c) : sc_module(n), socket("socket"), clock(c) {
    SC_HAS_PROCESS(Initiator);
    SC_THREAD(run);
  }
  void run() {
    script(*this);
    finished = true;
    sc_core::sc_stop();
  }
  uint64_t now() const { return clock.now_cycles(); }
  void wait_cycles(uint64_t n) { sc_core::wait(clock.time(n)); }
  // Returns the response; `cycles` the cycles it took.
  tlm::tlm_response_status access(bool write, uint64_t address, void* data, unsigned length,
                                  uint64_t* cycles = nullptr, const uint8_t* enables = nullptr) {
    tlm::tlm_generic_payload trans;
    trans.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    trans.set_address(address);
    trans.set_data_ptr(static_cast<unsigned char*>(data));
    trans.set_data_length(length);
    trans.set_streaming_width(length);
    trans.set_byte_enable_ptr(const_cast<uint8_t*>(enables));
    trans.set_byte_enable_length(enables ? length : 0);
    trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(trans, delay);
    if (cycles) *cycles = clock.cycles(delay);
    sc_core::wait(delay);
    return trans.get_response_status();
  }
  uint32_t read(uint64_t address) {
    uint32_t v = 0;
    REQUIRE(access(false, address, &v, 4) == tlm::TLM_OK_RESPONSE);
    return v;
  }
  void write(uint64_t address, uint32_t v) {
    REQUIRE(access(true, address, &v, 4) == tlm::TLM_OK_RESPONSE);
  }
};

struct Bench {
  RunStatus status;
  Platform platform{platform_config(), status};
  Initiator cpu{"cpu", platform.clock()};
  std::unique_ptr<WishboneDeviceModule> device;

  Bench(std::unique_ptr<WishboneModel> model, bool has_master, uint64_t timeout = 1000) {
    WishboneDeviceModule::Setup setup;
    setup.options.timeout_cycles = timeout;
    setup.options.clock_period_ps = platform.clock().period_ps();
    setup.naming = {"dev", kDeviceBase, "devices[0].wishbone.timeout_cycles"};
    setup.has_master = has_master;
    device = std::make_unique<WishboneDeviceModule>("dev", std::move(model), setup,
                                                    platform.clock(), status);
    platform.connect_initiator(cpu.socket, "cpu");
    platform.connect_target(device->slave().socket, "dev", kDeviceBase, 4096);
    if (has_master) platform.connect_initiator(device->master()->socket, "dev.master");
  }
  void run(std::function<void(Initiator&)> script) {
    cpu.script = std::move(script);
    sc_core::sc_start();
  }
};

}  // namespace

TEST_CASE("TLM reads and writes become Wishbone cycles, their cycles annotated",
          "[wishbone][systemc]") {
  Bench bench(timing_model(Timing::kWait1), false);
  bench.run([](Initiator& cpu) {
    cpu.wait_cycles(10);
    uint32_t v = 0xCAFEF00D;
    uint64_t cycles = 0;
    CHECK(cpu.access(true, kDeviceBase + 8, &v, 4, &cycles) == tlm::TLM_OK_RESPONSE);
    CHECK(cycles == 2);  // the request's cycle and the ack's
    v = 0;
    CHECK(cpu.access(false, kDeviceBase + 8, &v, 4, &cycles) == tlm::TLM_OK_RESPONSE);
    CHECK(v == 0xCAFEF00D);
    CHECK(cycles == 2);
  });
  CHECK(bench.cpu.finished);
  CHECK(bench.device->device().counters().slave_cycles == 4);
}

TEST_CASE("sub-word and multi-word transactions select byte lanes and go back-to-back",
          "[wishbone][systemc]") {
  Bench bench(timing_model(Timing::kWait1), false);
  bench.run([](Initiator& cpu) {
    cpu.write(kDeviceBase + 0, 0x11111111);
    cpu.write(kDeviceBase + 4, 0x22222222);
    uint16_t half = 0xBEEF;
    CHECK(cpu.access(true, kDeviceBase + 6, &half, 2) == tlm::TLM_OK_RESPONSE);  // sel 1100
    uint8_t byte = 0x7A;
    CHECK(cpu.access(true, kDeviceBase + 1, &byte, 1) == tlm::TLM_OK_RESPONSE);  // sel 0010
    uint8_t words[8] = {};
    uint64_t cycles = 0;
    CHECK(cpu.access(false, kDeviceBase + 0, words, 8, &cycles) == tlm::TLM_OK_RESPONSE);
    uint32_t w0 = 0, w1 = 0;
    std::memcpy(&w0, words, 4);
    std::memcpy(&w1, words + 4, 4);
    CHECK(w0 == 0x11117A11);
    CHECK(w1 == 0xBEEF2222);
    CHECK(cycles == 4);  // two words back-to-back, two cycles each
    // Byte enables: only bytes 0 and 2 of the word are written.
    const uint8_t enables[4] = {0xFF, 0, 0xFF, 0};
    uint32_t v = 0xAABBCCDD;
    CHECK(cpu.access(true, kDeviceBase + 0, &v, 4, nullptr, enables) == tlm::TLM_OK_RESPONSE);
    CHECK(cpu.read(kDeviceBase + 0) == 0x11BB7ADD);
  });
  CHECK(bench.cpu.finished);
}

TEST_CASE("err answers the access with an error response", "[wishbone][systemc]") {
  Bench bench(timing_model(Timing::kWait3), false);
  bench.run([&bench](Initiator& cpu) {
    uint32_t v = 0;
    uint64_t cycles = 0;
    CHECK(cpu.access(false, kDeviceBase + 8 * 4, &v, 4, &cycles) ==
          tlm::TLM_GENERIC_ERROR_RESPONSE);
    CHECK(cycles == 4);  // err after three wait states
    CHECK(bench.status.running());
  });
  CHECK(bench.device->device().counters().slave_errors == 1);
}

TEST_CASE("a device that never acks stops the run naming it and the address",
          "[wishbone][systemc]") {
  Bench bench(timing_model(Timing::kWait1), false, /*timeout=*/300);
  bench.run([](Initiator& cpu) {
    uint32_t v = 0;
    CHECK(cpu.access(false, kDeviceBase + 9 * 4, &v, 4) == tlm::TLM_GENERIC_ERROR_RESPONSE);
  });
  CHECK(bench.status.outcome() == RunStatus::Outcome::kFailed);
  CHECK(bench.status.message() ==
        "dev: the Wishbone slave answered the read of 4 bytes at 0x80000024 with neither ack nor "
        "err within 300 cycles (devices[0].wishbone.timeout_cycles)");
}

TEST_CASE("the master port copies memory through the bus while the device runs on its own",
          "[wishbone][systemc]") {
  Bench bench(copy_model(), true);
  for (uint32_t i = 0; i < 64; ++i) {
    const uint32_t v = 0x01010101u * i;
    bench.platform.write_debug(kRamBase + 4 * i, reinterpret_cast<const uint8_t*>(&v), 4);
  }
  uint64_t started = 0, polled_done = 0;
  bench.run([&](Initiator& cpu) {
    CHECK(cpu.read(kDeviceBase + copy_reg::kId) == 0x57420001);
    cpu.write(kDeviceBase + copy_reg::kSrc, kRamBase);
    cpu.write(kDeviceBase + copy_reg::kDst, kRamBase + 0x800);
    cpu.write(kDeviceBase + copy_reg::kLen, 64);
    cpu.write(kDeviceBase + copy_reg::kCtrl, 1);
    started = cpu.now();
    while (cpu.read(kDeviceBase + copy_reg::kCtrl) & copy_reg::kBusy) cpu.wait_cycles(20);
    polled_done = cpu.now();
    CHECK(cpu.read(kDeviceBase + copy_reg::kCtrl) == copy_reg::kDone);
    CHECK(cpu.read(kDeviceBase + copy_reg::kCount) == 64);
  });
  REQUIRE(bench.cpu.finished);
  uint32_t sum = 0;
  for (uint32_t i = 0; i < 64; ++i) {
    uint32_t v = 0;
    bench.platform.read_debug(kRamBase + 0x800 + 4 * i, reinterpret_cast<uint8_t*>(&v), 4);
    CHECK(v == 0x01010101u * i);
    sum += v;
  }
  // 128 accesses of one cycle each (SRAM latency 1): the copy took about 128 cycles.
  CHECK(polled_done - started >= 128);
  CHECK(polled_done - started < 128 + 40);
  const WishboneDevice::Counters& c = bench.device->device().counters();
  CHECK(c.master_reads == 64);
  CHECK(c.master_writes == 64);
  CHECK(c.master_bytes == 512);
  Stats stats;
  bench.platform.report(stats);
  CHECK(stats.get("bus.initiator.dev.master.transactions") == 128);
  CHECK(stats.get("bus.initiator.dev.master.bytes") == 512);
  (void)sum;
}
