// The "plugin" device kind: a component from a shared library built against the plug-in API
// (models/contract/accsim_plugin.h), loaded, version-checked and bound at the entry's base/size.
#pragma once

#include "component.h"

namespace accsim::plugin_device {

const soc::ComponentType& plugin_component_type();

}  // namespace accsim::plugin_device
