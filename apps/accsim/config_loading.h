// Loading an architecture for the CLI: resolve the name, validate against the embedded schema,
// run the cross-key platform checks. Every problem becomes one line on stderr.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "vta_config.h"

namespace accsim::cli {

const config::Schema& architecture_schema();

// Returns the loaded config, or prints every diagnostic (one line each) and returns nullopt.
std::optional<config::LoadedConfig> load_architecture(const std::string& name_or_path,
                                                      const std::vector<std::string>& overrides);

// The configuration of the architecture's VTA (it must have a "vta" section): vta.hw_file read
// relative to the config file naming it, its keys replacing vta.hw's except those set with
// --set, which win. Throws vta::VtaConfigError.
vta::VtaConfig vta_config_of(const config::LoadedConfig& loaded);

}  // namespace accsim::cli
