#include "config_loading.h"

#include <cstdio>

#include "embedded_schema.h"
#include "locations.h"
#include "platform_checks.h"

namespace accsim::cli {

const config::Schema& architecture_schema() {
  static const config::Schema schema =
      config::Schema::from_json(nlohmann::json::parse(embedded_schema()));
  return schema;
}

std::optional<config::LoadedConfig> load_architecture(const std::string& name_or_path,
                                                      const std::vector<std::string>& overrides) {
  const auto path = resolve_config(name_or_path);
  if (!path) {
    std::fprintf(stderr, "%s: no such config file (nor %s/%s.json)\n", name_or_path.c_str(),
                 config_dir().c_str(), name_or_path.c_str());
    return std::nullopt;
  }
  try {
    const config::CrossCheck platform_checks = [](const config::LoadedConfig& loaded,
                                                  std::vector<config::Diagnostic>& diags) {
      check_platform(loaded, diags);
    };
    return config::load(*path, overrides, architecture_schema(), platform_checks);
  } catch (const config::ConfigError& e) {
    for (const auto& d : e.diagnostics()) std::fprintf(stderr, "%s\n", d.format().c_str());
    return std::nullopt;
  }
}

}  // namespace accsim::cli
