#include "verilog_device_component.h"

#include <stdexcept>

#include "cpu_module.h"
#include "runtime_wishbone.h"
#include "soc_builder.h"
#include "stats.h"
#include "verilog_device_config.h"
#include "wishbone_device_module.h"

namespace accsim {
std::string_view verilog_schema_fragment();  // verilog_device.schema.json, embedded
}

namespace accsim::wishbone {

namespace {

std::unique_ptr<WishboneModel> load_model(const VerilogDeviceConfig& config, bool trace,
                                          const soc::SocOptions& options) {
  WishboneRtlSpec spec;
  spec.what = config.key + " (" + config.name + ")";
  spec.sources = config.sources;
  spec.top = config.top;
  spec.parameters = config.parameters;
  spec.ports = config.ports;
  try {
    return load_wishbone_model(spec, config.name, trace, options.note);
  } catch (const std::runtime_error& e) {
    throw std::invalid_argument(e.what());  // the config names a device that cannot be built
  }
}

WishboneDeviceModule::Setup setup_of(const VerilogDeviceConfig& config, soc::SocBuilder& soc) {
  WishboneDeviceModule::Setup setup;
  WishboneDeviceOptions& o = setup.options;
  o.addressing = config.addressing;
  o.timeout_cycles = config.timeout_cycles;
  o.clock_idle = config.clock_idle;
  o.clock_period_ps = soc.clock().period_ps();
  const soc::SocOptions& options = soc.options();
  if (!options.waveform.empty()) {
    // <out>/<name>.fst, beside the CFU's waveform (options.waveform is <out>/cfu.fst).
    o.fst_path = (options.waveform.parent_path() / (config.name + ".fst")).string();
    o.trace_first_cycle = options.trace_window.window_begin;
    o.trace_end_cycle = options.trace_window.window_end;
  }
  setup.naming = {config.name, config.base, config.key + ".wishbone.timeout_cycles"};
  setup.has_master = !config.ports.master.empty();
  // The CPU synchronises before each MMIO access: none comes before its local cycle.
  const cpu::CpuModule* cpu = &soc.cpu();
  setup.horizon = [cpu] { return cpu->cycle(); };
  setup.max_cycles = options.max_cycles;
  return setup;
}

class VerilogDevice : public soc::Component {
 public:
  VerilogDevice(const VerilogDeviceConfig& config, soc::SocBuilder& soc)
      : m_name(config.name),
        m_cpu(soc.cpu()),
        m_has_master(!config.ports.master.empty()),
        m_module(config.name.c_str(),
                 load_model(config, !soc.options().waveform.empty(), soc.options()),
                 setup_of(config, soc), soc.clock(), soc.status()) {
    soc.connect_target(m_module.slave().socket, config.name, config.base, config.size);
    if (m_has_master) {
      soc.connect_initiator(m_module.master()->socket, config.name + ".master");
    }
  }

  void report(Stats& stats) const override {
    const WishboneDevice::Counters& c = m_module.device().counters();
    const std::string p = m_name + ".";
    stats.set(p + "slave.reads", c.slave_reads, "Wishbone read cycles on its slave port");
    stats.set(p + "slave.writes", c.slave_writes, "Wishbone write cycles on its slave port");
    stats.set(p + "slave.cycles", c.slave_cycles,
              "Cycles of those, from cyc and stb to ack or err");
    stats.set(p + "slave.errors", c.slave_errors, "Slave cycles it ended with err");
    stats.set(p + "slave.timeouts", c.slave_timeouts,
              "Slave cycles it answered with neither ack nor err in time");
    stats.set(p + "rtl.cycles_clocked", c.cycles_clocked,
              "Clock cycles the Verilated device was run");
    // An idle device is brought to a cycle only when accessed: its last idle stretch runs to
    // the end of the run (the CPU's last cycle).
    const WishboneDevice& device = m_module.device();
    const uint64_t end = m_cpu.cycle();
    const uint64_t last_stretch = device.idle() && end > device.cycle() ? end - device.cycle() : 0;
    stats.set(p + "rtl.cycles_idle", c.cycles_idle + last_stretch,
              "Cycles it was not clocked, its state a fixed point (docs/wishbone.md)");
    if (!m_has_master) return;
    stats.set(p + "master.reads", c.master_reads, "Read requests of its master port");
    stats.set(p + "master.writes", c.master_writes, "Write requests of its master port");
    stats.set(p + "master.bytes", c.master_bytes, "Bytes those moved (the lanes sel selected)");
    stats.set(p + "master.cycles", c.master_cycles, "Cycles of those, from request to ack or err");
    stats.set(p + "master.errors", c.master_errors, "Master requests answered with err");
  }

  void add_region_counters(std::vector<soc::RegionCounter>& counters) const override {
    if (!m_has_master) return;
    const WishboneDevice* device = &m_module.device();
    counters.push_back({m_name + "_master_bytes",
                        "Bytes the " + m_name + "'s Wishbone master moved in the region",
                        [device] { return device->counters().master_bytes; }});
  }

  // Its Wishbone cycles for the energy model, table class "verilog_device" (docs/energy.md).
  void add_action_counters(std::vector<ActionCounter>& counters) const override {
    const WishboneDevice* device = &m_module.device();
    const auto add = [&](const char* action, const char* description,
                         std::function<uint64_t()> read) {
      counters.push_back({m_name, "verilog_device", action, "", description, 0, std::move(read)});
    };
    add("slave_read", "Wishbone read cycles on its slave port",
        [device] { return device->counters().slave_reads; });
    add("slave_write", "Wishbone write cycles on its slave port",
        [device] { return device->counters().slave_writes; });
    if (m_has_master) {
      add("master_byte", "Bytes its Wishbone master moved",
          [device] { return device->counters().master_bytes; });
    }
  }

  void attach_timeline(TimelineSink& sink) override {
    if (!m_has_master) return;
    const WishboneDevice* device = &m_module.device();
    sink.add_counter(
        {m_name + " master bytes", [device] { return double(device->counters().master_bytes); }});
  }

 private:
  std::string m_name;
  const cpu::CpuModule& m_cpu;
  bool m_has_master;
  WishboneDeviceModule m_module;
};

}  // namespace

const soc::ComponentType& verilog_device_type() {
  static const soc::ComponentType type{
      "devices",
      "verilog",
      soc::ComponentType::Attach::kBus,
      verilog_schema_fragment,
      [](const soc::ComponentConfig& config) {
        verilog_device_config(config.section(), config.key);
      },
      [](const soc::ComponentConfig& config) -> std::vector<soc::MappedRange> {
        const nlohmann::json& entry = config.section();
        const auto base = config::parse_address(entry.value("base", nlohmann::json()));
        const auto size = config::parse_size(entry.value("size", nlohmann::json()));
        if (!base || !size) return {};
        return {{entry.value("name", "verilog"), *base, *size, config.key + ".base"}};
      },
      [](const soc::ComponentConfig& config,
         soc::SocBuilder& soc) -> std::unique_ptr<soc::Component> {
        return std::make_unique<VerilogDevice>(verilog_device_config(config.section(), config.key),
                                               soc);
      },
      [] { return verilog_device_config_to_json(VerilogDeviceConfig{}); }};
  return type;
}

}  // namespace accsim::wishbone
