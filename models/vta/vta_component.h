// The VTA as a SoC component (section "vta"): its MMIO block at vta.base on the bus and its DMA
// a bus initiator named "vta.dma", so its traffic contends with the CPU's.
#pragma once

#include "component.h"
#include "vta_config.h"

namespace accsim::vta {

const soc::ComponentType& vta_component_type();

// The configuration of the architecture's VTA from its section: vta.hw_file's keys replace
// vta.hw's except those set with --set, which win. Throws VtaConfigError.
VtaConfig vta_config_of(const soc::ComponentConfig& config);

}  // namespace accsim::vta
