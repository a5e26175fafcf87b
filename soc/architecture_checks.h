// What makes a JSON document an accsim architecture: the embedded schema and the cross-key
// checks run after it. Apart from the CLI's file handling (config_loading.h) so that the config
// fuzz target (tests/fuzz/config) checks documents exactly as `accsim run` does.
#pragma once

#include <filesystem>
#include <string>

#include "jsonconfig/config.h"
#include "vta_config.h"

namespace accsim::cli {

const config::Schema& architecture_schema();

// The platform checks (overlapping address ranges, CFU and memory keys), then, when those pass,
// the VTA's (buffer depths against the instruction encoding, vta.hw_file).
config::CrossCheck architecture_checks();

// The directory that relative file names in config key `key` (workload.model, vta.hw_file,
// cfu.rtl.sources[i]) are read from: beside the config file that sets the key, or the working
// directory for --set and the command line. Absolute, so it means the same from anywhere.
std::filesystem::path base_dir_of(const config::LoadedConfig& loaded, const std::string& key);
// `value` of such a key as an absolute path (see base_dir_of).
std::filesystem::path config_file_path(const config::LoadedConfig& loaded, const std::string& key,
                                       const std::string& value);

// The configuration of the architecture's VTA (it must have a "vta" section): vta.hw_file read
// relative to the config file naming it, its keys replacing vta.hw's except those set with
// --set, which win. Throws vta::VtaConfigError.
vta::VtaConfig vta_config_of(const config::LoadedConfig& loaded);

}  // namespace accsim::cli
