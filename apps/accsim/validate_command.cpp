#include <cstdio>

#include "commands.h"
#include "config_loading.h"
#include "exit_codes.h"
#include "model_workload.h"

namespace accsim::cli {

namespace {
// workload.model (and .input) are loaded with the very check `run` makes, so that `validate`
// never says ok for a config that `run` refuses.
bool model_loads(const config::LoadedConfig& loaded) {
  try {
    ModelWorkload::from_config(loaded);
    return true;
  } catch (const ModelError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return false;
  }
}
}  // namespace

int validate_command(const std::vector<std::string>& configs,
                     const std::vector<std::string>& overrides, const GlobalOptions& global) {
  int status = kExitOk;
  for (const auto& name : configs) {
    auto loaded = load_architecture(name, overrides);
    if (!loaded || !model_loads(*loaded)) {
      status = kExitUsageError;
    } else if (!global.quiet) {
      std::printf("%s: ok\n", name.c_str());
    }
  }
  return status;
}

int schema_command(const GlobalOptions&) {
  std::fputs(config::schema_to_markdown(soc::architecture_schema()).c_str(), stdout);
  return kExitOk;
}

}  // namespace accsim::cli
