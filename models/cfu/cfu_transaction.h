// The CPU-to-CFU protocol over TLM-2.0: a generic payload (TLM_IGNORE_COMMAND, address =
// function_id, data = the two operands) carrying this extension, which holds the command's
// issue cycle and receives the CFU's response with its accept and response cycles. Cycles, not
// sc_time, because the CPU runs ahead of SystemC time and the CFU catches up to its cycle.
#pragma once

#include <tlm>

#include "cpu_interfaces.h"

namespace accsim::cfu {

struct CfuTransaction : tlm::tlm_extension<CfuTransaction> {
  uint16_t function_id = 0;
  uint32_t inputs[2] = {0, 0};
  uint64_t issue_cycle = 0;
  cpu::CfuIf::Result result;

  tlm::tlm_extension_base* clone() const override { return new CfuTransaction(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const CfuTransaction&>(other);
  }
};

}  // namespace accsim::cfu
