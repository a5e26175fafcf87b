// Stands between the bus and a plug-in device's MMIO target socket, so that what goes wrong
// inside code accsim did not write ends the run with one line naming the device and the access
// (exit code 1), instead of escaping through the CPU's SystemC thread as an uncaught exception
// or surfacing as an access fault that does not say whose: an exception out of the device's
// b_transport, an error response, a response the device left incomplete, or a fatal signal
// (a segfault, say) raised in the device's code.
#pragma once

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <string>
#include <systemc>
#include <tlm>

#include "clock.h"
#include "crash_containment.h"
#include "run_status.h"

namespace accsim::plugin_device {

class MmioGuard : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<MmioGuard> to_bus;        // bound by the bus at `base`
  tlm_utils::simple_initiator_socket<MmioGuard> to_device;  // bound to the plug-in's socket

  // `device` names the device in messages ("device \"scratch\" (plug-in component scratchpad)").
  MmioGuard(sc_core::sc_module_name name, std::string device, uint64_t base, const Clock& clock,
            RunStatus& status);

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned int transport_dbg(tlm::tlm_generic_payload& trans);
  bool get_direct_mem_ptr(tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi);
  void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end);

  // Records the call for crash containment (run/crash_containment.h) while it lives.
  crash::ForeignCall call_into_device(const tlm::tlm_generic_payload& trans) const;
  // "a 4-byte write at 0xf0030010" (bus addresses: the device's base plus the offset).
  std::string access(const tlm::tlm_generic_payload& trans) const;
  void fail(const std::string& what, const sc_core::sc_time& delay);

  std::string m_device;
  uint64_t m_base;
  const Clock& m_clock;
  RunStatus& m_status;
};

}  // namespace accsim::plugin_device
