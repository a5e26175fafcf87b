// The matvec engine as an accsim plug-in: MatvecEngine (matvec_engine.h, plain C++) behind a
// TLM-2.0 target socket for its registers and an initiator socket for its DMA. The same engine
// in Verilog is matvec.v; the firmware matvec_test runs on both with identical results and
// cycles (docs/plugins.md, "A DMA engine both ways").
//
// Timing follows the RTL behind accsim's Wishbone bridges: a register access takes two cycles
// from the cycle it arrives in, and the engine's DMA accesses are presented in the cycles the
// engine names, each as one 4-byte transaction annotated with its cycle. The engine catches up
// whenever its registers are accessed (as the RTL is clocked up to an access) and in its own
// thread as SystemC time passes (as the RTL is clocked up to the present).
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <algorithm>
#include <memory>

#include "accsim_plugin.h"
#include "matvec_engine.h"
#include "matvec_regs.h"

namespace {

using accsim::config::ValueError;

struct Params {
  uint32_t max_cols = 256;  // the longest vector the engine's buffer holds (matvec.v MAX_COLS)
};

Params parse_params(const nlohmann::json& params) {
  Params p;
  for (const auto& [key, value] : params.items()) {
    if (key != "max_cols") {
      const std::string hint = accsim::config::did_you_mean(key, {"max_cols"});
      throw ValueError(key, "unknown key \"" + key + "\"" +
                                (hint.empty() ? " (valid keys: max_cols)"
                                              : " (did you mean \"" + hint + "\"?)"));
    }
    if (!value.is_number_unsigned() || value.get<uint64_t>() < 4 || value.get<uint64_t>() > 4096 ||
        value.get<uint64_t>() % 4 != 0) {
      throw ValueError(key, "expected a multiple of 4 from 4 to 4096, got " + value.dump());
    }
    p.max_cols = value.get<uint32_t>();
  }
  return p;
}

class MatvecModule : public sc_core::sc_module, private matvec::DmaPort {
 public:
  tlm_utils::simple_target_socket<MatvecModule> regs;
  tlm_utils::simple_initiator_socket<MatvecModule> dma;

  MatvecModule(sc_core::sc_module_name name, const accsim::Clock& clock, const Params& params)
      : sc_module(name),
        regs("regs"),
        dma("dma"),
        m_clock(clock),
        m_engine(params.max_cols, *this) {
    regs.register_b_transport(this, &MatvecModule::b_transport);
    SC_HAS_PROCESS(MatvecModule);
    SC_THREAD(catch_up_thread);
  }

  const matvec::MatvecEngine::Counters& counters() const { return m_engine.counters(); }

 private:
  // The bus hands over offsets from the base; each word the transaction touches is one register
  // access, back to back, as the Wishbone bridge presents them.
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    const uint64_t offset = trans.get_address();
    const unsigned length = trans.get_data_length();
    if (trans.get_command() == tlm::TLM_IGNORE_COMMAND) {
      trans.set_response_status(tlm::TLM_OK_RESPONSE);
      return;
    }
    if (trans.get_streaming_width() < length) {  // as the Wishbone bridge answers a burst
      trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
      return;
    }
    const bool write = trans.is_write();
    uint8_t* data = trans.get_data_ptr();
    const uint8_t* enables = trans.get_byte_enable_ptr();
    const unsigned enables_length = trans.get_byte_enable_length();
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    uint64_t cycle = m_clock.cycles(now + delay);
    tlm::tlm_response_status response = tlm::TLM_OK_RESPONSE;
    for (uint64_t word = offset & ~uint64_t{3}; word < offset + length; word += 4) {
      uint8_t sel = 0;
      uint32_t value = 0;
      for (unsigned lane = 0; lane < 4; ++lane) {
        const uint64_t byte = word + lane;
        if (byte < offset || byte >= offset + length) continue;
        const uint64_t i = byte - offset;
        if (enables != nullptr && enables[i % enables_length] != TLM_BYTE_ENABLED) continue;
        sel |= static_cast<uint8_t>(1u << lane);
        if (write) value |= uint32_t{data[i]} << (8 * lane);
      }
      if (sel == 0) continue;
      const matvec::RegisterResult r =
          m_engine.access(static_cast<uint32_t>(word), write, value, sel, cycle);
      cycle = r.last_cycle + 1;
      if (!r.ok) {
        response = tlm::TLM_ADDRESS_ERROR_RESPONSE;  // ends the run naming the device
        break;
      }
      if (!write) {
        for (unsigned lane = 0; lane < 4; ++lane) {
          if (sel & (1u << lane))
            data[word + lane - offset] = static_cast<uint8_t>(r.data >> (8 * lane));
        }
      }
    }
    const sc_core::sc_time end = m_clock.time(cycle);
    if (end > now) delay = end - now;
    trans.set_response_status(response);
    m_accessed.notify(sc_core::SC_ZERO_TIME);
  }

