// Reads the "cpu" section of a validated effective config into CoreConfig.
#pragma once

#include <nlohmann/json.hpp>

#include "rv32_core.h"

namespace accsim::cpu {

CoreConfig core_config_from_json(const nlohmann::json& cpu_section);

}  // namespace accsim::cpu
