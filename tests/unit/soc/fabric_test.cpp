// Bus routing, latency and contention arithmetic, unmapped accesses, DMI, on a real SystemC
// platform.
#include <tlm_utils/simple_initiator_socket.h>

#include <catch2/catch.hpp>
#include <cstring>

#include "jsonconfig/config.h"
#include "platform_fixture.h"
#include "stats.h"
#include "traffic_generator.h"

using namespace accsim;

namespace {

// An initiator the test drives by hand, outside any process (b_transport of these targets
// never calls wait()).
struct Probe : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Probe> socket;
  explicit Probe(sc_core::sc_module_name n) : sc_module(n), socket("socket") {}

  tlm::tlm_response_status access(bool write, uint64_t addr, void* data, unsigned len,
                                  uint64_t* cycles = nullptr, const Clock* clock = nullptr) {
    tlm::tlm_generic_payload trans;
    trans.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    trans.set_address(addr);
    trans.set_data_ptr(static_cast<unsigned char*>(data));
    trans.set_data_length(len);
    trans.set_streaming_width(len);
    trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(trans, delay);
    if (cycles) *cycles = clock->cycles(delay);
    return trans.get_response_status();
  }
};

}  // namespace

TEST_CASE("bus routes by address and targets see local offsets", "[fabric]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config()), status);
  Probe probe("probe");
  platform.connect_initiator(probe.socket, "probe");
  sc_core::sc_start(sc_core::SC_ZERO_TIME);

  uint32_t value = 0xDEADBEEF;
  REQUIRE(probe.access(true, 0x4000'0100, &value, 4) == tlm::TLM_OK_RESPONSE);
  value = 0x12345678;
  REQUIRE(probe.access(true, 0x1000'0100, &value, 4) == tlm::TLM_OK_RESPONSE);
  uint32_t slow_word = 0;
  std::memcpy(&slow_word, platform.memory("slow")->data() + 0x100, 4);
  REQUIRE(slow_word == 0xDEADBEEF);
  uint32_t read_back = 0;
  REQUIRE(probe.access(false, 0x1000'0100, &read_back, 4) == tlm::TLM_OK_RESPONSE);
  REQUIRE(read_back == 0x12345678);
}

TEST_CASE("access latency is first beat plus one cycle per further beat", "[fabric]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config()), status);
  Probe probe("probe");
  platform.connect_initiator(probe.socket, "probe");
  sc_core::sc_start(sc_core::SC_ZERO_TIME);

  uint8_t line[32];
  uint64_t cycles = 0;
  probe.access(false, 0x4000'0000, line, 32, &cycles, &platform.clock());
  REQUIRE(cycles == 20 + 7);
  probe.access(false, 0x1000'0000, line, 4, &cycles, &platform.clock());
  REQUIRE(cycles == 1);
}

TEST_CASE("bus latency and width come from the config", "[fabric]") {
  RunStatus status;
  auto cfg = test::effective_config(test::two_memory_config(),
                                    {"bus.latency_cycles=3", "bus.width_bytes=2"});
  Platform platform(cfg, status);
  Probe probe("probe");
  platform.connect_initiator(probe.socket, "probe");
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  uint8_t line[32];
  uint64_t cycles = 0;
  probe.access(false, 0x4000'0000, line, 32, &cycles, &platform.clock());
  REQUIRE(cycles == 3 + 20 + 15);  // 16 two-byte beats: the narrow bus limits the burst
}

TEST_CASE("unmapped and out-of-range accesses get TLM_ADDRESS_ERROR_RESPONSE", "[fabric]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config()), status);
  Probe probe("probe");
  platform.connect_initiator(probe.socket, "probe");
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  uint32_t value = 0;
  REQUIRE(probe.access(false, 0x2000'0000, &value, 4) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
  REQUIRE(probe.access(true, 0x1000'0FFE, &value, 4) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
  Stats stats;
  platform.report(stats);
  REQUIRE(stats.get("bus.unmapped_accesses") == 2);
  REQUIRE(stats.get("bus.initiator.probe.errors") == 2);
}

TEST_CASE("bus writes to ROM fail; debug writes fill it", "[fabric]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config()), status);
  Probe probe("probe");
  platform.connect_initiator(probe.socket, "probe");
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  uint32_t value = 0x55;
  REQUIRE(probe.access(true, 0x10, &value, 4) == tlm::TLM_COMMAND_ERROR_RESPONSE);
  const uint8_t bytes[4] = {1, 2, 3, 4};
  REQUIRE(platform.write_debug(0x10, bytes, 4));
  REQUIRE(probe.access(false, 0x10, &value, 4) == tlm::TLM_OK_RESPONSE);
  REQUIRE(value == 0x04030201);
  REQUIRE_FALSE(platform.write_debug(0x3000'0000, bytes, 4));
}

TEST_CASE("two initiators on one target contend; on two targets they do not", "[fabric]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config()), status);
  // Both issue a 32-byte read of the slow DRAM (27 cycles each), a at cycle 0, b at cycle 1.
  TrafficGenerator a("a", platform.clock(), {0x4000'0000, 32, 32, 1, 0, 0, false});
  TrafficGenerator b("b", platform.clock(), {0x4000'1000, 32, 32, 1, 0, 1, false});
  // c reads the fast SRAM at the same time and must not wait.
  TrafficGenerator c("c", platform.clock(), {0x1000'0000, 4, 4, 1, 0, 0, false});
  platform.connect_initiator(a.bus_side, "a");
  platform.connect_initiator(b.bus_side, "b");
  platform.connect_initiator(c.bus_side, "c");
  sc_core::sc_start(platform.clock().time(1000));

  REQUIRE(a.completions().at(0).done_cycle == 27);
  REQUIRE(b.completions().at(0).done_cycle == 54);  // waited 26 for a
  REQUIRE(c.completions().at(0).done_cycle == 1);
  Stats stats;
  platform.report(stats);
  REQUIRE(stats.get("bus.initiator.a.wait_cycles") == 0);
  REQUIRE(stats.get("bus.initiator.b.wait_cycles") == 26);
  REQUIRE(stats.get("bus.target.slow.wait_cycles") == 26);
  REQUIRE(stats.get("bus.initiator.c.wait_cycles") == 0);
  REQUIRE(stats.get("mem.slow.reads") == 2);
  REQUIRE(stats.get("mem.slow.busy_cycles") == 54);
}

TEST_CASE("round-robin arbitration: one bus for every target, a cycle per change of master",
          "[fabric]") {
  RunStatus status;
  Platform platform(
      test::effective_config(test::two_memory_config(), {"bus.arbitration=round-robin"}), status);
  // a reads the slow DRAM at cycle 0 (27 cycles); b the fast SRAM at cycle 1, which under
  // first-come it would finish at cycle 2. On LiteX's shared bus b waits for a to drop CYC
  // (cycle 27) and the grant to switch at that edge: it reaches the SRAM in cycle 28.
  TrafficGenerator a("a", platform.clock(), {0x4000'0000, 32, 32, 1, 0, 0, false});
  TrafficGenerator b("b", platform.clock(), {0x1000'0000, 4, 4, 1, 0, 1, false});
  platform.connect_initiator(a.bus_side, "a");
  platform.connect_initiator(b.bus_side, "b");
  sc_core::sc_start(platform.clock().time(1000));

  REQUIRE(a.completions().at(0).done_cycle == 27);
  REQUIRE(b.completions().at(0).done_cycle == 29);
  Stats stats;
  platform.report(stats);
  REQUIRE(std::get<std::string>(stats.value("bus.arbitration")) == "round-robin");
  REQUIRE(stats.get("bus.initiator.a.wait_cycles") == 0);
  REQUIRE(stats.get("bus.initiator.b.wait_cycles") == 27);
  REQUIRE(stats.get("bus.initiator.a.grant_switches") == 0);  // the first grant of the run
  REQUIRE(stats.get("bus.initiator.b.grant_switches") == 1);
}

TEST_CASE("a streaming initiator saturates a target and a second one queues", "[fabric]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config()), status);
  // a: 10 back-to-back single-word reads (20 cycles each). b arrives at cycle 30.
  TrafficGenerator a("a", platform.clock(), {0x4000'0000, 4, 4, 10, 0, 0, false});
  TrafficGenerator b("b", platform.clock(), {0x4000'8000, 4, 4, 1, 0, 30, false});
  platform.connect_initiator(a.bus_side, "a");
  platform.connect_initiator(b.bus_side, "b");
  sc_core::sc_start(platform.clock().time(1000));
  // a's second access occupies [20, 40); b waits until 40 and finishes at 60.
  REQUIRE(b.completions().at(0).done_cycle == 60);
  // a's third access arrives at 40 but the target is b's until 60.
  REQUIRE(a.completions().at(2).done_cycle == 80);
}

TEST_CASE("DMI through the bus uses global addresses and sees the same bytes", "[fabric]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config()), status);
  Probe probe("probe");
  platform.connect_initiator(probe.socket, "probe");
  sc_core::sc_start(sc_core::SC_ZERO_TIME);

  tlm::tlm_generic_payload trans;
  trans.set_address(0x4000'0040);
  trans.set_read();
  tlm::tlm_dmi dmi;
  REQUIRE(probe.socket->get_direct_mem_ptr(trans, dmi));
  REQUIRE(dmi.get_start_address() == 0x4000'0000);
  REQUIRE(dmi.get_end_address() == 0x400F'FFFF);
  REQUIRE(dmi.is_read_write_allowed());
  REQUIRE(platform.clock().cycles(dmi.get_read_latency()) == 20);
  const uint32_t magic = 0xCAFEF00D;
  std::memcpy(dmi.get_dmi_ptr() + 0x40, &magic, 4);
  uint32_t read_back = 0;
  probe.access(false, 0x4000'0040, &read_back, 4);
  REQUIRE(read_back == magic);

  // ROM: read-only DMI. Unmapped: refused.
  trans.set_address(0x0);
  REQUIRE(probe.socket->get_direct_mem_ptr(trans, dmi));
  REQUIRE(dmi.is_read_allowed());
  REQUIRE_FALSE(dmi.is_write_allowed());
  trans.set_address(0x2000'0000);
  tlm::tlm_dmi none;
  REQUIRE_FALSE(probe.socket->get_direct_mem_ptr(trans, none));
  CHECK(none.get_start_address() == 0x2000'0000);  // refused for this address only
  CHECK(none.get_end_address() == 0x2000'0000);
}

TEST_CASE("a memory with dmi off refuses DMI", "[fabric]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config(), {"memories.slow.dmi=false"}),
                    status);
  Probe probe("probe");
  platform.connect_initiator(probe.socket, "probe");
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  tlm::tlm_generic_payload trans;
  trans.set_address(0x4000'0000);
  tlm::tlm_dmi dmi;
  REQUIRE_FALSE(probe.socket->get_direct_mem_ptr(trans, dmi));
}

namespace {

// Two identical DRAMs with an open-row model and an L2, behind a bus with a hop latency: the
// same accesses through transactions on one and through the timing-only path on the other
// must time and count alike.
nlohmann::json twin_dram_config() {
  nlohmann::json memory = nlohmann::json::parse(R"({
    "kind": "dram", "size": "64K", "latency_cycles": 20,
    "row_buffer": {"row_size": "2K", "banks": 4, "hit_latency_cycles": 12},
    "l2": {"size": "2K", "line_bytes": 16, "ways": 2, "hit_latency_cycles": 3}
  })");
  nlohmann::json doc = test::two_memory_config();
  doc["memories"]["twin_a"] = memory;
  doc["memories"]["twin_a"]["base"] = "0x50000000";
  doc["memories"]["twin_b"] = memory;
  doc["memories"]["twin_b"]["base"] = "0x60000000";
  doc["bus"] = {{"latency_cycles", 2}};
  return doc;
}

// Every statistic under `prefix_a`, renamed to `prefix_b`.
nlohmann::json renamed(const nlohmann::json& stats, const std::string& prefix_a,
                       const std::string& prefix_b) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [key, value] : stats.items()) {
    if (key.rfind(prefix_a, 0) == 0) out[prefix_b + key.substr(prefix_a.size())] = value;
  }
  return out;
}

}  // namespace

TEST_CASE("timing-only accesses time and count exactly as transactions do", "[fabric]") {
  RunStatus status;
  Platform platform(test::effective_config(twin_dram_config()), status);
  Probe probe("probe");
  Probe unused("timing_only");  // names the port the timing-only accesses come from
  platform.connect_initiator(probe.socket, "transactions");
  const int timing_only_port = platform.connect_initiator(unused.socket, "timing_only");
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  const Clock& clock = platform.clock();

  // Reads and writes of a word or a line, issued close enough together to queue behind one
  // another, spread over rows and L2 sets so that row hits, misses, L2 hits and write-backs
  // all occur.
  uint64_t seed = 12345;
  auto next = [&seed](uint64_t bound) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return (seed >> 33) % bound;
  };
  uint8_t line[32] = {};
  // One access of each kind issued at the initiator's local `issue` cycle, annotated as the CPU
  // annotates its transactions (the delay from SystemC time, none if `issue` has passed).
  auto both_ways = [&](uint64_t issue) {
    const bool write = next(3) == 0;
    const unsigned length = next(2) == 0 ? 4 : 16;
    const uint64_t offset = next(64 * 1024 / length) * length;

    tlm::tlm_generic_payload trans;
    trans.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    trans.set_address(0x5000'0000 + offset);
    trans.set_data_ptr(line);
    trans.set_data_length(length);
    trans.set_streaming_width(length);
    trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    const sc_core::sc_time issued = clock.delay_until(issue, sc_core::sc_time_stamp());
    sc_core::sc_time delay = issued;
    probe.socket->b_transport(trans, delay);
    REQUIRE(trans.is_response_ok());
    const uint64_t transaction_cycles = clock.cycles(delay - issued);

    uint64_t timing_only_cycles = 0;
    REQUIRE(platform.bus().timing_only_access(timing_only_port, write, 0x6000'0000 + offset, length,
                                              issue, timing_only_cycles));
    REQUIRE(timing_only_cycles == transaction_cycles);
  };
  uint64_t issue = 0;
  for (int i = 0; i < 2000; ++i) both_ways(issue += next(40));
  // SystemC time between two cycles, and the initiator first behind it, then ahead of it.
  const uint64_t now_cycle = issue + 100;
  sc_core::sc_start(clock.time(now_cycle) + sc_core::sc_time::from_value(clock.period_ps() / 3));
  issue = now_cycle - 50;
  for (int i = 0; i < 500; ++i) both_ways(issue += next(4));

  Stats stats;
  platform.report(stats);
  const nlohmann::json all = stats.to_json();
  CHECK(renamed(all, "mem.twin_a.", "mem.twin_b.") == renamed(all, "mem.twin_b.", "mem.twin_b."));
  CHECK(renamed(all, "bus.target.twin_a.", "t.") == renamed(all, "bus.target.twin_b.", "t."));
  CHECK(renamed(all, "bus.initiator.transactions.", "i.") ==
        renamed(all, "bus.initiator.timing_only.", "i."));
  CHECK(stats.get("bus.target.twin_b.wait_cycles") > 0);
  CHECK(stats.get("mem.twin_b.writes") > 0);
}

TEST_CASE("the timing-only path declines what a transaction would fail or a device serves",
          "[fabric]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config()), status);
  Probe probe("probe");
  const int port = platform.connect_initiator(probe.socket, "probe");
  REQUIRE(platform.add_read_only(0x4000'1000, 0x100, "the test range"));
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  Bus& bus = platform.bus();
  uint64_t cycles = 0;
  CHECK_FALSE(bus.timing_only_access(port, true, 0x0000'0010, 4, 0, cycles));       // ROM
  CHECK_FALSE(bus.timing_only_access(port, true, 0x4000'1010, 4, 0, cycles));       // read-only
  CHECK_FALSE(bus.timing_only_access(port, false, 0x2000'0000, 4, 0, cycles));      // unmapped
  CHECK_FALSE(bus.timing_only_access(port, false, 0x4010'0000 - 2, 4, 0, cycles));  // past end
  const uint64_t sim_control = config::as_u64(platform.config().at("sim_control").at("base"));
  CHECK_FALSE(bus.timing_only_access(port, true, sim_control, 4, 0, cycles));  // a device
  Stats stats;
  platform.report(stats);
  CHECK(stats.get("bus.initiator.probe.transactions") == 0);
  CHECK(stats.get("mem.slow.writes") == 0);
  CHECK(stats.get("mem.boot.writes") == 0);
  // Reading the read-only range and the ROM is fine.
  CHECK(bus.timing_only_access(port, false, 0x4000'1010, 4, 0, cycles));
  CHECK(cycles == 20);
  CHECK(bus.timing_only_access(port, false, 0x0000'0010, 4, 0, cycles));
}