  // Performs each DMA access when SystemC time reaches its cycle (not later: it is annotated
  // with its cycle, which must not have passed), so a job goes on while the CPU does not look
  // at the registers.
  void catch_up_thread() {
    while (true) {
      if (!m_engine.has_dma()) {
        sc_core::wait(m_accessed);
        continue;
      }
      const sc_core::sc_time wait =
          m_clock.delay_until(m_engine.next_dma_cycle(), sc_core::sc_time_stamp());
      if (wait != sc_core::SC_ZERO_TIME) {
        sc_core::wait(wait, m_accessed);
        continue;
      }
      m_engine.advance(m_clock.now_cycles() + 1);
    }
  }

  // One DMA access on the socket, presented in `cycle` (annotated as delay from SystemC time)
  // and answered in the cycle before the one the bus's delay ends in. The engine's writes select
  // lanes 0 to n-1 of the word, so every access is one contiguous transaction.
  matvec::DmaResult transact(bool write, uint32_t address, uint32_t word, unsigned length,
                             uint64_t cycle) {
    uint8_t bytes[4];
    for (unsigned lane = 0; lane < 4; ++lane)
      bytes[lane] = static_cast<uint8_t>(word >> (8 * lane));
    tlm::tlm_generic_payload trans;
    trans.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    trans.set_address(address);
    trans.set_data_ptr(bytes);
    trans.set_data_length(length);
    trans.set_streaming_width(length);
    trans.set_dmi_allowed(false);
    trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    sc_core::sc_time delay = m_clock.delay_until(cycle, now);
    dma->b_transport(trans, delay);
    const uint64_t end = m_clock.cycles(now + delay);
    matvec::DmaResult result;
    result.ok = trans.is_response_ok();
    result.last_cycle = std::max(cycle, end == 0 ? 0 : end - 1);
    if (!write) {
      for (unsigned lane = 0; lane < 4; ++lane) result.data |= uint32_t{bytes[lane]} << (8 * lane);
    }
    return result;
  }
  matvec::DmaResult read(uint32_t address, uint64_t cycle) override {
    return transact(false, address, 0, 4, cycle);
  }
  matvec::DmaResult write(uint32_t address, uint32_t data, uint8_t sel, uint64_t cycle) override {
    return transact(true, address, data, static_cast<unsigned>(__builtin_popcount(sel)), cycle);
  }

  const accsim::Clock& m_clock;
  matvec::MatvecEngine m_engine;
  sc_core::sc_event m_accessed;
};

// The engine as an accsim component: its registers at the device's base, its DMA on the bus,
// its figures as statistics and on the timeline.
class MatvecComponent : public accsim::soc::Component {
 public:
  MatvecComponent(const accsim::plugin::Device& device, accsim::soc::SocBuilder& soc)
      : m_module(device.name.c_str(), soc.clock(), parse_params(device.params)) {
    soc.connect_target(m_module.regs, "regs", device.base, device.size);
    soc.connect_initiator(m_module.dma, "dma");
  }

  void report(accsim::Stats& stats) const override {
    const auto& c = m_module.counters();
    stats.set("jobs", c.jobs, "Jobs finished (CTRL reads DONE)");
    stats.set("job_errors", c.errors, "Jobs that ended with ERROR (bad setting or bus error)");
    stats.set("busy_cycles", c.busy_cycles, "Cycles jobs ran, start to last DMA answer");
    stats.set("macs", c.macs, "Multiply-accumulates done");
    stats.set("dma_reads", c.dma_reads, "Words read over the DMA port");
    stats.set("dma_writes", c.dma_writes, "Output words written over the DMA port");
    stats.set("dma_bytes", c.dma_bytes, "Bytes moved over the DMA port");
  }

  void attach_timeline(accsim::TimelineSink& sink) override {
    sink.add_counter({"MACs", [this] { return double(m_module.counters().macs); }});
  }

 private:
  MatvecModule m_module;
};

void check(const nlohmann::json& params) { parse_params(params); }

std::unique_ptr<accsim::soc::Component> build(const accsim::plugin::Device& device,
                                              accsim::soc::SocBuilder& soc) {
  return std::make_unique<MatvecComponent>(device, soc);
}

}  // namespace

extern "C" ACCSIM_PLUGIN_EXPORT const accsim::plugin::Library* accsim_plugin() {
  static const accsim::plugin::ComponentSpec components[] = {
      {"matvec", "int8 matrix-vector engine with TFLite requantisation, fed by its own DMA", check,
       build}};
  static const accsim::plugin::Library library = accsim::plugin::library(components);
  return &library;
}
