// Where the CLI finds shipped configs and firmware when given a bare name, and how it turns a
// name into a path. They are in accsim's data folder, share/accsim/{configs,firmware}
// (run/data_dir.h: an installed accsim's copies, a build tree's links to its source and build
// trees); the environment variables ACCSIM_CONFIG_DIR and ACCSIM_FIRMWARE_DIR override it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace accsim::cli {

std::filesystem::path config_dir();
std::filesystem::path firmware_dir();
std::filesystem::path default_config_path();

// An existing file as given, else <config_dir>/<name> or <config_dir>/<name>.json.
std::optional<std::filesystem::path> resolve_config(const std::string& name_or_path);
// An existing file as given, else <firmware_dir>/<name> or <firmware_dir>/<name>.elf.
std::optional<std::filesystem::path> resolve_firmware(const std::string& name_or_path);

// The paths resolve_config / resolve_firmware looked at, comma-separated, for "not found"
// messages.
std::string config_lookup(const std::string& name_or_path);
std::string firmware_lookup(const std::string& name_or_path);

std::vector<std::filesystem::path> shipped_configs();  // *.json directly in config_dir
std::vector<std::filesystem::path> built_firmware();   // *.elf in firmware_dir

}  // namespace accsim::cli
