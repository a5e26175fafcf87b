#include <cstdio>

#include "commands.h"
#include "config_loading.h"
#include "exit_codes.h"

namespace accsim::cli {

int validate_command(const std::vector<std::string>& configs,
                     const std::vector<std::string>& overrides, const GlobalOptions& global) {
  int status = kExitOk;
  for (const auto& name : configs) {
    auto loaded = load_architecture(name, overrides);
    if (!loaded) {
      status = kExitUsageError;
    } else if (!global.quiet) {
      std::printf("%s: ok\n", name.c_str());
    }
  }
  return status;
}

int schema_command(const GlobalOptions&) {
  std::fputs(config::schema_to_markdown(architecture_schema()).c_str(), stdout);
  return kExitOk;
}

}  // namespace accsim::cli
