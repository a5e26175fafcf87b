#include "config/origins.h"

#include "config/config.h"
#include "config/json_util.h"

namespace accsim::config::detail {

namespace {

// "a.b[2]" -> "a.b", "a.b" -> "a", "a" -> "".
std::string parent_path(const std::string& path) {
  if (!path.empty() && path.back() == ']') {
    const auto open = path.rfind('[');
    if (open != std::string::npos) return path.substr(0, open);
  }
  const auto dot = path.rfind('.');
  return dot == std::string::npos ? std::string() : path.substr(0, dot);
}

void erase_with_prefix(OriginMap& origins, const std::string& prefix) {
  auto it = origins.lower_bound(prefix);
  while (it != origins.end() && it->first.compare(0, prefix.size(), prefix) == 0) {
    it = origins.erase(it);
  }
}

void record_below(OriginMap& origins, const std::string& path, const nlohmann::json& value,
                  const std::string& origin) {
  origins[path] = origin;
  if (value.is_object()) {
    for (const auto& [key, child] : value.items()) {
      record_below(origins, child_path(path, key), child, origin);
    }
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      record_below(origins, index_path(path, i), value[i], origin);
    }
  }
}

}  // namespace

std::string origin_lookup(const OriginMap& origins, const std::string& path) {
  std::string current = path;
  while (true) {
    const auto it = origins.find(current);
    if (it != origins.end()) return it->second;
    if (current.empty()) return "";
    current = parent_path(current);
  }
}

void origin_erase_tree(OriginMap& origins, const std::string& path) {
  if (path.empty()) {
    origins.clear();
    return;
  }
  origins.erase(path);
  // Descendants are "path.x" and "path[i]"; neither range is contiguous with "path" itself in a
  // sorted map ("path-x" sorts in between), so erase each prefix range separately.
  erase_with_prefix(origins, path + ".");
  erase_with_prefix(origins, path + "[");
}

void origin_record_tree(OriginMap& origins, const std::string& path, const nlohmann::json& value,
                        const std::string& origin) {
  origin_erase_tree(origins, path);
  record_below(origins, path, value, origin);
}

}  // namespace accsim::config::detail

namespace accsim::config {

std::string LoadedConfig::origin_of(const std::string& dotted_path) const {
  return detail::origin_lookup(origins, dotted_path);
}

bool LoadedConfig::set_on_command_line(const std::string& dotted_path) const {
  return origin_of(dotted_path) == detail::kOverrideOrigin;
}

}  // namespace accsim::config
