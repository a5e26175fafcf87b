// A minimal CFU-Playground pin-level driver for a Verilated CFU, used to cross-check the
// project's transactor (models/cfu/rtl/verilated_cfu.h) and to bring the RTL up. Same timing
// convention: cycle c is the clock period ending with posedge c + 1; a command is held on
// cmd_* from its issue cycle until cmd_ready (its accept cycle); its response cycle is the
// first cycle after the accept with rsp_valid (rsp_ready is always 1). One difference from a
// naive loop: a command accepted in the previous command's response cycle (cmd_ready is high
// while that response is on rsp_*) must not take that rsp_valid as its own. It also checks the
// protocol: rsp_valid is high in no cycle but the commands' response cycles (so exactly one
// cycle per command, as rsp_ready is always 1).
// Include the Verilated model's header before this one (and before <systemc>).
#pragma once

#include <verilated.h>

#include <cstdint>
#include <memory>
#include <string>

#include "cfu_model.h"

namespace accsim_rtl_test {

template <class Top>
class PinDriver : public accsim::cpu::CfuIf {
 public:
  explicit PinDriver(uint64_t max_wait_cycles = 10'000'000)
      : m_max_wait(max_wait_cycles), m_context(std::make_unique<VerilatedContext>()) {
    m_top = std::make_unique<Top>(m_context.get(), "cfu");
    m_top->clk = 0;
    m_top->reset = 1;
    m_top->cmd_valid = 0;
    m_top->rsp_ready = 1;
    m_top->eval();
    for (int i = 0; i < 4; ++i) edge();
    m_top->reset = 0;
    m_top->eval();
  }
  ~PinDriver() override { m_top->final(); }

  Result execute(uint16_t function_id, uint32_t in0, uint32_t in1, uint64_t issue) override {
    Result r;
    while (m_cycle < issue) tick();
    uint64_t waited = 0;
    present(function_id, in0, in1);
    while (!m_top->cmd_ready) {
      if (++waited > m_max_wait) return hung("accepted", function_id, issue);
      tick();
      present(function_id, in0, in1);
    }
    r.accept_cycle = m_cycle;
    // A response in the accept cycle is the previous command's if it answered in this cycle.
    if (!m_top->rsp_valid || m_cycle == m_last_response) {
      do {
        if (++waited > m_max_wait) return hung("answered", function_id, issue);
        tick();
      } while (!m_top->rsp_valid);
    }
    r.response_cycle = m_last_response = m_cycle;
    r.value = m_top->rsp_payload_outputs_0;
    // Every earlier cycle with rsp_valid must have been an earlier command's response cycle.
    if (m_rsp_cycles != m_responses) {
      r.status = Result::Status::kError;
      r.error = "rsp_valid was high in " + std::to_string(m_rsp_cycles - m_responses) +
                " cycle(s) before cycle " + std::to_string(m_cycle) + " that answered no command";
      return r;
    }
    ++m_responses;
    return r;
  }

  uint64_t cycles() const { return m_cycle; }

 private:
  void present(uint16_t function_id, uint32_t in0, uint32_t in1) {
    m_top->cmd_valid = 1;
    m_top->cmd_payload_function_id = function_id;
    m_top->cmd_payload_inputs_0 = in0;
    m_top->cmd_payload_inputs_1 = in1;
    m_top->eval();
  }
  void tick() {
    if (m_top->rsp_valid) ++m_rsp_cycles;
    edge();
    ++m_cycle;
  }
  void edge() {
    m_top->clk = 1;
    m_top->eval();
    m_top->clk = 0;
    m_top->cmd_valid = 0;
    m_top->eval();
  }
  Result hung(const char* what, uint16_t function_id, uint64_t issue) const {
    Result r;
    r.status = Result::Status::kError;
    r.error = "function_id " + std::to_string(function_id) + " issued at cycle " +
              std::to_string(issue) + " was not " + what;
    return r;
  }

  uint64_t m_max_wait;
  std::unique_ptr<VerilatedContext> m_context;
  std::unique_ptr<Top> m_top;
  uint64_t m_cycle = 0;
  uint64_t m_last_response = UINT64_MAX;
  uint64_t m_rsp_cycles = 0;  // cycles before the current one with rsp_valid
  uint64_t m_responses = 0;   // commands answered before the current one
};

}  // namespace accsim_rtl_test
