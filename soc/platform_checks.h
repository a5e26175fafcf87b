// Checks of the fabric's keys that span several keys and so cannot live in the schema: memory
// and sim-control ranges, cache geometries, CPU table sizes; and the overlap check over every
// range the config maps (the components declare theirs). Run as the config loader's
// cross-check (architecture_checks.h), so they are reported together with schema errors.
#pragma once

#include <vector>

#include "component.h"
#include "jsonconfig/config.h"

namespace accsim {

// The ranges the fabric maps: every memory and the sim-control block. Entries whose base or
// size the schema rejected are left out (they have their own diagnostic).
std::vector<soc::MappedRange> fabric_ranges(const nlohmann::json& cfg);
// Ranges past the 32-bit space, and each overlapping pair once (at the later range's key).
void check_address_ranges(const config::LoadedConfig& config,
                          const std::vector<soc::MappedRange>& ranges,
                          std::vector<config::Diagnostic>& diags);
// Cache geometries (L1s and L2s), the L2 line against its memory's width, the BHT size.
// Tolerates values the schema rejected (it skips them).
void check_fabric(const config::LoadedConfig& config, std::vector<config::Diagnostic>& diags);

}  // namespace accsim
