// Puts the architecture's VTA (if any) on the bus: its MMIO block at vta.base and its DMA as a
// bus initiator named "vta.dma", so its traffic contends with the CPU's.
#pragma once

#include <memory>

#include "config/config.h"
#include "platform.h"
#include "vta_module.h"

namespace accsim::cli {

// Returns null when the architecture has no "vta" section. Throws std::invalid_argument (a
// config problem, message naming the key). `max_cycles` is the run's cycle limit.
std::unique_ptr<vta::VtaModule> attach_vta(const config::LoadedConfig& loaded, Platform& platform,
                                           RunStatus& status, uint64_t max_cycles);

}  // namespace accsim::cli
