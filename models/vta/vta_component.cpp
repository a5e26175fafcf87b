#include "vta_component.h"

#include "accsim/hw/vta_regs.h"
#include "soc_builder.h"
#include "vta_module.h"
#include "vta_timeline.h"

namespace accsim {
std::string_view vta_schema_fragment();  // vta.schema.json, embedded by CMake
}

namespace accsim::vta {

namespace {

class VtaComponent : public soc::Component {
 public:
  VtaComponent(const VtaConfig& config, soc::SocBuilder& soc)
      : m_module("vta", config, soc.clock(), soc.status(), soc.options().max_cycles) {
    soc.connect_target(m_module.control_side, "vta", config.base, VTA_REG_BLOCK_SIZE);
    soc.connect_initiator(m_module.dma_side, "vta.dma");
  }

  void report(Stats& stats) const override { m_module.report(stats); }

  void add_region_counters(std::vector<soc::RegionCounter>& counters) const override {
    counters.push_back({"vta_busy_cycles",
                        "Cycles the VTA's load, compute and store modules worked, summed",
                        [this] { return m_module.module_busy_cycles(); }});
    counters.push_back({"vta_dma_bytes", "Bytes the VTA's DMA moved in the region",
                        [this] { return m_module.dma_bytes(); }});
  }

  void add_action_counters(std::vector<ActionCounter>& counters) const override {
    m_module.add_action_counters(counters);
  }

  void attach_timeline(TimelineSink& sink) override {
    m_timeline = std::make_unique<VtaTimeline>(sink);
    m_module.set_activity_sink(m_timeline.get());
    sink.add_counter({"vta dma bytes", [this] { return double(m_module.dma_bytes()); }});
  }

  // The shape as simulated, with vta.hw_file folded in (hw_file emptied), so that config.json
  // re-runs the same shape from any directory.
  void record_simulated(nlohmann::json& effective) const override {
    effective["vta"]["hw"] = shape_to_json(m_module.config().shape);
    effective["vta"]["hw_file"] = "";
  }

 private:
  VtaModule m_module;
  std::unique_ptr<VtaTimeline> m_timeline;
};

}  // namespace

VtaConfig vta_config_of(const soc::ComponentConfig& config) {
  const nlohmann::json& vta = config.section();
  std::vector<std::string> set_on_command_line;
  if (vta.contains("hw") && vta["hw"].is_object()) {
    for (const auto& item : vta["hw"].items()) {
      if (config.loaded.set_on_command_line("vta.hw." + item.key())) {
        set_on_command_line.push_back(item.key());
      }
    }
  }
  // hw_file is absolute once loaded (a "file" key of the schema).
  return vta_config_from_json(vta, {}, set_on_command_line);
}

const soc::ComponentType& vta_component_type() {
  static const soc::ComponentType type{
      "vta",
      "vta",
      soc::ComponentType::Attach::kBus,
      vta_schema_fragment,
      [](const soc::ComponentConfig& config) { vta_config_of(config); },
      [](const soc::ComponentConfig& config) -> std::vector<soc::MappedRange> {
        const auto base = config::parse_address(config.section().value("base", nlohmann::json()));
        if (!base) return {};
        return {{"vta", *base, VTA_REG_BLOCK_SIZE, "vta.base"}};
      },
      [](const soc::ComponentConfig& config,
         soc::SocBuilder& soc) -> std::unique_ptr<soc::Component> {
        return std::make_unique<VtaComponent>(vta_config_of(config), soc);
      },
      [] { return vta_config_to_json(VtaConfig{}); }};
  return type;
}

}  // namespace accsim::vta
