#include "crc32_module.h"

#include <cstring>
#include <string>

#include "crc32_regs.h"
#include "stats.h"

namespace accsim::crc32 {

namespace {

// A register access takes one cycle of the bus clock, as the VTA's and LiteX's CSRs do.
constexpr uint64_t kAccessCycles = 1;

}  // namespace

Crc32Module::Crc32Module(sc_core::sc_module_name name, Crc32Timing timing, const Clock& clock)
    : sc_module(name), bus_side("bus_side"), m_clock(clock), m_engine(timing) {
  bus_side.register_b_transport(this, &Crc32Module::b_transport);
}

void Crc32Module::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  delay += m_clock.time(kAccessCycles);
  const uint64_t offset = trans.get_address();
  // Only whole, aligned 32-bit registers: a byte store to DATA_BYTE is a firmware bug that
  // would otherwise feed a byte silently.
  if (trans.get_data_length() != 4 || trans.get_streaming_width() != 4 || offset % 4 != 0 ||
      trans.get_byte_enable_ptr() != nullptr) {
    trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return;
  }
  if (offset > CRC32_REG_BYTES) {  // the rest of the block decodes to nothing
    trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  const uint64_t cycle = m_clock.cycles(sc_core::sc_time_stamp() + delay);
  uint64_t stall = 0;
  bool ok = false;
  if (trans.is_read()) {
    uint32_t value = 0;
    ok = read(offset, cycle, value, stall);
    if (ok) std::memcpy(trans.get_data_ptr(), &value, 4);
  } else if (trans.is_write()) {
    uint32_t value = 0;
    std::memcpy(&value, trans.get_data_ptr(), 4);
    ok = write(offset, value, cycle, stall);
  }
  delay += m_clock.time(stall);
  trans.set_response_status(ok ? tlm::TLM_OK_RESPONSE : tlm::TLM_COMMAND_ERROR_RESPONSE);
}

bool Crc32Module::read(uint64_t offset, uint64_t cycle, uint32_t& value, uint64_t& stall) {
  switch (offset) {
    case CRC32_REG_ID:
      value = CRC32_ID_VALUE;
      return true;
    case CRC32_REG_CONTROL:
      value = m_engine.busy(cycle) ? CRC32_CONTROL_BUSY : 0;
      return true;
    case CRC32_REG_RESULT:
      value = m_engine.result(cycle, stall);
      return true;
    case CRC32_REG_BYTES:
      value = m_engine.bytes_since_restart();
      return true;
    default:  // DATA and DATA_BYTE are write-only
      return false;
  }
}

bool Crc32Module::write(uint64_t offset, uint32_t value, uint64_t cycle, uint64_t& stall) {
  switch (offset) {
    case CRC32_REG_CONTROL:
      if (value & CRC32_CONTROL_RESTART) stall = m_engine.restart(cycle);
      return true;
    case CRC32_REG_DATA:
      stall = m_engine.feed_word(value, cycle);
      return true;
    case CRC32_REG_DATA_BYTE:
      stall = m_engine.feed_byte(static_cast<uint8_t>(value), cycle);
      return true;
    default:  // ID, RESULT and BYTES are read-only
      return false;
  }
}

void Crc32Module::report(Stats& stats) const {
  const std::string prefix = std::string(basename()) + ".";
  const Crc32Counters& c = m_engine.counters();
  stats.set(prefix + "bytes", c.bytes, "Bytes fed to the CRC-32 engine (DATA and DATA_BYTE)");
  stats.set(prefix + "words", c.words, "32-bit words fed through DATA");
  stats.set(prefix + "byte_feeds", c.byte_feeds, "Single bytes fed through DATA_BYTE");
  stats.set(prefix + "restarts", c.restarts, "CRCs started (CONTROL RESTART)");
  stats.set(prefix + "results", c.results, "RESULT reads");
  stats.set(prefix + "busy_cycles", c.busy_cycles, "Cycles the CRC datapath worked");
  stats.set(prefix + "stall_cycles", c.stall_cycles,
            "Cycles register accesses waited for the datapath to finish earlier bytes");
}

}  // namespace accsim::crc32
