#include "cfu_port.h"

namespace accsim::cfu {

CfuPort::CfuPort(sc_core::sc_module_name name) : sc_module(name), to_cfu("to_cfu") {
  m_payload.set_command(tlm::TLM_IGNORE_COMMAND);
  m_payload.set_data_ptr(reinterpret_cast<unsigned char*>(m_command.inputs));
  m_payload.set_data_length(sizeof m_command.inputs);
  m_payload.set_streaming_width(sizeof m_command.inputs);
  m_payload.set_extension(&m_command);
}

CfuPort::~CfuPort() {
  // The extension is a member, not heap memory the payload may delete.
  m_payload.clear_extension(&m_command);
}

cpu::CfuIf::Result CfuPort::execute(uint16_t function_id, uint32_t in0, uint32_t in1,
                                    uint64_t issue_cycle) {
  if (m_direct != nullptr) return m_direct->execute(function_id, in0, in1, issue_cycle);
  m_command.function_id = function_id;
  m_command.inputs[0] = in0;
  m_command.inputs[1] = in1;
  m_command.issue_cycle = issue_cycle;
  m_command.result = Result{};
  m_payload.set_address(function_id);
  m_payload.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  to_cfu->b_transport(m_payload, delay);
  if (m_payload.get_response_status() != tlm::TLM_OK_RESPONSE) {
    Result r;
    r.status = Result::Status::kError;
    r.error = "the CFU rejected the command (" + m_payload.get_response_string() + ")";
    return r;
  }
  return m_command.result;
}

}  // namespace accsim::cfu
