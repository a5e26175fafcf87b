// What `accsim run` settles before building the SoC: the checked config, the model workload
// (if any), the firmware ELF and the output directory. Each problem is printed as one line.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "commands.h"
#include "elf_loader.h"
#include "jsonconfig/config.h"
#include "model_workload.h"

namespace accsim::cli {

struct RunSetup {
  std::string config_name;  // as given (or the default config's path), for messages
  config::LoadedConfig loaded;
  std::optional<ModelWorkload> workload;
  std::filesystem::path firmware_path;
  cpu::ElfImage image;
  std::filesystem::path out_dir;  // prepared: accsim's own files of an earlier run removed
  uint64_t max_cycles = 0;        // --max-cycles, else simulation.max_cycles
  std::string energy_export;      // --energy-export: "accelergy" or empty
};

// nullopt after printing why (a usage or config error: exit code 2).
std::optional<RunSetup> prepare_run(const RunOptions& options);

}  // namespace accsim::cli
