// A CFU that only has timing: it answers `latency` cycles after accepting a command and
// returns in0 + in1 + function_id. Pipelined, it accepts a command every cycle; otherwise it
// is busy (cmd_ready low) until it has answered. The two CFUs of VexRiscv's measured CFU rows
// (docs/reference/vexriscv-measured.md), used by the calibration test; docs/cfu.md, "latency CFU".
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "cfu_model.h"

namespace accsim::cfu {

// The "cfu" keys of kind latency; the initialisers are their defaults (given to the schema by
// latency_cfu_config_to_json).
struct LatencyCfuConfig {
  uint64_t latency_cycles = 1;
  bool pipelined = false;
};

LatencyCfuConfig latency_cfu_config_from_json(const nlohmann::json& cfu);
nlohmann::json latency_cfu_config_to_json(const LatencyCfuConfig& config);

class LatencyCfu : public CfuModel {
 public:
  explicit LatencyCfu(const LatencyCfuConfig& config) : m_config(config) {}

  Result execute(uint16_t function_id, uint32_t in0, uint32_t in1, uint64_t issue) override;
  void report(Stats& stats, uint64_t end_cycle) const override;

 private:
  LatencyCfuConfig m_config;
  uint64_t m_cmd_ready = 0;  // first cycle cmd_ready is high again
  uint64_t m_ops = 0;
  uint64_t m_busy = 0;  // cycles between accept and response, summed
};

}  // namespace accsim::cfu
