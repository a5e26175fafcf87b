// The SoC as a plug-in component sees it while it is built (plugin_component.cpp): the names
// it gives are qualified with its device's, and its MMIO target sockets are checked against the
// device's range and collected, to be bound behind an MmioGuard once the build has returned.
// (A guard made while the component's module constructor runs would become that module's
// child, destroyed out of order.)
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "accsim_plugin.h"
#include "soc_builder.h"

namespace accsim::plugin_device {

// A target socket the component asked to bind, bound once its build has returned.
struct PendingTarget {
  tlm::tlm_target_socket<>* socket;
  std::string name;
  uint64_t base;
  uint64_t size;
};

class DeviceSocBuilder : public soc::SocBuilder {
 public:
  DeviceSocBuilder(soc::SocBuilder& soc, const plugin::Device& device)
      : m_soc(soc), m_device(device) {}

  const Clock& clock() const override { return m_soc.clock(); }
  RunStatus& status() override { return m_soc.status(); }
  const soc::SocOptions& options() const override { return m_soc.options(); }
  cpu::CpuModule& cpu() override { return m_soc.cpu(); }
  void connect_initiator(tlm::tlm_initiator_socket<>& socket, const std::string& name) override {
    m_soc.connect_initiator(socket, qualified(name));
  }
  void connect_target(tlm::tlm_target_socket<>& socket, const std::string& name, uint64_t base,
                      uint64_t size) override {
    const uint64_t end = m_device.base + m_device.size;
    if (size == 0 || base < m_device.base || base >= end || size > end - base) {
      throw std::invalid_argument("its target socket \"" + name + "\" is bound at " +
                                  range(base, size) + ", outside the device's range " +
                                  range(m_device.base, m_device.size) + " (base, size)");
    }
    m_targets.push_back({&socket, qualified(name), base, size});
  }

  const std::vector<PendingTarget>& targets() const { return m_targets; }

 private:
  static std::string range(uint64_t base, uint64_t size) {
    return "[" + config::to_hex(base) + ", " + config::to_hex(base + size) + ")";
  }
  std::string qualified(const std::string& name) const {
    return name.empty() ? m_device.name : m_device.name + "." + name;
  }

  soc::SocBuilder& m_soc;
  const plugin::Device& m_device;
  std::vector<PendingTarget> m_targets;
};

}  // namespace accsim::plugin_device
