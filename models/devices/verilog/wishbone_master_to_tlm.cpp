#include "wishbone_master_to_tlm.h"

#include <algorithm>

namespace accsim::wishbone {

WishboneMasterToTlm::WishboneMasterToTlm(sc_core::sc_module_name name, WishboneDevice& device,
                                         const Clock& clock)
    : sc_module(name), socket("socket"), m_clock(clock) {
  device.set_master_bus(
      [this](const MasterRequest& request, uint64_t cycle) { return access(request, cycle); });
}

MasterResponse WishboneMasterToTlm::access(const MasterRequest& request, uint64_t cycle) {
  MasterResponse response;
  response.last_cycle = cycle;
  if ((request.sel & 0xF) == 0) return response;  // no byte selected: nothing to move
  unsigned first = 0, last = 3;
  while (!(request.sel & (1u << first))) ++first;
  while (!(request.sel & (1u << last))) --last;
  const unsigned length = last - first + 1;
  uint8_t data[4] = {};
  uint8_t enables[4] = {};
  bool gaps = false;
  for (unsigned lane = first; lane <= last; ++lane) {
    const bool selected = request.sel & (1u << lane);
    enables[lane - first] = selected ? TLM_BYTE_ENABLED : TLM_BYTE_DISABLED;
    gaps = gaps || !selected;
    data[lane - first] = static_cast<uint8_t>(request.dat_w >> (8 * lane));
  }
  tlm::tlm_generic_payload trans;
  trans.set_command(request.write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  trans.set_address(request.address + first);
  trans.set_data_ptr(data);
  trans.set_data_length(length);
  trans.set_streaming_width(length);
  trans.set_byte_enable_ptr(gaps ? enables : nullptr);
  trans.set_byte_enable_length(gaps ? length : 0);
  trans.set_dmi_allowed(false);
  trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  // The request's cycle, as an offset from SystemC time (never negative: a device behind
  // SystemC time issues it now).
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  sc_core::sc_time delay = m_clock.delay_until(cycle, now);
  socket->b_transport(trans, delay);
  // The access occupies its cycles up to the one before `end`: ack in the last of them.
  const uint64_t end = m_clock.cycles(now + delay);
  response.last_cycle = std::max(cycle, end == 0 ? 0 : end - 1);
  response.ok = trans.is_response_ok();
  if (response.ok && !request.write) {
    for (unsigned lane = first; lane <= last; ++lane) {
      if (request.sel & (1u << lane)) response.dat_r |= uint32_t{data[lane - first]} << (8 * lane);
    }
  }
  return response;
}

}  // namespace accsim::wishbone
