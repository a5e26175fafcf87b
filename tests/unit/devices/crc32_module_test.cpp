// The CRC-32 engine's registers on a TLM socket: the register map of crc32_regs.h, the bus
// errors of bad accesses (what the CPU turns into access faults), the cycles an access waits
// for the datapath annotated on its delay, and the statistics under the module's name.
// Each TEST_CASE elaborates the module, so ctest runs each in its own process.
#include "crc32_module.h"

#include <tlm_utils/simple_initiator_socket.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <string>

#include "crc32_regs.h"
#include "stats.h"

using namespace accsim;
using namespace accsim::crc32;

namespace {

struct Probe : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Probe> socket;
  explicit Probe(sc_core::sc_module_name n) : sc_module(n), socket("socket") {}

  // One access of `length` bytes at `offset`; `delay` returns what the target annotated.
  tlm::tlm_response_status access(bool write, uint64_t offset, uint32_t& value,
                                  sc_core::sc_time& delay, unsigned length = 4) {
    tlm::tlm_generic_payload trans;
    trans.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    trans.set_address(offset);
    trans.set_data_ptr(reinterpret_cast<unsigned char*>(&value));
    trans.set_data_length(length);
    trans.set_streaming_width(length);
    trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(trans, delay);
    return trans.get_response_status();
  }
  tlm::tlm_response_status access(bool write, uint64_t offset, uint32_t& value) {
    sc_core::sc_time delay;
    return access(write, offset, value, delay);
  }
};

struct Rig {
  Clock clock{100.0};
  Crc32Module crc;
  Probe probe{"probe"};

  explicit Rig(unsigned quarter_cycles_per_byte = 4)
      : crc("crc", Crc32Timing{quarter_cycles_per_byte}, clock) {
    probe.socket.bind(crc.bus_side);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
  }
  uint32_t read(uint64_t offset) {
    uint32_t value = 0;
    REQUIRE(probe.access(false, offset, value) == tlm::TLM_OK_RESPONSE);
    return value;
  }
  void write(uint64_t offset, uint32_t value) {
    REQUIRE(probe.access(true, offset, value) == tlm::TLM_OK_RESPONSE);
  }
};

}  // namespace

TEST_CASE("firmware computes the check value through the registers", "[crc32][module]") {
  Rig rig;
  CHECK(rig.read(CRC32_REG_ID) == CRC32_ID_VALUE);
  rig.write(CRC32_REG_CONTROL, CRC32_CONTROL_RESTART);
  uint32_t words[2];
  std::memcpy(words, "12345678", 8);  // little-endian words, as firmware loads them
  rig.write(CRC32_REG_DATA, words[0]);
  rig.write(CRC32_REG_DATA, words[1]);
  rig.write(CRC32_REG_DATA_BYTE, 0x100u | '9');  // bits above 7:0 are ignored
  CHECK(rig.read(CRC32_REG_RESULT) == CRC32_CHECK_VALUE);
  CHECK(rig.read(CRC32_REG_BYTES) == 9);

  Stats stats;
  rig.crc.report(stats);
  CHECK(stats.get("crc.bytes") == 9);
  CHECK(stats.get("crc.words") == 2);
  CHECK(stats.get("crc.byte_feeds") == 1);
  CHECK(stats.get("crc.restarts") == 1);
  CHECK(stats.get("crc.results") == 1);
}

TEST_CASE("bad accesses answer bus errors", "[crc32][module]") {
  Rig rig;
  uint32_t value = 0;
  sc_core::sc_time delay;
  // An offset with no register, in the block and past the last register.
  CHECK(rig.probe.access(false, 0x40, value) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
  CHECK(rig.probe.access(true, CRC32_REG_BYTES + 4, value) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
  // Not a whole aligned word.
  CHECK(rig.probe.access(true, CRC32_REG_DATA_BYTE, value, delay, 1) ==
        tlm::TLM_BURST_ERROR_RESPONSE);
  CHECK(rig.probe.access(false, CRC32_REG_RESULT + 2, value, delay, 2) ==
        tlm::TLM_BURST_ERROR_RESPONSE);
  CHECK(rig.probe.access(false, CRC32_REG_RESULT + 1, value) == tlm::TLM_BURST_ERROR_RESPONSE);
  // Writes to read-only registers, reads of write-only ones.
  for (uint64_t offset : {CRC32_REG_ID, CRC32_REG_RESULT, CRC32_REG_BYTES}) {
    CHECK(rig.probe.access(true, offset, value) == tlm::TLM_COMMAND_ERROR_RESPONSE);
  }
  for (uint64_t offset : {CRC32_REG_DATA, CRC32_REG_DATA_BYTE}) {
    CHECK(rig.probe.access(false, offset, value) == tlm::TLM_COMMAND_ERROR_RESPONSE);
  }
  // None of them fed or restarted anything.
  CHECK(rig.crc.engine().counters().bytes == 0);
  CHECK(rig.crc.engine().counters().restarts == 0);
}

TEST_CASE("an access waits for the datapath on its annotated delay", "[crc32][module]") {
  Rig rig(32);  // bit-serial: a word keeps the datapath busy 32 cycles
  const sc_core::sc_time cycle = rig.clock.period();
  uint32_t value = 0x01020304u;
  sc_core::sc_time delay;
  REQUIRE(rig.probe.access(true, CRC32_REG_DATA, value, delay) == tlm::TLM_OK_RESPONSE);
  CHECK(delay == cycle);  // the register access itself
  // Issued at the same time: the datapath is busy until 1 + 32, so the read waits 32 cycles.
  REQUIRE(rig.probe.access(false, CRC32_REG_CONTROL, value, delay) == tlm::TLM_OK_RESPONSE);
  CHECK(value == CRC32_CONTROL_BUSY);
  CHECK(delay == cycle);  // CONTROL reads status without waiting
  REQUIRE(rig.probe.access(false, CRC32_REG_RESULT, value, delay) == tlm::TLM_OK_RESPONSE);
  CHECK(delay == 33 * cycle);
  CHECK(rig.crc.engine().counters().stall_cycles == 32);
}
