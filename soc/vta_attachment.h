// Puts the architecture's VTA (if any) on the bus: its MMIO block at vta.base and its DMA as a
// bus initiator named "vta.dma", so its traffic contends with the CPU's.
#pragma once

#include <memory>

#include "jsonconfig/config.h"
#include "platform.h"
#include "vta_module.h"

namespace accsim::cli {

// Returns null when the architecture has no "vta" section. Throws std::invalid_argument (a
// config problem, message naming the key). `max_cycles` is the run's cycle limit.
std::unique_ptr<vta::VtaModule> attach_vta(const config::LoadedConfig& loaded, Platform& platform,
                                           RunStatus& status, uint64_t max_cycles);

// Makes `effective` (the config.json of the run) record the VTA as simulated: its shape in
// vta.hw, with vta.hw_file's keys folded in (and hw_file emptied, so that config.json re-runs
// the same shape from any directory).
void record_simulated_vta(nlohmann::json& effective, const vta::VtaModule& vta);

}  // namespace accsim::cli
