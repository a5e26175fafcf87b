#include "config_loading.h"

#include <cstdio>

#include "embedded_schema.h"
#include "locations.h"
#include "platform_checks.h"
#include "vta_config.h"

namespace accsim::cli {

namespace {

// The VTA's keys that depend on each other (buffer depths against the instruction encoding,
// an upstream vta_config.json named by vta.hw_file): checked by building its configuration.
void check_vta(const config::LoadedConfig& loaded, std::vector<config::Diagnostic>& diags) {
  const nlohmann::json& cfg = loaded.effective;
  if (!cfg.contains("vta") || !cfg["vta"].is_object()) return;
  try {
    vta_config_of(loaded);
  } catch (const vta::VtaConfigError& e) {
    diags.push_back({loaded.origin_of(e.key()), e.key(), e.problem()});
  }
}

}  // namespace

vta::VtaConfig vta_config_of(const config::LoadedConfig& loaded) {
  const nlohmann::json& vta = loaded.effective.at("vta");
  // vta.hw_file is named relative to the config file that sets it.
  const std::filesystem::path origin = loaded.origin_of("vta.hw_file");
  const std::filesystem::path dir =
      std::filesystem::is_regular_file(origin) ? origin.parent_path() : std::filesystem::path(".");
  std::vector<std::string> set_on_command_line;
  if (vta.contains("hw") && vta["hw"].is_object()) {
    for (const auto& item : vta["hw"].items()) {
      if (loaded.set_on_command_line("vta.hw." + item.key())) {
        set_on_command_line.push_back(item.key());
      }
    }
  }
  return vta::vta_config_from_json(vta, dir, set_on_command_line);
}

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
      if (diags.empty()) check_vta(loaded, diags);
    };
    // A config may extend a shipped one by name, as `accsim run` accepts names.
    return config::load(*path, overrides, architecture_schema(), platform_checks, {config_dir()});
  } catch (const config::ConfigError& e) {
    for (const auto& d : e.diagnostics()) std::fprintf(stderr, "%s\n", d.format().c_str());
    return std::nullopt;
  }
}

}  // namespace accsim::cli
