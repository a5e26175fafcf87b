// A Wishbone device in the SoC: the WishboneDevice (model and clock), its slave port behind a
// TLM target (TlmToWishboneSlave), its master port, if any, behind a TLM initiator
// (WishboneMasterToTlm), and the SC_THREAD that keeps it clocked.
//
// Clocking. The device runs with the CPU clock, cycle for cycle, but it is only clocked while it
// is active; while it is idle (its state a fixed point, see wishbone_device.h) the thread sleeps
// until a slave access, which brings the device to its cycle first (skipping the idle cycles:
// exact, since they would change nothing). While active, the thread clocks it in batches, ahead
// of SystemC time up to the horizon: the CPU's local cycle, which no access of the CPU can come
// before (the CPU synchronises before every MMIO access and runs at most a quantum ahead). A
// master request in a batch goes onto the bus at its own cycle as annotated delay, as
// temporally decoupled initiators do; the CPU's accesses thus find the device exactly at their
// cycle. Another initiator's access (a DMA in SystemC time) may find the device ahead of it and
// is then served at the device's cycle, a little late. The cost: one SystemC wake-up per batch
// (per quantum), not per cycle, and nothing while idle.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <systemc>

#include "clock.h"
#include "run_status.h"
#include "tlm_to_wishbone_slave.h"
#include "wishbone_device.h"
#include "wishbone_master_to_tlm.h"

namespace accsim::wishbone {

class WishboneDeviceModule : public sc_core::sc_module {
 public:
  struct Setup {
    WishboneDeviceOptions options;
    TlmToWishboneSlave::Naming naming;
    bool has_master = false;
    // How far ahead of SystemC time the device may run: no slave access will come for an
    // earlier cycle (the CPU's local cycle). Empty: not ahead at all.
    std::function<uint64_t()> horizon;
    // The run's cycle limit (0: none): a device never keeps the simulation alive beyond it.
    uint64_t max_cycles = 0;
  };

  WishboneDeviceModule(sc_core::sc_module_name name, std::unique_ptr<WishboneModel> model,
                       Setup setup, const Clock& clock, RunStatus& status);

  WishboneDevice& device() { return m_device; }
  const WishboneDevice& device() const { return m_device; }
  TlmToWishboneSlave& slave() { return m_slave; }
  WishboneMasterToTlm* master() { return m_master.get(); }

 private:
  void clock_thread();

  WishboneDevice m_device;
  const Clock& m_clock;
  RunStatus& m_status;
  std::function<uint64_t()> m_horizon;
  uint64_t m_max_cycles;
  TlmToWishboneSlave m_slave;
  std::unique_ptr<WishboneMasterToTlm> m_master;
  sc_core::sc_event m_accessed;
};

}  // namespace accsim::wishbone
