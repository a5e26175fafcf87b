#include "config_loading.h"

#include <cstdio>
#include <filesystem>

#include "architecture_checks.h"
#include "locations.h"

namespace accsim::cli {

std::optional<config::LoadedConfig> load_architecture(const std::string& name_or_path,
                                                      const std::vector<std::string>& overrides) {
  const auto path = resolve_config(name_or_path);
  std::error_code ec;
  if (!path && std::filesystem::is_directory(name_or_path, ec)) {
    // Not "no such config file": the user named something that is there.
    std::fprintf(stderr, "%s: is a directory, not a JSON file\n", name_or_path.c_str());
    return std::nullopt;
  }
  if (!path) {
    std::fprintf(stderr, "%s: no such config file (looked for %s)\n", name_or_path.c_str(),
                 config_lookup(name_or_path).c_str());
    return std::nullopt;
  }
  try {
    // A config may extend a shipped one by name, as `accsim run` accepts names.
    auto loaded = config::load(*path, overrides, soc::architecture_schema(),
                               soc::architecture_checks(), {config_dir()});
    return loaded;
  } catch (const config::ConfigError& e) {
    for (const auto& d : e.diagnostics()) std::fprintf(stderr, "%s\n", d.format().c_str());
    return std::nullopt;
  }
}

}  // namespace accsim::cli
