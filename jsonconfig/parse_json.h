// The one parser of JSON a user wrote: config files (the loader uses it), sweep specs, a VTA
// hw_file, --set values. Syntax errors, nesting deeper than 64 levels and keys repeated within
// an object (nlohmann::json would keep only the last, silently) become diagnostics from
// `origin`, at their key path below `path`; nullopt then. A header apart from config.h so that
// the plug-in API headers (which include config.h) do not change with it.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "jsonconfig/config.h"

namespace accsim::config {

std::optional<nlohmann::json> parse_json(const std::string& text, const std::string& origin,
                                         std::vector<Diagnostic>& out,
                                         const std::string& path = "");
// The same keeping objects in file order (a sweep spec's axes).
std::optional<nlohmann::ordered_json> parse_ordered_json(const std::string& text,
                                                         const std::string& origin,
                                                         std::vector<Diagnostic>& out,
                                                         const std::string& path = "");

}  // namespace accsim::config
