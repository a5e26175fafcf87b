#include "wishbone_device_module.h"

#include <algorithm>

namespace accsim::wishbone {

WishboneDeviceModule::WishboneDeviceModule(sc_core::sc_module_name name,
                                           std::unique_ptr<WishboneModel> model, Setup setup,
                                           const Clock& clock, RunStatus& status)
    : sc_module(name),
      m_device(std::move(model), setup.options),
      m_clock(clock),
      m_status(status),
      m_horizon(std::move(setup.horizon)),
      m_max_cycles(setup.max_cycles),
      m_slave("slave", m_device, clock, status, setup.naming) {
  if (setup.has_master) {
    m_master = std::make_unique<WishboneMasterToTlm>("master", m_device, clock);
  }
  m_slave.on_access([this] { m_accessed.notify(sc_core::SC_ZERO_TIME); });
  SC_HAS_PROCESS(WishboneDeviceModule);
  SC_THREAD(clock_thread);
}

void WishboneDeviceModule::clock_thread() {
  bool yielded = false;  // waited a delta cycle for the CPU to run ahead
  while (m_status.running()) {
    if (m_device.idle()) {
      sc_core::wait(m_accessed);
      continue;
    }
    const uint64_t now = m_clock.now_cycles();
    uint64_t horizon = std::max(now, m_horizon ? m_horizon() : now);
    if (m_max_cycles != 0) {
      // The CPU stops the run at the limit; should nothing else, the device does not go on.
      if (m_device.cycle() >= m_max_cycles) return;
      horizon = std::min(horizon, m_max_cycles);
    }
    if (m_device.cycle() < horizon) {
      m_device.run(horizon);
      yielded = false;
    }
    if (m_device.cycle() > now) {
      sc_core::wait(m_clock.time(m_device.cycle() - now));
    } else if (!yielded) {
      // The CPU is due to run at this time too: let it go ahead first.
      yielded = true;
      sc_core::wait(sc_core::SC_ZERO_TIME);
    } else {
      // It did not: step with SystemC time.
      yielded = false;
      m_device.run(now + 1);
    }
  }
}

}  // namespace accsim::wishbone
