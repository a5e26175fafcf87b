#include "cfu_bus_to_cfu_if.h"

namespace accsim::cpu::rtl {

void CfuBusToCfuIf::drive(uint64_t cycle, CfuBusPins& pins) const {
  pins.cmd_ready = m_command_pending && m_accept_cycle == cycle;
  const bool answer = !m_responses.empty() && m_responses.front().cycle <= cycle;
  pins.rsp_valid = answer;
  pins.outputs_0 = answer ? m_responses.front().value : 0;
}

bool CfuBusToCfuIf::sample(uint64_t cycle, CfuBusPins& pins) {
  if (!pins.cmd_valid || m_command_pending || !m_failure.empty()) return false;
  const CfuIf::Result r = m_cfu->execute(pins.function_id, pins.inputs_0, pins.inputs_1, cycle);
  ++m_commands;
  if (r.status != CfuIf::Result::Status::kOk) {
    // The RTL's CfuPlugin sends every custom-0 to the bus: with nothing there it would wait
    // forever, so the run stops and says why.
    m_failure =
        r.status == CfuIf::Result::Status::kIllegalInstruction
            ? "custom-0 instruction (function_id " + std::to_string(pins.function_id) +
                  ") on the CPU's CFU bus: " + (r.error.empty() ? "the SoC has no CFU" : r.error)
            : r.error;
    return false;
  }
  m_command_pending = true;
  m_accept_cycle = r.accept_cycle < cycle ? cycle : r.accept_cycle;
  m_responses.push_back(
      {r.response_cycle < m_accept_cycle ? m_accept_cycle : r.response_cycle, r.value});
  const bool now = m_accept_cycle == cycle || m_responses.front().cycle <= cycle;
  if (now) drive(cycle, pins);
  return now;
}

void CfuBusToCfuIf::clocked(uint64_t cycle, const CfuBusPins& pins) {
  if (m_command_pending && m_accept_cycle == cycle) m_command_pending = false;
  if (pins.rsp_valid && pins.rsp_ready) m_responses.pop_front();
}

}  // namespace accsim::cpu::rtl
