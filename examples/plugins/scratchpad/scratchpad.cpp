// An accsim plug-in: a scratchpad RAM behind an MMIO window, the smallest complete device.
// It parses its params (their parse is their validation), serves the bus's reads and writes
// through a TLM-2.0 target socket with a latency per access, counts them as statistics and
// draws them on the timeline. docs/plugins.md walks through it; accsim_plugin.h is the API.
#include <tlm_utils/simple_target_socket.h>

#include <cstring>
#include <memory>
#include <vector>

#include "accsim_plugin.h"

namespace {

using accsim::config::ValueError;

struct Params {
  uint64_t latency_cycles = 1;  // cycles each access takes
  uint8_t fill = 0;             // what the bytes hold before the first write
};

// Keys are relative to the device's "params": accsim reports an error at
// devices[i].params.<key>, blamed on the file that set it.
Params parse_params(const nlohmann::json& params) {
  Params p;
  for (const auto& [key, value] : params.items()) {
    if (key == "latency_cycles") {
      if (!value.is_number_unsigned()) {
        throw ValueError(key, "expected a non-negative integer, got " + value.dump());
      }
      p.latency_cycles = value.get<uint64_t>();
    } else if (key == "fill") {
      if (!value.is_number_unsigned() || value.get<uint64_t>() > 255) {
        throw ValueError(key, "expected a byte value (0 to 255), got " + value.dump());
      }
      p.fill = static_cast<uint8_t>(value.get<uint64_t>());
    } else {
      const std::string hint = accsim::config::did_you_mean(key, {"fill", "latency_cycles"});
      throw ValueError(key, "unknown key \"" + key + "\"" +
                                (hint.empty() ? " (valid keys: fill, latency_cycles)"
                                              : " (did you mean \"" + hint + "\"?)"));
    }
  }
  return p;
}

// The model: a plain sc_module with a target socket. The bus hands it offsets from its base.
class Scratchpad : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<Scratchpad> socket;

  Scratchpad(sc_core::sc_module_name name, const accsim::Clock& clock, uint64_t size,
             const Params& params)
      : sc_module(name),
        socket("socket"),
        m_latency(clock.time(params.latency_cycles)),
        m_bytes(size, params.fill) {
    socket.register_b_transport(this, &Scratchpad::b_transport);
  }

  uint64_t reads() const { return m_reads; }
  uint64_t writes() const { return m_writes; }
  uint64_t bytes_read() const { return m_bytes_read; }
  uint64_t bytes_written() const { return m_bytes_written; }
  uint64_t size() const { return m_bytes.size(); }

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    const uint64_t offset = trans.get_address();
    const uint64_t length = trans.get_data_length();
    // An error response ends the run with one line naming this device and the access.
    if (offset > m_bytes.size() || length > m_bytes.size() - offset) {
      trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    if (trans.get_byte_enable_ptr() != nullptr) {
      trans.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
      return;
    }
    if (trans.is_write()) {
      std::memcpy(&m_bytes[offset], trans.get_data_ptr(), length);
      ++m_writes;
      m_bytes_written += length;
    } else if (trans.is_read()) {
      std::memcpy(trans.get_data_ptr(), &m_bytes[offset], length);
      ++m_reads;
      m_bytes_read += length;
    }
    delay += m_latency;  // loosely timed: the initiator waits it out
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
  }

  sc_core::sc_time m_latency;
  std::vector<uint8_t> m_bytes;
  uint64_t m_reads = 0;
  uint64_t m_writes = 0;
  uint64_t m_bytes_read = 0;
  uint64_t m_bytes_written = 0;
};

// The model as an accsim component: built from the device's entry, bound to the bus, asked for
// its statistics and timeline activity.
class ScratchpadComponent : public accsim::soc::Component {
 public:
  ScratchpadComponent(const accsim::plugin::Device& device, accsim::soc::SocBuilder& soc)
      : m_module(device.name.c_str(), soc.clock(), device.size, parse_params(device.params)) {
    soc.connect_target(m_module.socket, "regs", device.base, device.size);
  }

  // Names are relative: these become <device name>.reads and <device name>.writes.
  void report(accsim::Stats& stats) const override {
    stats.set("reads", m_module.reads(), "Reads the scratchpad served");
    stats.set("writes", m_module.writes(), "Writes the scratchpad served");
  }

  void attach_timeline(accsim::TimelineSink& sink) override {
    sink.add_counter({"accesses", [this] { return double(m_module.reads() + m_module.writes()); }});
  }

  // For the energy model: an SRAM of its size (table class "sram", priced per byte and scaled by
  // size in the 45 nm table); the component's name becomes the device's.
  void add_action_counters(std::vector<accsim::ActionCounter>& counters) const override {
    const uint64_t size = m_module.size();
    counters.push_back({"", "sram", "read_byte", "", "Bytes read", size,
                        [this] { return m_module.bytes_read(); }});
    counters.push_back({"", "sram", "write_byte", "", "Bytes written", size,
                        [this] { return m_module.bytes_written(); }});
  }

 private:
  Scratchpad m_module;
};

void check(const nlohmann::json& params) { parse_params(params); }

std::unique_ptr<accsim::soc::Component> build(const accsim::plugin::Device& device,
                                              accsim::soc::SocBuilder& soc) {
  return std::make_unique<ScratchpadComponent>(device, soc);
}

}  // namespace

extern "C" ACCSIM_PLUGIN_EXPORT const accsim::plugin::Library* accsim_plugin() {
  static const accsim::plugin::ComponentSpec components[] = {
      {"scratchpad", "RAM behind an MMIO window, with a latency per access", check, build}};
  static const accsim::plugin::Library library = accsim::plugin::library(components);
  return &library;
}
