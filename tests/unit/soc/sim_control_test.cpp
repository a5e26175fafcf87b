// The sim-control MMIO block: console, exit, region markers, cycle registers.
#include <tlm_utils/simple_initiator_socket.h>

#include <catch2/catch.hpp>
#include <cstring>

#include "accsim/hw/sim_control_regs.h"
#include "platform_fixture.h"
#include "stats.h"

using namespace accsim;

namespace {

constexpr uint64_t kBase = ACCSIM_SIMCTL_DEFAULT_BASE;  // the schema's sim_control.base

// Drives sim-control from an SC_THREAD, as firmware would, at chosen cycles.
struct Firmware : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Firmware> socket;
  std::vector<std::pair<uint64_t, std::pair<uint64_t, uint32_t>>> script;  // cycle, reg, value
  const Clock& clock;
  std::vector<uint32_t> reads;

  Firmware(sc_core::sc_module_name n, const Clock& c) : sc_module(n), socket("socket"), clock(c) {
    SC_HAS_PROCESS(Firmware);
    SC_THREAD(run);
  }
  tlm::tlm_generic_payload trans;  // a member: a thread stopped by sc_stop is never unwound
  tlm::tlm_response_status access(bool write, uint64_t reg, uint32_t& value) {
    trans.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    trans.set_address(kBase + reg);
    trans.set_data_ptr(reinterpret_cast<unsigned char*>(&value));
    trans.set_data_length(4);
    trans.set_streaming_width(4);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(trans, delay);
    wait(delay);
    return trans.get_response_status();
  }
  void run() {
    for (auto& [cycle, op] : script) {
      if (cycle > clock.now_cycles()) wait(clock.time(cycle - clock.now_cycles()));
      uint32_t value = op.second;
      const bool is_read = op.first == ACCSIM_SIMCTL_ID || op.first == ACCSIM_SIMCTL_CYCLE_LO ||
                           op.first >= ACCSIM_SIMCTL_ARG_COUNT;
      access(!is_read, op.first, value);
      if (is_read) reads.push_back(value);
    }
  }
};

void put_string(Platform& p, uint64_t addr, const char* s) {
  p.write_debug(addr, reinterpret_cast<const uint8_t*>(s), std::strlen(s) + 1);
}

}  // namespace

TEST_CASE("console bytes reach the sink and exit stops the run with its code", "[sim_control]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config()), status);
  std::string console;
  platform.sim_control().set_console([&](char c) { console.push_back(c); });
  Firmware fw("fw", platform.clock());
  platform.connect_initiator(fw.socket, "fw");
  fw.script = {{0, {ACCSIM_SIMCTL_CONSOLE_TX, 'o'}},
               {1, {ACCSIM_SIMCTL_CONSOLE_TX, 'k'}},
               {50, {ACCSIM_SIMCTL_EXIT, 3}},
               {60, {ACCSIM_SIMCTL_CONSOLE_TX, '!'}}};
  sc_core::sc_start(platform.clock().time(1000));
  REQUIRE(console == "ok");
  REQUIRE(status.outcome() == RunStatus::Outcome::kExited);
  REQUIRE(status.exit_code() == 3);
  REQUIRE(status.end_cycle() == 50);
  REQUIRE(platform.clock().now_cycles() == 50);  // sc_stop took effect at once
}

TEST_CASE("ID and cycle registers read back", "[sim_control]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config()), status);
  Firmware fw("fw", platform.clock());
  platform.connect_initiator(fw.socket, "fw");
  fw.script = {{0, {ACCSIM_SIMCTL_ID, 0}}, {123, {ACCSIM_SIMCTL_CYCLE_LO, 0}}};
  sc_core::sc_start(platform.clock().time(1000));
  REQUIRE(fw.reads == std::vector<uint32_t>{ACCSIM_SIMCTL_ID_VALUE, 123});
}

TEST_CASE("firmware arguments read back and read as zero beyond their count", "[sim_control]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config()), status);
  platform.sim_control().set_firmware_args({6, 0xFFFFFFFE});
  Firmware fw("fw", platform.clock());
  platform.connect_initiator(fw.socket, "fw");
  fw.script = {{0, {ACCSIM_SIMCTL_ARG_COUNT, 0}},
               {1, {ACCSIM_SIMCTL_ARG0, 0}},
               {2, {ACCSIM_SIMCTL_ARG(1), 0}},
               {3, {ACCSIM_SIMCTL_ARG(2), 0}},
               {4, {ACCSIM_SIMCTL_ARG(7), 0}}};
  sc_core::sc_start(platform.clock().time(1000));
  REQUIRE(fw.reads == std::vector<uint32_t>{2, 6, 0xFFFFFFFE, 0, 0});
}

TEST_CASE("region markers nest and are reported with cycles", "[sim_control]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config()), status);
  put_string(platform, 0x1000'0000, "model");
  put_string(platform, 0x1000'0010, "layer_3");
  std::vector<RegionEvent> seen;
  platform.sim_control().add_region_listener([&](const RegionEvent& e) { seen.push_back(e); });
  Firmware fw("fw", platform.clock());
  platform.connect_initiator(fw.socket, "fw");
  fw.script = {{10, {ACCSIM_SIMCTL_REGION_BEGIN, 0x1000'0000}},
               {20, {ACCSIM_SIMCTL_REGION_BEGIN, 0x1000'0010}},
               {30, {ACCSIM_SIMCTL_REGION_END, 0x1000'0010}},
               {40, {ACCSIM_SIMCTL_REGION_END, 0}}};
  sc_core::sc_start(platform.clock().time(1000));
  REQUIRE(status.running());
  REQUIRE(seen.size() == 4);
  REQUIRE(seen[0].name == "model");
  REQUIRE(seen[1].name == "layer_3");
  REQUIRE(seen[1].cycle == 20);
  REQUIRE(seen[1].depth == 1);
  REQUIRE_FALSE(seen[2].begin);
  REQUIRE(seen[3].name == "model");
  REQUIRE(seen[3].cycle == 40);
}

TEST_CASE("a region end that names another region fails the run", "[sim_control]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config()), status);
  put_string(platform, 0x1000'0000, "a");
  put_string(platform, 0x1000'0010, "b");
  Firmware fw("fw", platform.clock());
  platform.connect_initiator(fw.socket, "fw");
  fw.script = {{0, {ACCSIM_SIMCTL_REGION_BEGIN, 0x1000'0000}},
               {5, {ACCSIM_SIMCTL_REGION_END, 0x1000'0010}}};
  sc_core::sc_start(platform.clock().time(1000));
  REQUIRE(status.outcome() == RunStatus::Outcome::kFailed);
  REQUIRE_THAT(status.message(), Catch::Contains("\"b\"") && Catch::Contains("\"a\""));
}

TEST_CASE("a region name in unmapped memory fails the run", "[sim_control]") {
  RunStatus status;
  Platform platform(test::effective_config(test::two_memory_config()), status);
  Firmware fw("fw", platform.clock());
  platform.connect_initiator(fw.socket, "fw");
  fw.script = {{0, {ACCSIM_SIMCTL_REGION_BEGIN, 0x2000'0000}}};
  sc_core::sc_start(platform.clock().time(1000));
  REQUIRE(status.outcome() == RunStatus::Outcome::kFailed);
  REQUIRE_THAT(status.message(), Catch::Contains("0x20000000"));
}
