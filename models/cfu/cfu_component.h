// The CFU as a SoC component (section "cfu"): the kind and implementation the section names
// (cfu_factory.h), on the CPU's custom-0 path through a CfuPort.
#pragma once

#include "component.h"

namespace accsim::cfu {

const soc::ComponentType& cfu_component_type();

}  // namespace accsim::cfu
