// Finds a component in a plug-in library: dlopen (once per process, never unloaded: the
// devices' code lives there), the accsim_plugin() table, its versions, the component by name.
// Every failure is a config::ValueError at the entry's key, one line, so that `accsim validate`
// and `accsim run` report it like any other config problem (exit code 2).
#pragma once

#include <string>

#include "accsim_plugin.h"

namespace accsim::plugin_device {

// The library at `path` (absolute). `key` is where it was named ("devices[0].library").
const plugin::Library& load_plugin_library(const std::string& path, const std::string& key);

// The component `name` of `library` (loaded from `path`), named at `key`
// ("devices[0].component").
const plugin::ComponentSpec& find_plugin_component(const plugin::Library& library,
                                                   const std::string& path, const std::string& name,
                                                   const std::string& key);

}  // namespace accsim::plugin_device
