// Any Verilated VexRiscv as a VexRiscvModel. `Ports` maps the top's ports to the pins:
//   struct Ports {
//     static void drive(Top&, bool clk, bool reset, uint32_t reset_vector, const VexRiscvPins&);
//     static void sample(const Top&, VexRiscvPins&);
//     static bool has_instret();
//     static uint64_t instret(const Top&);
//     static bool has_retire();
//     static bool retiring(const Top&, uint32_t& pc, uint32_t& instruction);
//   };
// accsim writes Ports from the top's real ports (vexriscv_wrapper.cpp). Include the Verilated
// model's header (and its root's, for minstret) before this one.
#pragma once

#include <verilated.h>
#include <verilated_fst_c.h>

#include <memory>
#include <string>

#include "fst_fixed_date.h"
#include "vexriscv_model.h"

namespace accsim::cpu::rtl {

template <class Top, class Ports>
class VerilatedVexRiscv : public VexRiscvModel {
 public:
  // `trace`: the waveform may be opened (Verilator must know before the model is built).
  VerilatedVexRiscv(const std::string& name, bool trace)
      : m_context(std::make_unique<VerilatedContext>()) {
    if (trace) m_context->traceEverOn(true);
    m_top = std::make_unique<Top>(m_context.get(), name.c_str());
  }
  ~VerilatedVexRiscv() override {
    close_trace();
    // Verilator erases a model's scopes from the thread's current context, not the model's:
    // another design (a Verilated CFU) may have left its own there, already destroyed, and the
    // erase would lock a dead mutex. Make ours current while the model goes.
    Verilated::threadContextp(m_context.get());
    m_top->final();
    m_top.reset();
  }

  void eval(bool clk, bool reset, uint32_t reset_vector, VexRiscvPins& pins) override {
    Ports::drive(*m_top, clk, reset, reset_vector, pins);
    m_top->eval();
    Ports::sample(*m_top, pins);
  }
  bool has_instret() const override { return Ports::has_instret(); }
  uint64_t instret() const override { return Ports::instret(*m_top); }
  bool has_retire() const override { return Ports::has_retire(); }
  bool retiring(uint32_t& pc, uint32_t& instruction) const override {
    return Ports::retiring(*m_top, pc, instruction);
  }

  void open_trace(const std::string& path) override { m_waveform.open(*m_top, path); }
  void dump(uint64_t time_ps) override { m_waveform.dump(time_ps); }
  void close_trace() override { m_waveform.close(); }

 private:
  std::unique_ptr<VerilatedContext> m_context;
  std::unique_ptr<Top> m_top;
  accsim::rtl::FstWaveform m_waveform;  // declared last: destroyed before the model it traces
};

}  // namespace accsim::cpu::rtl
