// Checks of an architecture that span several keys and so cannot live in the schema: address
// ranges that overlap, ranges past the 32-bit space, CPU table sizes. Run as the config
// loader's cross-check (so they are reported together with schema errors) by `accsim validate`
// and before every `accsim run`.
#pragma once

#include <vector>

#include "jsonconfig/config.h"

namespace accsim {

// Appends problems to `diags`; tolerates values the schema rejected (it skips them).
void check_platform(const config::LoadedConfig& config, std::vector<config::Diagnostic>& diags);
std::vector<config::Diagnostic> check_platform(const config::LoadedConfig& config);

}  // namespace accsim
