#include "config_loading.h"

#include <cstdio>

#include "architecture_checks.h"
#include "locations.h"

namespace accsim::cli {

namespace {

// The keys naming files, rewritten as absolute paths once loaded: every consumer then reads the
// same file, and the config.json a run writes re-runs from any working directory.
void anchor_file_paths(config::LoadedConfig& loaded) {
  nlohmann::json& cfg = loaded.effective;
  const auto anchor = [&](nlohmann::json& value, const std::string& key) {
    if (!value.is_string() || value.get<std::string>().empty()) return;
    value = config_file_path(loaded, key, value.get<std::string>()).string();
  };
  if (cfg.contains("workload") && cfg["workload"].is_object()) {
    for (const char* name : {"model", "input"}) {
      if (cfg["workload"].contains(name)) {
        anchor(cfg["workload"][name], std::string("workload.") + name);
      }
    }
  }
  if (cfg.contains("vta") && cfg["vta"].is_object() && cfg["vta"].contains("hw_file")) {
    anchor(cfg["vta"]["hw_file"], "vta.hw_file");
  }
  if (cfg.contains("cfu") && cfg["cfu"].contains("rtl") && cfg["cfu"]["rtl"].contains("sources")) {
    auto& sources = cfg["cfu"]["rtl"]["sources"];
    for (std::size_t i = 0; i < sources.size(); ++i) {
      anchor(sources[i], "cfu.rtl.sources[" + std::to_string(i) + "]");
    }
  }
}

}  // namespace

std::optional<config::LoadedConfig> load_architecture(const std::string& name_or_path,
                                                      const std::vector<std::string>& overrides) {
  const auto path = resolve_config(name_or_path);
  if (!path) {
    std::fprintf(stderr, "%s: no such config file (looked for %s)\n", name_or_path.c_str(),
                 config_lookup(name_or_path).c_str());
    return std::nullopt;
  }
  try {
    // A config may extend a shipped one by name, as `accsim run` accepts names.
    auto loaded = config::load(*path, overrides, architecture_schema(), architecture_checks(),
                               {config_dir()});
    anchor_file_paths(loaded);
    return loaded;
  } catch (const config::ConfigError& e) {
    for (const auto& d : e.diagnostics()) std::fprintf(stderr, "%s\n", d.format().c_str());
    return std::nullopt;
  }
}

}  // namespace accsim::cli
