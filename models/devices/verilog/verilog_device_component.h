// The "verilog" device kind: a user's Verilog with Wishbone ports on the bus (an entry of the
// devices array; keys in verilog_device.schema.json, user guide docs/wishbone.md).
#pragma once

#include "component.h"

namespace accsim::wishbone {

const soc::ComponentType& verilog_device_type();

}  // namespace accsim::wishbone
