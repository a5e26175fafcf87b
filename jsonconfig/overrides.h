// Internal: command-line overrides of the form "a.b.c=value".
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "jsonconfig/config.h"
#include "jsonconfig/origins.h"

namespace accsim::config::detail {

struct Override {
  std::string text;               // as given, for messages
  std::vector<std::string> keys;  // path split at '.'; numeric keys index arrays
  nlohmann::json value;           // JSON if the text parses as JSON, else the plain string
};

// nullopt (and a diagnostic with origin "--set") if the override is malformed.
std::optional<Override> parse_override(const std::string& text, std::vector<Diagnostic>& out);

// Sets the value, creating missing intermediate objects, and records "--set" as its origin.
void apply_override(nlohmann::json& doc, const Override& override_, OriginMap& origins,
                    std::vector<Diagnostic>& out);

}  // namespace accsim::config::detail
