#include "locations.h"

#include <algorithm>
#include <cstdlib>

namespace fs = std::filesystem;

namespace accsim::cli {

namespace {
fs::path from_env_or(const char* variable, const char* fallback) {
  const char* value = std::getenv(variable);
  return fs::path(value != nullptr && *value != '\0' ? value : fallback);
}

std::vector<fs::path> files_with_extension(const fs::path& dir, const std::string& ext) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_regular_file() && entry.path().extension() == ext) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}
}  // namespace

fs::path config_dir() { return from_env_or("ACCSIM_CONFIG_DIR", ACCSIM_DEFAULT_CONFIG_DIR); }
fs::path firmware_dir() { return from_env_or("ACCSIM_FIRMWARE_DIR", ACCSIM_DEFAULT_FIRMWARE_DIR); }
fs::path default_config_path() { return config_dir() / "vexriscv_arty.json"; }

std::optional<fs::path> resolve_config(const std::string& name_or_path) {
  std::error_code ec;
  for (const fs::path& candidate : {fs::path(name_or_path), config_dir() / name_or_path,
                                    config_dir() / (name_or_path + ".json")}) {
    if (fs::is_regular_file(candidate, ec)) return candidate;
  }
  return std::nullopt;
}

std::optional<fs::path> resolve_firmware(const std::string& name_or_path) {
  std::error_code ec;
  for (const fs::path& candidate : {fs::path(name_or_path), firmware_dir() / name_or_path,
                                    firmware_dir() / (name_or_path + ".elf")}) {
    if (fs::is_regular_file(candidate, ec)) return candidate;
  }
  return std::nullopt;
}

std::vector<fs::path> shipped_configs() { return files_with_extension(config_dir(), ".json"); }
std::vector<fs::path> built_firmware() { return files_with_extension(firmware_dir(), ".elf"); }

}  // namespace accsim::cli
