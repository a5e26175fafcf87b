#include "simd_mac_cfu.h"

#include "stats.h"

namespace accsim::cfu {

int32_t SimdMacCfu::dot4(uint32_t a, uint32_t b) {
  int32_t sum = 0;
  for (int lane = 0; lane < 4; ++lane) {
    sum += int32_t(int8_t(a >> (8 * lane))) * int32_t(int8_t(b >> (8 * lane)));
  }
  return sum;
}

cpu::CfuIf::Result SimdMacCfu::execute(uint16_t function_id, uint32_t in0, uint32_t in1,
                                       uint64_t issue) {
  Result r;
  r.accept_cycle = issue;  // cmd_ready is always high
  r.response_cycle = issue + 1;
  switch (function_id & 7) {
    case 0:
      m_acc = in0;
      r.value = in0;
      break;
    case 1:
      m_acc += static_cast<uint32_t>(dot4(in0, in1));  // wraps as the 32-bit register
      r.value = m_acc;
      m_macs += 4;
      break;
    default:
      r.value = m_acc;
  }
  ++m_ops;
  return r;
}

void SimdMacCfu::report(Stats& stats, uint64_t) const {
  stats.set_text("cfu.kind", "simd_mac", "CFU design");
  stats.set_text("cfu.impl", "model", "CFU implementation (model or Verilated RTL)");
  stats.set("cfu.ops", m_ops, "Commands accepted");
  stats.set("cfu.macs", m_macs, "int8 multiply-accumulates (4 per MAC command)");
}

}  // namespace accsim::cfu
