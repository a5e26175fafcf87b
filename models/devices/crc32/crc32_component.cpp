#include "crc32_component.h"

#include <memory>
#include <string>
#include <vector>

#include "crc32_config.h"
#include "crc32_module.h"
#include "crc32_regs.h"
#include "soc_builder.h"

namespace accsim {
std::string_view crc32_schema_fragment();  // crc32.schema.json, embedded by CMake
}

namespace accsim::crc32 {

namespace {

class Crc32Component : public soc::Component {
 public:
  Crc32Component(const Crc32Config& config, soc::SocBuilder& soc)
      : m_name(config.name), m_module(config.name.c_str(), config.timing, soc.clock()) {
    soc.connect_target(m_module.bus_side, m_name, config.base, CRC32_REG_BLOCK_SIZE);
  }

  void report(Stats& stats) const override { m_module.report(stats); }

  void add_region_counters(std::vector<soc::RegionCounter>& counters) const override {
    const Crc32Engine* engine = &m_module.engine();
    counters.push_back({m_name + "_bytes",
                        "Bytes fed to " + m_name + " (a CRC-32 engine) in the region",
                        [engine] { return engine->counters().bytes; }});
  }

  void add_action_counters(std::vector<ActionCounter>& counters) const override {
    const Crc32Engine* engine = &m_module.engine();
    counters.push_back({m_name, "crc32", "byte", "", "Bytes fed to the CRC-32 engine", 0,
                        [engine] { return engine->counters().bytes; }});
  }

  void attach_timeline(TimelineSink& sink) override {
    const Crc32Engine* engine = &m_module.engine();
    sink.add_counter({m_name + " bytes", [engine] { return double(engine->counters().bytes); }});
  }

 private:
  std::string m_name;
  Crc32Module m_module;
};

Crc32Config config_of(const soc::ComponentConfig& config) {
  return crc32_config_from_json(config.section(), config.key);
}

}  // namespace

const soc::ComponentType& crc32_component_type() {
  static const soc::ComponentType type{
      "devices",
      "crc32",
      soc::ComponentType::Attach::kBus,
      crc32_schema_fragment,
      [](const soc::ComponentConfig& config) { config_of(config); },
      [](const soc::ComponentConfig& config) -> std::vector<soc::MappedRange> {
        const nlohmann::json& entry = config.section();
        const auto base = config::parse_address(entry.value("base", nlohmann::json()));
        if (!base) return {};
        return {
            {entry.value("name", config.key), *base, CRC32_REG_BLOCK_SIZE, config.key + ".base"}};
      },
      [](const soc::ComponentConfig& config,
         soc::SocBuilder& soc) -> std::unique_ptr<soc::Component> {
        return std::make_unique<Crc32Component>(config_of(config), soc);
      },
      [] { return crc32_timing_to_json(Crc32Timing{}); }};
  return type;
}

}  // namespace accsim::crc32
