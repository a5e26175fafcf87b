#include "latency_cfu.h"

#include <algorithm>

#include "stats.h"

namespace accsim::cfu {

LatencyCfuConfig latency_cfu_config_from_json(const nlohmann::json& cfu) {
  LatencyCfuConfig c;
  c.latency_cycles = cfu.at("latency_cycles").get<uint64_t>();
  c.pipelined = cfu.at("pipelined").get<bool>();
  return c;
}

nlohmann::json latency_cfu_config_to_json(const LatencyCfuConfig& c) {
  return {{"latency_cycles", c.latency_cycles}, {"pipelined", c.pipelined}};
}

cpu::CfuIf::Result LatencyCfu::execute(uint16_t function_id, uint32_t in0, uint32_t in1,
                                       uint64_t issue) {
  Result r;
  r.accept_cycle = std::max(issue, m_cmd_ready);
  r.response_cycle = r.accept_cycle + m_config.latency_cycles;
  m_cmd_ready = m_config.pipelined ? r.accept_cycle + 1 : r.response_cycle + 1;
  r.value = in0 + in1 + function_id;
  ++m_ops;
  m_busy += m_config.latency_cycles;
  return r;
}

void LatencyCfu::report(Stats& stats, uint64_t) const {
  stats.set_text("cfu.kind", "latency", "CFU design");
  stats.set_text("cfu.impl", "model", "CFU implementation (model or Verilated RTL)");
  stats.set("cfu.ops", m_ops, "Commands accepted");
  stats.set("cfu.latency_cycles_total", m_busy, "Accept-to-response cycles, summed over commands");
}

}  // namespace accsim::cfu
