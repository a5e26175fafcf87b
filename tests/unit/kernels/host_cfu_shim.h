// The host side of accsim/cfu.h: off RISC-V the firmware kernels' cfu_op() calls
// accsim_host_cfu(), implemented here on the simulator's own mnv2 CFU model, so the kernels run
// natively against the same model the simulator uses. Instructions issue back to back on a host
// cycle counter that advances to each response, as the CPU would stall for it.
#pragma once

#include <cstdint>

#include "mnv2_config.h"

namespace accsim_test {

// Replaces the host CFU with a fresh model of `config` (the stores start empty) at cycle 0.
void ResetHostCfu(const accsim::cfu::Mnv2Config& config = accsim::cfu::Mnv2Config{});

// The host cycle counter: the cycle the next instruction will issue.
uint64_t HostCfuCycle();

}  // namespace accsim_test
