#include "architecture_checks.h"

#include "embedded_schema.h"
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
    // The problem may come from any key below e.key() (e.g. "vta.hw" for a shape set with
    // --set vta.hw.LOG_BATCH=9): blame where the latest of them was set.
    diags.push_back(config::derived_problem(loaded, e.key(), {}, e.problem()));
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

config::CrossCheck architecture_checks() {
  return [](const config::LoadedConfig& loaded, std::vector<config::Diagnostic>& diags) {
    check_platform(loaded, diags);
    if (diags.empty()) check_vta(loaded, diags);
  };
}

}  // namespace accsim::cli
