// VexRiscv's CFU bus (CfuPlugin_bus_*) -> the CPU's CfuIf, cycle by cycle, in plain C++: the
// RTL CPU reaches the configured CFU (the C++ model or a Verilated CFU behind CfuPort) as the
// C++ CPU model does. A command presented in cycle t is executed at issue cycle t; cmd_ready is
// high in the accept cycle the CFU names, rsp_valid from its response cycle until the CPU takes
// the response (rsp_ready). Commands issued before earlier responses are taken queue their
// responses in order, as a pipelined CFU returns them.
#pragma once

#include <cstdint>
#include <deque>
#include <string>

#include "cpu_interfaces.h"
#include "vexriscv_model.h"

namespace accsim::cpu::rtl {

class CfuBusToCfuIf {
 public:
  explicit CfuBusToCfuIf(CfuIf& cfu) : m_cfu(&cfu) {}
  void set_cfu(CfuIf& cfu) { m_cfu = &cfu; }

  // Before the cycle's evaluation: cmd_ready, rsp_valid and the output for `cycle`.
  void drive(uint64_t cycle, CfuBusPins& pins) const;
  // After it: a new command is executed. True when cmd_ready or rsp_valid rose in this very
  // cycle (the pins were updated; evaluate again before the posedge).
  bool sample(uint64_t cycle, CfuBusPins& pins);
  // After the posedge of `cycle`: an accepted command and a taken response are done.
  void clocked(uint64_t cycle, const CfuBusPins& pins);

  uint64_t commands() const { return m_commands; }
  // Set when a command failed (no CFU, or the CFU's own error): the run stops with it.
  const std::string& failure() const { return m_failure; }

 private:
  struct Response {
    uint64_t cycle;
    uint32_t value;
  };
  CfuIf* m_cfu;
  bool m_command_pending = false;  // presented, cmd_ready due in m_accept_cycle
  uint64_t m_accept_cycle = 0;
  std::deque<Response> m_responses;
  uint64_t m_commands = 0;
  std::string m_failure;
};

}  // namespace accsim::cpu::rtl
