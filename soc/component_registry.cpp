#include "component_registry.h"

#include "cfu_component.h"
#include "crc32_component.h"
#include "plugin_component.h"
#include "verilog_device_component.h"
#include "vta_component.h"

namespace accsim::soc {

// One line per component type. Order: the CPU's CFU, then the bus devices (their bus ports and
// statistics keep this order).
const std::vector<const ComponentType*>& component_types() {
  static const std::vector<const ComponentType*> types = {
      &cfu::cfu_component_type(),
      &vta::vta_component_type(),
      // The kinds of a devices entry.
      &crc32::crc32_component_type(),
      &plugin_device::plugin_component_type(),
      &wishbone::verilog_device_type(),
  };
  return types;
}

}  // namespace accsim::soc
