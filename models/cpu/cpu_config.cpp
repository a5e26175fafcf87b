#include "cpu_config.h"

namespace accsim::cpu {

CoreConfig core_config_from_json(const nlohmann::json& cpu) {
  CoreConfig c;
  c.trap_misaligned = cpu.at("misaligned_access").get<std::string>() == "trap";
  const auto& t = cpu.at("timing");
  const std::string prediction = t.at("branch_prediction").get<std::string>();
  c.timing.prediction = prediction == "none"      ? BranchPrediction::kNone
                        : prediction == "dynamic" ? BranchPrediction::kDynamic
                                                  : BranchPrediction::kStatic;
  c.timing.taken_penalty = t.at("branch_taken_penalty_cycles").get<uint32_t>();
  c.timing.mispredict_penalty = t.at("branch_mispredict_penalty_cycles").get<uint32_t>();
  c.timing.jalr_penalty = t.at("jalr_penalty_cycles").get<uint32_t>();
  c.timing.bht_entries = t.at("bht_entries").get<uint32_t>();
  c.timing.load_use_stall = t.at("load_use_stall_cycles").get<uint32_t>();
  c.timing.mul_use_stall = t.at("mul_use_stall_cycles").get<uint32_t>();
  c.timing.divide_cycles = t.at("divide_cycles").get<uint32_t>();
  c.timing.csr_cycles = t.at("csr_cycles").get<uint32_t>();
  c.timing.trap_cycles = t.at("trap_cycles").get<uint32_t>();
  c.timing.cfu_issue_cycles = t.at("cfu_issue_cycles").get<uint32_t>();
  c.timing.cfu_csr_drain = t.at("cfu_csr_drain_cycles").get<uint32_t>();
  return c;
}

}  // namespace accsim::cpu
