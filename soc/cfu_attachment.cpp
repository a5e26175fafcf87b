#include "cfu_attachment.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "architecture_checks.h"
#include "cfu_factory.h"

namespace fs = std::filesystem;

namespace accsim::cli {

CfuAttachment attach_cfu(const config::LoadedConfig& loaded, const Clock& clock,
                         cpu::CpuModule& cpu, const fs::path& waveform,
                         const std::vector<std::string>& traces, const TraceLimits& window) {
  const bool fst = std::find(traces.begin(), traces.end(), "fst") != traces.end();
  const nlohmann::json& cfg = loaded.effective;
  CfuAttachment a;
  if (!cfg.contains("cfu")) {
    if (fst) spdlog::warn("--trace fst: the architecture has no CFU, so there is no waveform");
    return a;
  }
  nlohmann::json cfu_config = cfg.at("cfu");
  if (fst && cfu_config.value("impl", "model") != "rtl") {
    spdlog::warn(
        "--trace fst: the CFU is the C++ model (cfu.impl = model); only RTL co-simulation "
        "has signals to trace");
  }
  cfu::VerilatedCfuOptions rtl;
  if (fst) {
    rtl.fst_path = waveform.string();
    rtl.trace_first_cycle = window.window_begin;
    rtl.trace_end_cycle = window.window_end;
  }
  // A user's Verilog sources are named relative to the config file that lists them.
  if (cfu_config.contains("rtl") && cfu_config["rtl"].contains("sources")) {
    auto& sources = cfu_config["rtl"]["sources"];
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const std::string key = "cfu.rtl.sources[" + std::to_string(i) + "]";
      sources[i] = config_file_path(loaded, key, sources[i].get<std::string>()).string();
    }
  }
  a.module = cfu::make_cfu(cfu_config, clock, rtl,
                           [](const std::string& line) { spdlog::info("{}", line); });
  a.port = std::make_unique<cfu::CfuPort>("cpu_cfu_port");
  a.port->to_cfu.bind(a.module->cpu_side);
  cpu.set_cfu(a.port.get());
  return a;
}

}  // namespace accsim::cli
