// The C++ model of rtl/cfu/simd_mac/cfu.v, the 4-lane SIMD int8 multiply-accumulate CFU of the
// firmware SDK's walk-through (docs/firmware.md, "Your own kernels in a TFLite model"):
//   funct3 0: acc = in0, answers in0;  funct3 1: acc += sum of the four int8 products of in0 and
//   in1, answers the new acc;  else: answers acc.  funct7 selects nothing.
// Timing as the Verilog's: cmd_ready always high (a command every cycle), the response
// registered (the cycle after the command is accepted). `"kind": "simd_mac"` runs this model;
// with `"impl": "rtl"` the Verilog named in cfu.rtl runs instead, with identical outputs and
// cycles (tests/sdk's walk-through compares the two).
#pragma once

#include <cstdint>

#include "cfu_model.h"

namespace accsim::cfu {

class SimdMacCfu : public CfuModel {
 public:
  Result execute(uint16_t function_id, uint32_t in0, uint32_t in1, uint64_t issue) override;
  void report(Stats& stats, uint64_t end_cycle) const override;

  // The sum of the four signed byte products of two words (the Verilog's `dot`).
  static int32_t dot4(uint32_t a, uint32_t b);

 private:
  uint32_t m_acc = 0;
  uint64_t m_ops = 0, m_macs = 0;
};

}  // namespace accsim::cfu
