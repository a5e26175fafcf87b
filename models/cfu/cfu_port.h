// The CPU's end of the CFU link: implements the core's CfuIf by sending each custom-0 command
// through its initiator socket as a CfuTransaction. The core never sees sockets (riscv-vp
// style); the CFU is a module in the platform like any other.
#pragma once

#include <tlm_utils/simple_initiator_socket.h>

#include <systemc>

#include "cfu_transaction.h"
#include "cpu_interfaces.h"

namespace accsim::cfu {

class CfuPort : public sc_core::sc_module, public cpu::CfuIf {
 public:
  tlm_utils::simple_initiator_socket<CfuPort> to_cfu;

  explicit CfuPort(sc_core::sc_module_name name);
  ~CfuPort() override;

  Result execute(uint16_t function_id, uint32_t in0, uint32_t in1, uint64_t issue_cycle) override;

 private:
  tlm::tlm_generic_payload m_payload;
  CfuTransaction m_command;
};

}  // namespace accsim::cfu
