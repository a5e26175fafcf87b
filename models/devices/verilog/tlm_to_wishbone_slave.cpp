#include "tlm_to_wishbone_slave.h"

#include <algorithm>
#include <cstdio>

namespace accsim::wishbone {

TlmToWishboneSlave::TlmToWishboneSlave(sc_core::sc_module_name name, WishboneDevice& device,
                                       const Clock& clock, RunStatus& status, Naming naming)
    : sc_module(name),
      socket("socket"),
      m_device(device),
      m_clock(clock),
      m_status(status),
      m_naming(std::move(naming)) {
  socket.register_b_transport(this, &TlmToWishboneSlave::b_transport);
  socket.register_transport_dbg(this, &TlmToWishboneSlave::transport_dbg);
}

std::string TlmToWishboneSlave::describe(bool write, uint64_t address, unsigned length) const {
  char text[96];
  std::snprintf(text, sizeof text, "the %s of %u byte%s at 0x%08llx", write ? "write" : "read",
                length, length == 1 ? "" : "s",
                static_cast<unsigned long long>(m_naming.base + address));  // NOLINT(runtime/int)
  return text;
}

void TlmToWishboneSlave::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  const uint64_t address = trans.get_address();
  const unsigned length = trans.get_data_length();
  const bool write = trans.is_write();
  if (trans.get_command() == tlm::TLM_IGNORE_COMMAND) {
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
    return;
  }
  if (trans.get_streaming_width() < length) {
    trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return;
  }
  if (m_device.in_tick()) {
    // The device's own master reached its slave port: the model is mid-cycle.
    m_status.fail(m_naming.device + ": its Wishbone master accessed its own slave port (" +
                      describe(write, address, length) + "), which accsim does not model",
                  m_device.cycle());
    trans.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  uint8_t* data = trans.get_data_ptr();
  const uint8_t* enables = trans.get_byte_enable_ptr();
  const unsigned enables_length = trans.get_byte_enable_length();
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  uint64_t cycle = m_clock.cycles(now + delay);
  tlm::tlm_response_status response = tlm::TLM_OK_RESPONSE;
  // One Wishbone cycle per 32-bit word the transaction touches, back-to-back.
  for (uint64_t word = address & ~uint64_t{3}; word < address + length; word += 4) {
    SlaveAccess access;
    access.adr = static_cast<uint32_t>(
        m_device.options().addressing == Addressing::kWord ? word >> 2 : word);
    access.we = write;
    access.sel = 0;
    for (unsigned lane = 0; lane < 4; ++lane) {
      const uint64_t byte = word + lane;
      if (byte < address || byte >= address + length) continue;
      const uint64_t i = byte - address;
      if (enables != nullptr && enables[i % enables_length] != TLM_BYTE_ENABLED) continue;
      access.sel |= static_cast<uint8_t>(1u << lane);
      if (write) access.dat_w |= uint32_t{data[i]} << (8 * lane);
    }
    if (access.sel == 0) continue;
    const SlaveResult result = m_device.slave_access(access, cycle);
    cycle = result.last_cycle + 1;
    if (result.status == SlaveResult::Status::kTimeout) {
      m_status.fail(m_naming.device + ": the Wishbone slave answered " +
                        describe(write, std::max(word, address), length) +
                        " with neither ack nor err within " +
                        std::to_string(m_device.options().timeout_cycles) + " cycles (" +
                        m_naming.timeout_key + ")",
                    result.last_cycle);
      response = tlm::TLM_GENERIC_ERROR_RESPONSE;
      break;
    }
    if (result.status == SlaveResult::Status::kErr) {
      response = tlm::TLM_GENERIC_ERROR_RESPONSE;
      break;
    }
    if (!write) {
      for (unsigned lane = 0; lane < 4; ++lane) {
        if (access.sel & (1u << lane)) data[word + lane - address] = result.dat_r >> (8 * lane);
      }
    }
  }
  // The access ends with the posedge of its last cycle.
  const sc_core::sc_time end = m_clock.time(cycle);
  if (end > now) delay = end - now;
  trans.set_response_status(response);
  if (m_on_access) m_on_access();
}

// A debugger's access would clock the device: not offered.
unsigned int TlmToWishboneSlave::transport_dbg(tlm::tlm_generic_payload& trans) {
  (void)trans;
  return 0;
}

}  // namespace accsim::wishbone
