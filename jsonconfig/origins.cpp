#include "jsonconfig/origins.h"

#include <algorithm>

#include "jsonconfig/config.h"
#include "jsonconfig/json_util.h"

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

bool LoadedConfig::from_defaults(const std::string& dotted_path) const {
  return origin_of(dotted_path) == detail::kDefaultsOrigin;
}

namespace {

bool is_at_or_below(const std::string& path, const std::string& ancestor) {
  if (ancestor.empty() || path == ancestor) return true;
  if (path.compare(0, ancestor.size(), ancestor) != 0 || path.size() == ancestor.size()) {
    return false;
  }
  const char next = path[ancestor.size()];
  return next == '.' || next == '[';
}

// Larger = applied later: defaults, then the extends chain from its base to the most-derived
// file (files[0]), then overrides. An origin outside the chain (load_json's) ranks above defaults.
std::size_t precedence(const std::string& origin, const std::vector<std::string>& files) {
  if (origin == detail::kOverrideOrigin) return files.size() + 2;
  const auto it = std::find(files.begin(), files.end(), origin);
  if (it != files.end()) return files.size() - static_cast<std::size_t>(it - files.begin()) + 1;
  if (origin.empty() || origin == detail::kDefaultsOrigin) return 0;
  return 1;
}

}  // namespace

std::string LoadedConfig::latest_origin(const std::vector<std::string>& paths) const {
  std::string latest;
  const auto consider = [&](const std::string& origin) {
    if (latest.empty() || precedence(origin, files) > precedence(latest, files)) latest = origin;
  };
  for (const auto& path : paths) {
    consider(origin_of(path));
    for (auto it = origins.lower_bound(path); it != origins.end(); ++it) {
      if (it->first.compare(0, path.size(), path) != 0) break;
      if (is_at_or_below(it->first, path)) consider(it->second);
    }
  }
  return latest;
}

bool reported(const std::vector<Diagnostic>& diags, const std::string& path) {
  return std::any_of(diags.begin(), diags.end(),
                     [&](const Diagnostic& d) { return is_at_or_below(d.path, path); });
}

Diagnostic derived_problem(const LoadedConfig& config, const std::string& path,
                           const std::vector<std::string>& inputs, std::string message) {
  std::vector<std::string> all{path};
  all.insert(all.end(), inputs.begin(), inputs.end());
  const std::string origin = config.latest_origin(all);
  std::string blamed = path;
  if (config.origin_of(path) != origin) {
    const auto set_there = std::find_if(inputs.begin(), inputs.end(), [&](const std::string& in) {
      return config.origin_of(in) == origin;
    });
    if (set_there != inputs.end()) blamed = *set_there;
  }
  return {origin, blamed, std::move(message)};
}

}  // namespace accsim::config
