// The co-simulation transactor: runs any Verilated CFU with CFU-Playground's top-level signals
// (clk, reset, cmd_valid/ready, cmd_payload_function_id/inputs_0/inputs_1, rsp_valid/ready,
// rsp_payload_outputs_0) as a CfuModel, so the CPU reaches RTL and C++ models alike.
//
// Time: the RTL clock runs continuously with the CPU's cycles. Like the C++ model, the RTL
// catches up lazily: before a command issued at CPU cycle t the transactor advances it through
// every cycle up to t (so background work between commands happens on the same cycles as in
// hardware, unlike Renode, which clocks a Verilated CFU only during CFU instructions). Cycles
// after the design has settled are skipped rather than evaluated: once a cycle with idle inputs
// leaves its whole state unchanged (settle_probe.h), every further idle cycle would too, so the
// transactor jumps to t. The same holds while it waits for an answer that can then never come:
// it jumps to the timeout. Cycle counts, values and statistics are those of clocking every
// cycle; only the host's work differs. With a waveform, or options.lazy_clocking off, every
// cycle is evaluated. Then:
//   - cycle c is the clock period ending with posedge c + 1; m_cycle is the current one, whose
//     posedge has not happened yet, so inputs for it can still be set;
//   - the command is held on cmd_* from cycle t; the accept cycle is the first with cmd_ready;
//   - the response cycle is the first cycle (the accept cycle itself or later) with rsp_valid;
//     rsp_ready is always 1 (VexRiscv takes the response at once). The transactor stops in the
//     response cycle, before its posedge: the CPU may present its next command in that cycle.
// Include the Verilated model's header and its __Syms.h, then this one, before <systemc>.
#pragma once

#include <verilated.h>
#include <verilated_fst_c.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>

#include "accsim/hw/cfu_isa.h"
#include "cfu_model.h"
#include "fst_fixed_date.h"
#include "instruction_stats.h"
#include "settle_probe.h"
#include "verilated_cfu_options.h"

namespace accsim::cfu {

template <class Top>
class VerilatedCfu : public CfuModel {
 public:
  explicit VerilatedCfu(VerilatedCfuOptions options)
      : m_options(std::move(options)), m_context(std::make_unique<VerilatedContext>()) {
    if (!m_options.fst_path.empty()) m_context->traceEverOn(true);
    // Verilator seeds $random from the operating system unless given a seed: a design that
    // draws would differ from run to run.
    m_context->randSeed(1);
    m_top = std::make_unique<Top>(m_context.get(), m_options.name.c_str());
    // Reset before cycle 0; these cycles are not the CPU's and are not traced.
    m_top->clk = 0;
    m_top->reset = 1;
    m_top->cmd_valid = 0;
    m_top->rsp_ready = 1;
    m_top->eval();
    for (unsigned i = 0; i < m_options.reset_cycles; ++i) edge();
    m_top->reset = 0;
    m_top->eval();
    m_cycle = 0;
    if (!m_options.fst_path.empty()) {
      m_trace = std::make_unique<VerilatedFstC>();
      m_top->trace(m_trace.get(), 99);
      m_trace->open(m_options.fst_path.c_str());
      dump(0);
    }
    m_lazy = m_options.lazy_clocking && !m_trace;
  }
  ~VerilatedCfu() override {
    if (m_trace) {
      m_trace->close();
      rtl::fix_fst_date(m_options.fst_path);  // identical runs, identical cfu.fst
    }
    m_top->final();
  }

  Result execute(uint16_t function_id, uint32_t in0, uint32_t in1, uint64_t issue) override {
    advance_idle(issue);
    Result r;
    uint64_t waited = 0;
    present(function_id, in0, in1);
    while (!m_top->cmd_ready) {
      if (++waited > m_options.max_wait_cycles) return hung("accept", function_id, issue);
      tick();
      present(function_id, in0, in1);
    }
    r.accept_cycle = m_cycle;
    // rsp_valid during the previous command's response cycle is still that command's answer.
    if (!m_top->rsp_valid || m_cycle == m_last_response) {
      tick();  // registers the command; cmd_valid drops
      // The CPU gives up in the cycle its wait exceeds max_wait_cycles.
      const uint64_t give_up = m_cycle + (m_options.max_wait_cycles - waited);
      const auto waiting = [&] { return !m_top->rsp_valid && m_cycle < give_up; };
      while (!m_top->rsp_valid) {
        if (m_cycle >= give_up) return hung("answer", function_id, issue);
        if (!m_lazy || m_cycle < m_next_probe) {
          tick();
        } else if (probe(waiting)) {
          skip_to(give_up);  // settled without answering: it never will
        }
      }
    }
    r.response_cycle = m_last_response = m_cycle;
    r.value = m_top->rsp_payload_outputs_0;
    m_instructions.record(CFU_FUNCT7(function_id), CFU_FUNCT3(function_id), issue,
                          r.response_cycle);
    return r;
  }

