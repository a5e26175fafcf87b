// Loading an architecture for the CLI: resolve the name, validate against the embedded schema,
// run the cross-key platform checks. Every problem becomes one line on stderr.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "architecture_checks.h"
#include "jsonconfig/config.h"

namespace accsim::cli {

// Returns the loaded config, or prints every diagnostic (one line each) and returns nullopt.
std::optional<config::LoadedConfig> load_architecture(const std::string& name_or_path,
                                                      const std::vector<std::string>& overrides);

}  // namespace accsim::cli
