// Internal: which file, override or default supplied each node of a merged document, so that a
// diagnostic names the file the user has to edit.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace accsim::config::detail {

using OriginMap = std::map<std::string, std::string>;

inline constexpr const char* kOverrideOrigin = "--set";
inline constexpr const char* kDefaultsOrigin = "<defaults>";

// Origin of `path` or of its longest recorded prefix ("a.b[2].c" -> "a.b[2]" -> "a.b" -> "a"
// -> ""); "" when nothing matches.
std::string origin_lookup(const OriginMap& origins, const std::string& path);

// Forgets `path` and everything below it.
void origin_erase_tree(OriginMap& origins, const std::string& path);

// Records `origin` for `path` and every node below it in `value`, replacing what was there.
void origin_record_tree(OriginMap& origins, const std::string& path, const nlohmann::json& value,
                        const std::string& origin);

}  // namespace accsim::config::detail
