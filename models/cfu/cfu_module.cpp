#include "cfu_module.h"

#include "cfu_transaction.h"

namespace accsim::cfu {

CfuModule::CfuModule(sc_core::sc_module_name name, const Clock& clock,
                     std::unique_ptr<CfuModel> model)
    : sc_module(name), cpu_side("cpu_side"), m_clock(clock), m_model(std::move(model)) {
  cpu_side.register_b_transport(this, &CfuModule::b_transport);
}

void CfuModule::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  CfuTransaction* command = trans.get_extension<CfuTransaction>();
  if (command == nullptr) {
    trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
    return;
  }
  command->result = m_model->execute(command->function_id, command->inputs[0], command->inputs[1],
                                     command->issue_cycle);
  // Annotate the time the CPU waits, for initiators that reason in sc_time.
  if (command->result.response_cycle > command->issue_cycle) {
    delay += m_clock.time(command->result.response_cycle - command->issue_cycle);
  }
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

}  // namespace accsim::cfu
