#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "exit_codes.h"
#include "locations.h"

namespace accsim::cli {

int list_command(const GlobalOptions&) {
  std::printf("Architectures (%s):\n", config_dir().c_str());
  for (const auto& path : shipped_configs()) {
    std::string description;
    std::ifstream in(path);
    const auto doc = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (doc.is_object() && doc.contains("description") && doc["description"].is_string()) {
      description = doc["description"].get<std::string>();
    }
    std::printf("  %-24s %s\n", path.stem().c_str(), description.c_str());
  }
  std::printf("Firmware apps (%s):\n", firmware_dir().c_str());
  const auto apps = built_firmware();
  if (apps.empty()) std::printf("  (none built: build the 'firmware' target)\n");
  for (const auto& path : apps) std::printf("  %s\n", path.stem().c_str());
  return kExitOk;
}

}  // namespace accsim::cli
