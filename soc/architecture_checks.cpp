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

// A user's Verilog must exist before `validate` says ok: otherwise only `run` finds out, when
// it tries to verilate.
void check_rtl_sources(const config::LoadedConfig& loaded, std::vector<config::Diagnostic>& diags) {
  const nlohmann::json& cfg = loaded.effective;
  if (!cfg.contains("cfu") || !cfg["cfu"].contains("rtl")) return;
  const nlohmann::json& rtl = cfg["cfu"]["rtl"];
  if (!rtl.contains("sources") || !rtl["sources"].is_array()) return;
  for (std::size_t i = 0; i < rtl["sources"].size(); ++i) {
    const std::string key = "cfu.rtl.sources[" + std::to_string(i) + "]";
    const auto& source = rtl["sources"][i];
    if (!source.is_string() || config::reported(diags, key)) continue;
    const std::filesystem::path path = config_file_path(loaded, key, source.get<std::string>());
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
      diags.push_back({loaded.origin_of(key), key, "no such file: " + path.string()});
    }
  }
}

}  // namespace

std::filesystem::path base_dir_of(const config::LoadedConfig& loaded, const std::string& key) {
  const std::filesystem::path origin = loaded.origin_of(key);
  std::error_code ec;
  const bool from_file = std::filesystem::is_regular_file(origin, ec);
  return std::filesystem::absolute(from_file ? origin.parent_path() : std::filesystem::path("."),
                                   ec)
      .lexically_normal();
}

std::filesystem::path config_file_path(const config::LoadedConfig& loaded, const std::string& key,
                                       const std::string& value) {
  const std::filesystem::path path(value);
  if (path.is_absolute()) return path.lexically_normal();
  return (base_dir_of(loaded, key) / path).lexically_normal();
}

vta::VtaConfig vta_config_of(const config::LoadedConfig& loaded) {
  const nlohmann::json& vta = loaded.effective.at("vta");
  const std::filesystem::path dir = base_dir_of(loaded, "vta.hw_file");
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
    check_rtl_sources(loaded, diags);
    if (diags.empty()) check_vta(loaded, diags);
  };
}

}  // namespace accsim::cli
