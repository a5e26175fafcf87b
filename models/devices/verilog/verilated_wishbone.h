// Any Verilated top as a WishboneModel. `Ports` maps the top's ports to the Wishbone pins:
//   struct Ports {
//     static void drive(Top&, bool clk, bool reset, const WishbonePins& slave,
//                       const WishbonePins& master);   // the top's inputs
//     static void sample(const Top&, WishbonePins& slave, WishbonePins& master);  // its outputs
//   };
// accsim writes Ports for a user's device from its top's real ports (wishbone_wrapper.cpp); a
// test may write its own. Include the Verilated model's header and its __Syms.h (for the state
// comparison) before this one, and before <systemc>.
#pragma once

#include <verilated.h>
#include <verilated_fst_c.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "fst_fixed_date.h"
#include "wishbone_model.h"

namespace accsim::wishbone {

template <class Top, class Ports>
class VerilatedWishbone : public WishboneModel {
 public:
  // `trace`: the waveform may be opened (Verilator must know before the model is built).
  VerilatedWishbone(const std::string& name, bool trace)
      : m_context(std::make_unique<VerilatedContext>()) {
    if (trace) m_context->traceEverOn(true);
    m_top = std::make_unique<Top>(m_context.get(), name.c_str());
  }
  ~VerilatedWishbone() override {
    close_trace();
    m_top->final();
  }

  void eval(bool clk, bool reset, WishbonePins& slave, WishbonePins& master) override {
    Ports::drive(*m_top, clk, reset, slave, master);
    m_top->eval();
    Ports::sample(*m_top, slave, master);
  }

  void open_trace(const std::string& path) override { m_waveform.open(*m_top, path); }
  void dump(uint64_t time_ps) override { m_waveform.dump(time_ps); }
  void close_trace() override { m_waveform.close(); }

  // The design's state is every module instance in the model's symbol table (the root and the
  // instances Verilator did not inline, then their scopes, which do not change): from the root
  // to the end of the table.
  bool save_state(std::vector<uint8_t>& state) const override {
    const auto [begin, size] = state_bytes();
    state.assign(begin, begin + size);
    return true;
  }
  bool same_state(const std::vector<uint8_t>& state) const override {
    const auto [begin, size] = state_bytes();
    return state.size() == size && std::memcmp(state.data(), begin, size) == 0;
  }

 private:
  std::pair<const uint8_t*, size_t> state_bytes() const {
    const auto* syms = m_top->rootp->vlSymsp;
    const auto* begin = reinterpret_cast<const uint8_t*>(&syms->TOP);
    const auto* end = reinterpret_cast<const uint8_t*>(syms) + sizeof(*syms);
    return {begin, static_cast<size_t>(end - begin)};
  }

  std::unique_ptr<VerilatedContext> m_context;
  std::unique_ptr<Top> m_top;
  rtl::FstWaveform m_waveform;  // declared last: destroyed before the model it traces
};

}  // namespace accsim::wishbone
