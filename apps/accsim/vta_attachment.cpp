#include "vta_attachment.h"

#include <filesystem>

#include "accsim/vta_regs.h"

namespace fs = std::filesystem;

namespace accsim::cli {

std::unique_ptr<vta::VtaModule> attach_vta(const config::LoadedConfig& loaded, Platform& platform,
                                           RunStatus& status, uint64_t max_cycles) {
  const nlohmann::json& cfg = loaded.effective;
  if (!cfg.contains("vta")) return nullptr;
  // vta.hw_file is named relative to the config file that sets it.
  const fs::path origin = loaded.origin_of("vta.hw_file");
  const fs::path dir = fs::is_regular_file(origin) ? origin.parent_path() : fs::path(".");
  const vta::VtaConfig config = vta::vta_config_from_json(cfg.at("vta"), dir);
  auto module =
      std::make_unique<vta::VtaModule>("vta", config, platform.clock(), status, max_cycles);
  platform.connect_target(module->control_side, "vta", config.base, VTA_REG_BLOCK_SIZE);
  platform.connect_initiator(module->dma_side, "vta.dma");
  return module;
}

}  // namespace accsim::cli
