// Wishbone master port -> TLM-2.0 initiator: each request the WishboneDevice samples on the
// device's master port (cyc and stb high) becomes one b_transport on the system bus, at the
// request's cycle as annotated delay (the device may run ahead of SystemC time, up to the CPU,
// in the way of temporal decoupling). The bytes sel selects are moved (a gap in sel becomes
// byte enables); the bus's answer gives the cycle ack (or err, for an error response) is
// presented in.
#pragma once

#include <tlm_utils/simple_initiator_socket.h>

#include <systemc>
#include <tlm>

#include "clock.h"
#include "wishbone_device.h"

namespace accsim::wishbone {

class WishboneMasterToTlm : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<WishboneMasterToTlm> socket;

  // Becomes `device`'s master bus.
  WishboneMasterToTlm(sc_core::sc_module_name name, WishboneDevice& device, const Clock& clock);

 private:
  MasterResponse access(const MasterRequest& request, uint64_t cycle);

  const Clock& m_clock;
};

}  // namespace accsim::wishbone
