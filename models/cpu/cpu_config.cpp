#include "cpu_config.h"

#include <string>

namespace accsim::cpu {

namespace {

// The values of "cpu.timing.branch_prediction".
BranchPrediction prediction_from_name(const std::string& name) {
  if (name == "none") return BranchPrediction::kNone;
  if (name == "dynamic") return BranchPrediction::kDynamic;
  return BranchPrediction::kStatic;
}
const char* prediction_name(BranchPrediction prediction) {
  switch (prediction) {
    case BranchPrediction::kNone:
      return "none";
    case BranchPrediction::kDynamic:
      return "dynamic";
    case BranchPrediction::kStatic:
      break;
  }
  return "static";
}

}  // namespace

CpuImpl cpu_impl_from_json(const nlohmann::json& cpu) {
  CpuImpl impl;
  impl.rtl = cpu.at("impl").get<std::string>() == "rtl";
  return impl;
}

nlohmann::json cpu_impl_to_json(const CpuImpl& impl) {
  return {{"impl", impl.rtl ? "rtl" : "model"}};
}

CoreConfig core_config_from_json(const nlohmann::json& cpu) {
  CoreConfig c;
  c.trap_misaligned = cpu.at("misaligned_access").get<std::string>() == "trap";
  const auto& t = cpu.at("timing");
  c.timing.prediction = prediction_from_name(t.at("branch_prediction").get<std::string>());
  c.timing.taken_penalty = t.at("branch_taken_penalty_cycles").get<uint32_t>();
  c.timing.mispredict_penalty = t.at("branch_mispredict_penalty_cycles").get<uint32_t>();
  c.timing.jalr_penalty = t.at("jalr_penalty_cycles").get<uint32_t>();
  c.timing.bht_entries = t.at("bht_entries").get<uint32_t>();
  c.timing.load_use_stall = t.at("load_use_stall_cycles").get<uint32_t>();
  c.timing.mul_use_stall = t.at("mul_use_stall_cycles").get<uint32_t>();
  c.timing.shift_use_stall = t.at("shift_use_stall_cycles").get<uint32_t>();
  c.timing.divide_cycles = t.at("divide_cycles").get<uint32_t>();
  c.timing.csr_cycles = t.at("csr_cycles").get<uint32_t>();
  c.timing.trap_cycles = t.at("trap_cycles").get<uint32_t>();
  c.timing.cfu_issue_cycles = t.at("cfu_issue_cycles").get<uint32_t>();
  c.timing.cfu_csr_drain = t.at("cfu_csr_drain_cycles").get<uint32_t>();
  return c;
}

nlohmann::json core_config_to_json(const CoreConfig& c) {
  const CoreTimingParams& t = c.timing;
  return {
      {"misaligned_access", c.trap_misaligned ? "trap" : "allow"},
      {"timing",
       {
           {"branch_prediction", prediction_name(t.prediction)},
           {"branch_taken_penalty_cycles", t.taken_penalty},
           {"branch_mispredict_penalty_cycles", t.mispredict_penalty},
           {"jalr_penalty_cycles", t.jalr_penalty},
           {"bht_entries", t.bht_entries},
           {"load_use_stall_cycles", t.load_use_stall},
           {"mul_use_stall_cycles", t.mul_use_stall},
           {"shift_use_stall_cycles", t.shift_use_stall},
           {"divide_cycles", t.divide_cycles},
           {"csr_cycles", t.csr_cycles},
           {"trap_cycles", t.trap_cycles},
           {"cfu_issue_cycles", t.cfu_issue_cycles},
           {"cfu_csr_drain_cycles", t.cfu_csr_drain},
       }},
  };
}

CpuRunLimits run_limits_from_json(const nlohmann::json& simulation) {
  CpuRunLimits limits;
  limits.quantum_cycles = simulation.at("quantum_cycles").get<uint64_t>();
  limits.max_cycles = simulation.at("max_cycles").get<uint64_t>();
  return limits;
}

nlohmann::json run_limits_to_json(const CpuRunLimits& limits) {
  return {{"quantum_cycles", limits.quantum_cycles}, {"max_cycles", limits.max_cycles}};
}

}  // namespace accsim::cpu
