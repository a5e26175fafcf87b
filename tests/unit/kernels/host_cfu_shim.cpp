#include "host_cfu_shim.h"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "accsim/cfu.h"
#include "accsim/hw/cfu_isa.h"
#include "mnv2_cfu.h"

namespace {

struct HostCfu {
  std::unique_ptr<accsim::cfu::Mnv2Cfu> model =
      std::make_unique<accsim::cfu::Mnv2Cfu>(accsim::cfu::Mnv2Config{});
  uint64_t cycle = 0;
};

HostCfu& host_cfu() {
  static HostCfu cfu;
  return cfu;
}

}  // namespace

namespace accsim_test {

void ResetHostCfu(const accsim::cfu::Mnv2Config& config) {
  host_cfu().model = std::make_unique<accsim::cfu::Mnv2Cfu>(config);
  host_cfu().cycle = 0;
}

uint64_t HostCfuCycle() { return host_cfu().cycle; }

}  // namespace accsim_test

// Misuse is an exception, which unwinds through the C kernels (compiled with -fexceptions for
// this test) into the Catch2 test case with the model's message.
extern "C" uint32_t accsim_host_cfu(int funct3, int funct7, uint32_t in0, uint32_t in1) {
  HostCfu& cfu = host_cfu();
  const auto function_id = static_cast<uint16_t>(CFU_FUNCTION_ID(funct3, funct7));
  const auto r = cfu.model->execute(function_id, in0, in1, cfu.cycle);
  using Status = accsim::cpu::CfuIf::Result::Status;
  if (r.status != Status::kOk) {
    throw std::runtime_error("CFU " +
                             std::string(r.status == Status::kIllegalInstruction
                                             ? "illegal instruction"
                                             : "error: " + r.error) +
                             " (funct7 " + std::to_string(funct7) + ", funct3 " +
                             std::to_string(funct3) + ", cycle " + std::to_string(cfu.cycle) + ")");
  }
  // Like the CPU: the next instruction issues after the command was accepted and its response
  // arrived.
  cfu.cycle = std::max({cfu.cycle + 1, r.accept_cycle + 1, r.response_cycle});
  return r.value;
}
