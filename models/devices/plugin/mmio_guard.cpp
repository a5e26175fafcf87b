#include "mmio_guard.h"

#include "crash_containment.h"
#include "jsonconfig/config.h"

namespace accsim::plugin_device {

MmioGuard::MmioGuard(sc_core::sc_module_name name, std::string device, uint64_t base,
                     const Clock& clock, RunStatus& status)
    : sc_module(name),
      to_bus("to_bus"),
      to_device("to_device"),
      m_device(std::move(device)),
      m_base(base),
      m_clock(clock),
      m_status(status) {
  to_bus.register_b_transport(this, &MmioGuard::b_transport);
  to_bus.register_transport_dbg(this, &MmioGuard::transport_dbg);
  to_bus.register_get_direct_mem_ptr(this, &MmioGuard::get_direct_mem_ptr);
  to_device.register_invalidate_direct_mem_ptr(this, &MmioGuard::invalidate_direct_mem_ptr);
}

// A fatal signal inside the device's code is named with the access it served.
crash::ForeignCall MmioGuard::call_into_device(const tlm::tlm_generic_payload& trans) const {
  const auto command = trans.is_write()  ? crash::ForeignCall::Command::kWrite
                       : trans.is_read() ? crash::ForeignCall::Command::kRead
                                         : crash::ForeignCall::Command::kOther;
  return crash::ForeignCall(m_device, m_base + trans.get_address(), trans.get_data_length(),
                            command);
}

void MmioGuard::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  try {
    const crash::ForeignCall call = call_into_device(trans);
    to_device->b_transport(trans, delay);
  } catch (const sc_core::sc_unwind_exception&) {
    throw;  // SystemC killing or resetting the calling process: not the device's fault
  } catch (const std::exception& e) {
    fail(std::string("threw \"") + e.what() + "\" on " + access(trans), delay);
    trans.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  } catch (...) {
    fail("threw a non-standard exception on " + access(trans), delay);
    trans.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  if (trans.get_response_status() == tlm::TLM_INCOMPLETE_RESPONSE) {
    fail("left the response to " + access(trans) + " incomplete (a target must set it)", delay);
    trans.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
  } else if (trans.is_response_error()) {
    fail("answered " + access(trans) + " with " + trans.get_response_string(), delay);
  }
}

unsigned int MmioGuard::transport_dbg(tlm::tlm_generic_payload& trans) {
  try {
    const crash::ForeignCall call = call_into_device(trans);
    return to_device->transport_dbg(trans);
  } catch (const std::exception&) {
    // Debug reads (a disassembler, a trace) must not end the run: report nothing read.
    return 0;
  }
}

bool MmioGuard::get_direct_mem_ptr(tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi) {
  const crash::ForeignCall call = call_into_device(trans);
  return to_device->get_direct_mem_ptr(trans, dmi);
}

void MmioGuard::invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) {
  to_bus->invalidate_direct_mem_ptr(start, end);
}

std::string MmioGuard::access(const tlm::tlm_generic_payload& trans) const {
  const char* command = trans.is_write() ? "write" : trans.is_read() ? "read" : "ignore command";
  return "a " + std::to_string(trans.get_data_length()) + "-byte " + command + " at " +
         config::to_hex(m_base + trans.get_address());
}

void MmioGuard::fail(const std::string& what, const sc_core::sc_time& delay) {
  m_status.fail(m_device + " " + what, m_clock.cycles(sc_core::sc_time_stamp() + delay));
}

}  // namespace accsim::plugin_device