  void report(Stats& stats, uint64_t end_cycle) const override {
    (void)end_cycle;
    m_instructions.report(stats, m_options.instruction_name);
    stats.set_text("cfu.impl", "rtl", "CFU implementation (model or Verilated RTL)");
    stats.set("cfu.rtl.cycles_clocked", m_cycle, "Clock cycles the Verilated CFU was run");
  }

  uint64_t cycles_clocked() const { return m_cycle; }
  uint64_t rtl_cycles_evaluated() const override { return m_cycle - m_cycles_skipped; }

 private:
  void present(uint16_t function_id, uint32_t in0, uint32_t in1) {
    m_top->cmd_valid = 1;
    m_top->cmd_payload_function_id = function_id;
    m_top->cmd_payload_inputs_0 = in0;
    m_top->cmd_payload_inputs_1 = in1;
    m_top->eval();
  }
  // A busy design fails probes, so the next one waits twice as long, up to kMaxProbeInterval
  // cycles (a failed probe costs a little more than one cycle's evaluation).
  static constexpr uint64_t kMaxProbeInterval = 256;

  // Cycles up to `target` with idle inputs (cmd_valid low): evaluated until the design settles,
  // then skipped.
  void advance_idle(uint64_t target) {
    const auto before_target = [&] { return m_cycle < target; };
    while (m_cycle < target) {
      if (!m_lazy || m_cycle < m_next_probe) {
        tick();
      } else if (probe(before_target)) {
        skip_to(target);
      }
    }
  }
  // Clocks a cycle, and a second while `go_on()`; true if the design has settled (it then stays
  // so until its inputs change, so the next probe may come at once).
  template <class GoOn>
  bool probe(GoOn&& go_on) {
    if (!m_probe) m_probe = std::make_unique<SettleProbe<Top>>(*m_top);
    if (m_probe->settles([this] { tick(); }, go_on)) {
      m_probe_interval = 1;
      return true;
    }
    m_next_probe = m_cycle + m_probe_interval;
    m_probe_interval = std::min(2 * m_probe_interval, kMaxProbeInterval);
    return false;
  }
  void skip_to(uint64_t cycle) {
    if (cycle <= m_cycle) return;
    m_cycles_skipped += cycle - m_cycle;
    m_cycle = cycle;
  }

  // The posedge ending the current cycle, then the falling edge where the transactor's inputs
  // return to idle for the next cycle.
  void tick() {
    edge();
    ++m_cycle;
  }
  void edge() {
    m_top->clk = 1;
    m_top->eval();
    dump(2 * m_cycle + 1);
    m_top->clk = 0;
    m_top->cmd_valid = 0;
    m_top->eval();
    dump(2 * m_cycle + 2);
  }
  void dump(uint64_t half_cycles) {
    if (!m_trace) return;
    const uint64_t cycle = half_cycles / 2;
    if (cycle < m_options.trace_first_cycle || cycle >= m_options.trace_end_cycle) return;
    m_trace->dump(half_cycles * (m_options.clock_period_ps / 2));
  }
  // The CPU waited until the CFU was given up on: that is the cycle the run reached, and the
  // instruction's wait counts like any other (so the summary's cycles and waits match the
  // cycles clocked).
  Result hung(const char* what, uint16_t function_id, uint64_t issue) {
    Result r;
    r.status = Result::Status::kError;
    r.response_cycle = m_cycle;
    m_instructions.record(CFU_FUNCT7(function_id), CFU_FUNCT3(function_id), issue, m_cycle);
    r.error = "the RTL CFU did not " + std::string(what) + " function_id " +
              std::to_string(function_id) + " (funct7 " + std::to_string(CFU_FUNCT7(function_id)) +
              ", issued at cycle " + std::to_string(issue) + ") within " +
              std::to_string(m_options.max_wait_cycles) + " cycles";
    return r;
  }

  VerilatedCfuOptions m_options;
  std::unique_ptr<VerilatedContext> m_context;
  std::unique_ptr<Top> m_top;
  std::unique_ptr<VerilatedFstC> m_trace;
  uint64_t m_cycle = 0;
  uint64_t m_last_response = UINT64_MAX;
  bool m_lazy = false;
  std::unique_ptr<SettleProbe<Top>> m_probe;
  uint64_t m_next_probe = 0;
  uint64_t m_probe_interval = 1;
  uint64_t m_cycles_skipped = 0;
  CfuInstructionStats m_instructions;
};

}  // namespace accsim::cfu
