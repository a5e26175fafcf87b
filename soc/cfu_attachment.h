// Puts the architecture's CFU (if any) on the CPU's custom-0 path: builds the model or RTL the
// "cfu" section names, with the run's waveform options, and binds it to the CPU through a
// CfuPort.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cfu_module.h"
#include "cfu_port.h"
#include "cpu_module.h"
#include "jsonconfig/config.h"
#include "trace_file.h"

namespace accsim::cli {

struct CfuAttachment {
  std::unique_ptr<cfu::CfuModule> module;  // null: the architecture has no CFU
  std::unique_ptr<cfu::CfuPort> port;
};

// Throws std::invalid_argument (a config problem, message naming the key) when the CFU cannot
// be built. `traces` and `window` are the run's --trace kinds and --trace-window; `waveform` the
// file the RTL's waveform goes to with --trace fst.
CfuAttachment attach_cfu(const config::LoadedConfig& loaded, const Clock& clock,
                         cpu::CpuModule& cpu, const std::filesystem::path& waveform,
                         const std::vector<std::string>& traces, const TraceLimits& window);

}  // namespace accsim::cli
