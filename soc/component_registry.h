// Every component type a config may name, in the order a SoC builds them.
#pragma once

#include <vector>

#include "component.h"

namespace accsim::soc {

const std::vector<const ComponentType*>& component_types();

}  // namespace accsim::soc
