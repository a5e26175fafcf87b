#include "locations.h"

#include <algorithm>
#include <cstdlib>

#include "data_dir.h"

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

fs::path config_dir() {
  static const fs::path dir = accsim::data_path("configs");
  return from_env_or("ACCSIM_CONFIG_DIR", dir.c_str());
}
fs::path firmware_dir() {
  static const fs::path dir = accsim::data_path("firmware");
  return from_env_or("ACCSIM_FIRMWARE_DIR", dir.c_str());
}
fs::path default_config_path() { return config_dir() / "vexriscv_arty.json"; }

namespace {
// The paths a bare name may stand for, in lookup order: the name as given, then inside `dir` for
// a relative name, with `ext` appended unless the name already ends with it. Only candidates
// that make sense are listed, so "not found" messages show real paths and never doubled ones
// such as "configs//tmp/x.json.json".
std::vector<fs::path> candidates(const std::string& name, const fs::path& dir,
                                 const std::string& ext) {
  std::vector<fs::path> out{fs::path(name)};
  if (fs::path(name).is_absolute()) return out;
  out.push_back(dir / name);
  if (fs::path(name).extension() != ext) out.push_back(dir / (name + ext));
  return out;
}

std::optional<fs::path> first_file(const std::vector<fs::path>& paths) {
  std::error_code ec;
  for (const auto& path : paths) {
    if (fs::is_regular_file(path, ec)) return path;
  }
  return std::nullopt;
}

std::string describe(const std::vector<fs::path>& paths) {
  std::string out;
  for (const auto& path : paths) out += (out.empty() ? "" : ", ") + path.string();
  return out;
}
}  // namespace

std::optional<fs::path> resolve_config(const std::string& name_or_path) {
  return first_file(candidates(name_or_path, config_dir(), ".json"));
}

std::optional<fs::path> resolve_firmware(const std::string& name_or_path) {
  return first_file(candidates(name_or_path, firmware_dir(), ".elf"));
}

std::string config_lookup(const std::string& name_or_path) {
  return describe(candidates(name_or_path, config_dir(), ".json"));
}

std::string firmware_lookup(const std::string& name_or_path) {
  return describe(candidates(name_or_path, firmware_dir(), ".elf"));
}

std::vector<fs::path> shipped_configs() { return files_with_extension(config_dir(), ".json"); }
std::vector<fs::path> built_firmware() { return files_with_extension(firmware_dir(), ".elf"); }

}  // namespace accsim::cli
