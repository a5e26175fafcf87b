// What makes a JSON document an accsim architecture: the schema (the core of
// configs/schema/accsim.schema.json plus every registered component's fragment, with the
// defaults the config structs give written in) and the checks
// across keys run after it (the fabric's, then each present component's own parse). Apart from
// the CLI's file handling so that the config fuzz target (tests/fuzz/config) checks documents
// exactly as `accsim run` does.
#pragma once

#include <vector>

#include "jsonconfig/config.h"

namespace accsim::soc {

struct ComponentConfig;
struct ComponentType;

const config::Schema& architecture_schema();

// The defaults of the core sections' keys that config structs read ({"bus": {"width_bytes": 4},
// "memories": {every entry's}, ...}), from the structs' initialisers: architecture_schema()
// writes them into the core schema, whose file leaves them out. Each component type brings its
// own (ComponentType::defaults).
nlohmann::json core_defaults();

// The fabric's checks (address ranges, caches), then each component's: a component whose
// section already has a problem is not checked further (it would only repeat it).
config::CrossCheck architecture_checks();

// The components `loaded` configures, in build order: each with the key of its section.
std::vector<std::pair<const ComponentType*, ComponentConfig>> configured_components(
    const config::LoadedConfig& loaded);

}  // namespace accsim::soc
