#include "vta_attachment.h"

#include "accsim/hw/vta_regs.h"
#include "architecture_checks.h"

namespace accsim::cli {

std::unique_ptr<vta::VtaModule> attach_vta(const config::LoadedConfig& loaded, Platform& platform,
                                           RunStatus& status, uint64_t max_cycles) {
  const nlohmann::json& cfg = loaded.effective;
  if (!cfg.contains("vta")) return nullptr;
  const vta::VtaConfig config = vta_config_of(loaded);
  auto module =
      std::make_unique<vta::VtaModule>("vta", config, platform.clock(), status, max_cycles);
  platform.connect_target(module->control_side, "vta", config.base, VTA_REG_BLOCK_SIZE);
  platform.connect_initiator(module->dma_side, "vta.dma");
  return module;
}

void record_simulated_vta(nlohmann::json& effective, const vta::VtaModule& vta) {
  effective["vta"]["hw"] = vta::shape_to_json(vta.config().shape);
  effective["vta"]["hw_file"] = "";  // folded into "hw" above
}

}  // namespace accsim::cli
