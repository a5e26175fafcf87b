// TLM-2.0 target -> Wishbone slave port: each b_transport becomes Wishbone B4 classic cycles on
// the device's slave port (one per 32-bit word it touches, back-to-back, sel selecting the
// bytes), clocked by the WishboneDevice until ack or err; the cycles taken are annotated.
//   ack     -> TLM_OK_RESPONSE (a read's bytes from dat_r)
//   err     -> TLM_GENERIC_ERROR_RESPONSE: the CPU takes an access fault naming the address
//   neither within the timeout -> the run stops with one line naming the device and address
// Loosely timed: the access starts at SystemC time + delay (or when the device gets there, if
// another initiator's access finds it ahead); nothing here waits.
#pragma once

#include <tlm_utils/simple_target_socket.h>

#include <functional>
#include <string>
#include <systemc>
#include <tlm>

#include "clock.h"
#include "run_status.h"
#include "wishbone_device.h"

namespace accsim::wishbone {

class TlmToWishboneSlave : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<TlmToWishboneSlave> socket;

  struct Naming {
    std::string device;       // "wbdev": starts every message
    uint64_t base = 0;        // the window's bus address, so messages name bus addresses
    std::string timeout_key;  // the config key of the timeout, named in its message
  };

  TlmToWishboneSlave(sc_core::sc_module_name name, WishboneDevice& device, const Clock& clock,
                     RunStatus& status, Naming naming);

  // Called after every access: the device may have been started.
  void on_access(std::function<void()> callback) { m_on_access = std::move(callback); }

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned int transport_dbg(tlm::tlm_generic_payload& trans);
  std::string describe(bool write, uint64_t address, unsigned length) const;

  WishboneDevice& m_device;
  const Clock& m_clock;
  RunStatus& m_status;
  Naming m_naming;
  std::function<void()> m_on_access;
};

}  // namespace accsim::wishbone
