#include "cfu_component.h"

#include <spdlog/spdlog.h>

#include "cfu_factory.h"
#include "cfu_port.h"
#include "cpu_module.h"
#include "soc_builder.h"

namespace accsim {
std::string_view cfu_schema_fragment();  // cfu.schema.json, embedded by CMake
}

namespace accsim::cfu {

namespace {

class CfuComponent : public soc::Component {
 public:
  CfuComponent(const nlohmann::json& section, soc::SocBuilder& soc) : m_cpu(soc.cpu()) {
    const soc::SocOptions& options = soc.options();
    VerilatedCfuOptions rtl;
    if (!options.waveform.empty()) {
      if (section.at("impl") != "rtl") {
        spdlog::warn(
            "--trace fst: the CFU is the C++ model (cfu.impl = model); only RTL co-simulation "
            "has signals to trace");
      }
      rtl.fst_path = options.waveform.string();
      rtl.trace_first_cycle = options.trace_window.window_begin;
      rtl.trace_end_cycle = options.trace_window.window_end;
    }
    m_module = make_cfu(section, soc.clock(), rtl, options.note);
    m_port = std::make_unique<CfuPort>("cpu_cfu_port");
    m_port->to_cfu.bind(m_module->cpu_side);
    m_port->set_direct_target(&m_module->model());
    m_cpu.set_cfu(m_port.get());
  }

  // The CFU's figures end where the CPU's do.
  void report(Stats& stats) const override { m_module->report(stats, m_cpu.cycle()); }

  void add_region_counters(std::vector<soc::RegionCounter>& counters) const override {
    const CfuModel* model = &m_module->model();
    if (!model->counts_activity()) return;
    counters.push_back({"cfu_busy_cycles", "Cycles the CFU's MACC pipeline worked in the region",
                        [model] { return model->busy_cycles(); }});
    counters.push_back({"cfu_macs", "Multiply-accumulates the CFU computed in the region",
                        [model] { return model->macs(); }});
  }

  void add_action_counters(std::vector<ActionCounter>& counters) const override {
    m_module->model().add_action_counters(counters);
  }

  void attach_timeline(TimelineSink& sink) override {
    const CfuModel* model = &m_module->model();
    if (model->output_fifo_words(0) < 0) return;  // a CFU without an output FIFO
    const cpu::CpuModule* cpu = &m_cpu;
    sink.add_counter({"cfu output fifo words",
                      [model, cpu] { return double(model->output_fifo_words(cpu->cycle())); },
                      false});
  }

 private:
  cpu::CpuModule& m_cpu;
  std::unique_ptr<CfuModule> m_module;
  std::unique_ptr<CfuPort> m_port;
};

// The section's schema: cfu.schema.json with cfu.kind's values taken from the kinds table, so a
// new kind is one row there.
std::string_view cfu_schema() {
  static const std::string text = [] {
    nlohmann::json schema = nlohmann::json::parse(cfu_schema_fragment());
    nlohmann::json& names = schema["properties"]["kind"]["enum"];
    for (const CfuKind* kind : cfu_kinds()) names.push_back(kind->name);
    return schema.dump();
  }();
  return text;
}

}  // namespace

const soc::ComponentType& cfu_component_type() {
  static const soc::ComponentType type{
      "cfu",
      "cfu",
      soc::ComponentType::Attach::kCpu,
      cfu_schema,
      [](const soc::ComponentConfig& config) {
        const nlohmann::json& section = config.section();
        cfu_kind(section).check(section);
      },
      [](const soc::ComponentConfig&) { return std::vector<soc::MappedRange>{}; },
      [](const soc::ComponentConfig& config,
         soc::SocBuilder& soc) -> std::unique_ptr<soc::Component> {
        return std::make_unique<CfuComponent>(config.section(), soc);
      },
      cfu_defaults};
  return type;
}

}  // namespace accsim::cfu
