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

  // Commands skip the socket and go straight to `target`, as DMI lets loads skip transactions:
  // for a CfuModule at the socket's end, whose b_transport only hands the command to its model
  // (the delay it annotates is for sc_time initiators; this port reasons in cycles). Building a
  // payload and crossing the socket per custom-0 instruction showed in profiles. nullptr: back
  // to the socket.
  void set_direct_target(cpu::CfuIf* target) { m_direct = target; }

 private:
  cpu::CfuIf* m_direct = nullptr;
  tlm::tlm_generic_payload m_payload;
  CfuTransaction m_command;
};

}  // namespace accsim::cfu
