// The CRC-32 engine as a SoC component: a "devices" entry of kind "crc32" puts its register
// block (crc32_regs.h) on the bus at the entry's base, under the entry's name.
#pragma once

#include "component.h"

namespace accsim::crc32 {

const soc::ComponentType& crc32_component_type();

}  // namespace accsim::crc32
