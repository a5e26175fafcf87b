#include "soc.h"

#include <spdlog/spdlog.h>

#include <cstdio>

#include "architecture_checks.h"
#include "cache_config.h"
#include "cpu_config.h"
#include "cpu_rtl_config.h"
#include "stats.h"
#include "vexriscv_runtime.h"

namespace accsim::soc {

Soc::Soc(const config::LoadedConfig& loaded, RunStatus& status, SocOptions options,
         const cpu::MemoryTraceOptions& memory_traces)
    : m_status(status), m_options(std::move(options)), m_platform(loaded.effective, status) {
  const nlohmann::json& cfg = loaded.effective;

  // The CPU and its caches, on the bus as VexRiscv's two masters.
  cpu::CpuRunLimits limits = cpu::run_limits_from_json(cfg.at("simulation"));
  limits.max_cycles = m_options.max_cycles;  // the run's: --max-cycles overrides the config's
  m_cpu = std::make_unique<cpu::CpuModule>(
      "cpu", clock(), cpu::core_config_from_json(cfg.at("cpu")),
      cache::caches_config_from_json(cfg.at("caches"), cfg.at("seed").get<uint64_t>()), status,
      limits, memory_traces);
  const int ibus = m_platform.connect_initiator(m_cpu->ibus, "cpu.ibus");
  const int dbus = m_platform.connect_initiator(m_cpu->dbus, "cpu.dbus");
  m_cpu->set_timing_only_path(m_platform.bus(), ibus, dbus);
  // cpu.impl = rtl: the VexRiscv Verilog runs in the core's place, on the same sockets.
  const bool cpu_rtl = cpu::rtl::cpu_is_rtl(cfg);
  if (cpu_rtl) {
    cpu::rtl::RtlCpuRunOptions run;
    if (!m_options.waveform.empty()) {
      // <out>/cpu.fst, beside the CFU's waveform (m_options.waveform is <out>/cfu.fst); a
      // region or operator window (live) is not known in cycles yet: the whole run.
      run.fst_path = (m_options.waveform.parent_path() / "cpu.fst").string();
      if (!m_options.trace_window.live) {
        run.trace_first_cycle = m_options.trace_window.window_begin;
        run.trace_end_cycle = m_options.trace_window.window_end;
      }
    }
    run.clock_period_ps = clock().period_ps();
    run.note = m_options.note;
    m_cpu->set_rtl(cpu::rtl::make_rtl_cpu(cfg, m_cpu->bus_port(), status, run));
  }
  std::vector<uint32_t> firmware_args;
  for (const auto& a : cfg.at("firmware_args")) {
    firmware_args.push_back(static_cast<uint32_t>(a.get<int64_t>()));
  }
  sim_control().set_firmware_args(std::move(firmware_args));

  // Every component the config names, in registry order.
  bool waveform_taken = cpu_rtl;
  for (const auto& [type, config] : configured_components(loaded)) {
    m_components.emplace_back(type->attach, type->build(config, *this));
    // The RTL that writes waveforms: the CFU and Verilog devices.
    waveform_taken = waveform_taken || type->section == "cfu" || type->kind == "verilog";
  }
  // An access fault names what the address reaches: the device and the offset in it, or none.
  m_cpu->core().set_address_namer([&map = m_platform.bus().address_map()](uint32_t address) {
    const AddressRange* range = map.decode(address, 1);
    if (range == nullptr) return std::string("no device or memory is mapped there");
    char offset[24];
    std::snprintf(offset, sizeof offset, " + 0x%llx",
                  static_cast<unsigned long long>(address - range->base));  // NOLINT(runtime/int)
    return range->name + offset;
  });
  // The energy model prices every part's actions; built last, once every part is connected.
  if (cfg.contains("energy")) {
    m_energy = std::make_unique<energy::EnergyModel>(energy::energy_table_of(cfg.at("energy")),
                                                     action_counters(), clock().period_ps());
  }
  if (!m_options.waveform.empty() && !waveform_taken) {
    spdlog::warn(
        "--trace fst: the architecture has no CFU and no Verilog device, so there is no waveform");
  }
}

Soc::~Soc() = default;

void Soc::connect_initiator(tlm::tlm_initiator_socket<>& socket, const std::string& name) {
  m_platform.connect_initiator(socket, name);
}

void Soc::connect_target(tlm::tlm_target_socket<>& socket, const std::string& name, uint64_t base,
                         uint64_t size) {
  m_platform.connect_target(socket, name, base, size);
}

void Soc::load_firmware(const cpu::ElfImage& image, const std::string& path) {
  cpu::load_segments(image, path, [&](uint32_t addr, const uint8_t* data, size_t len) {
    return m_platform.write_debug(addr, data, len);
  });
  m_cpu->set_program(image);
}

std::vector<Component*> Soc::components(ComponentType::Attach attach) const {
  std::vector<Component*> out;
  for (const auto& [where, component] : m_components) {
    if (where == attach) out.push_back(component.get());
  }
  return out;
}

std::unique_ptr<RegionProfiler> Soc::make_region_profiler() {
  const cpu::CpuModule* cpu = m_cpu.get();
  std::vector<RegionCounter> counters;
  if (const cpu::RtlCpu* rtl = cpu->rtl()) {
    // What the RTL CPU shows: its minstret and the I$ refills on the bus (every I$ miss is one).
    if (rtl->has_instret()) {
      counters.push_back(
          {"instructions", "Instructions retired in the region", [rtl] { return rtl->instret(); }});
    }
    counters.push_back(
        {"icache_misses", "I$ misses in the region", [rtl] { return rtl->icache_refills(); }});
    counters.push_back({"dcache_refills", "D$ line refills in the region (the RTL CPU)",
                        [rtl] { return rtl->dcache_refills(); }});
  } else {
    add_model_region_counters(counters);
  }
  for (const auto attach : {ComponentType::Attach::kCpu, ComponentType::Attach::kBus}) {
    for (const Component* c : components(attach)) c->add_region_counters(counters);
  }
  if (!m_energy) return region_profiler(std::move(counters));
  // Each component's dynamic energy so far (fJ), read at the region markers: a region's energy
  // is the difference, so regions and operators add up exactly.
  const energy::EnergyModel* model = m_energy.get();
  const size_t first = counters.size();
  const size_t n = model->components().size();
  for (size_t i = 0; i < n; ++i) {
    counters.push_back({"energy_fj." + model->components()[i], "Dynamic energy (fJ)",
                        [model, i] { return model->dynamic_fj(i); }});
  }
  auto profiler = region_profiler(std::move(counters), n);
  profiler->set_derived([model, first, n](Stats& stats, const std::string& prefix, uint64_t cycles,
                                          const std::vector<uint64_t>& values) {
    const std::vector<uint64_t> fj(values.begin() + first, values.begin() + first + n);
    model->report_region(stats, prefix, cycles, fj);
  });
  return profiler;
}

void Soc::add_model_region_counters(std::vector<RegionCounter>& counters) const {
  const cpu::CpuModule* cpu = m_cpu.get();
  counters = {{"instructions", "Instructions retired in the region",
               [cpu] { return cpu->core().instret(); }},
              {"icache_misses", "I$ misses in the region",
               [cpu] { return cpu->memory().totals().icache_misses; }},
              {"dcache_misses", "D$ misses in the region",
               [cpu] { return cpu->memory().totals().dcache_misses; }},
              {"icache_stall_cycles", "Cycles stalled on the I$ in the region",
               [cpu] { return cpu->memory().totals().icache_stall; }},
              {"dcache_stall_cycles", "Cycles stalled on the D$ in the region",
               [cpu] { return cpu->memory().totals().dcache_stall; }}};
  add_miss_class_counters(counters);
  // The summary's stall breakdown, per region: fetch and data are the I$ and D$ stalls plus
  // those of uncached fetches and accesses (MMIO, write-through).
  for (const cpu::StallKind& kind : cpu::kStallKinds) {
    const auto counter = kind.counter;
    counters.push_back({std::string(kind.name) + "_stall_cycles",
                        std::string(kind.description) + " in the region",
                        [cpu, counter] { return cpu->core().stalls().*counter; }});
  }
}

void Soc::add_miss_class_counters(std::vector<RegionCounter>& counters) const {
  static const char* const kClasses[3] = {"compulsory", "capacity", "conflict"};
  const cpu::CpuModule* cpu = m_cpu.get();
  // <cache>_<class>_misses and the stall cycles those misses cost, <cache>_<class>_miss_cycles,
  // for each L1 that classifies (classify_misses): which kind of miss a region's stalls are.
  for (const char letter : {'I', 'D'}) {
    if (!cpu->memory().reports_miss_classes(letter)) continue;
    const std::string cache = letter == 'I' ? "icache" : "dcache";
    const std::string label = letter == 'I' ? "I$" : "D$";
    for (int c = 0; c < 3; ++c) {
      const std::string cls = kClasses[c];
      counters.push_back({cache + "_" + cls + "_misses",
                          cls + " " + label + " misses in the region", [cpu, letter, c] {
                            const auto t = cpu->memory().totals();
                            return letter == 'I' ? t.icache_class[c] : t.dcache_class[c];
                          }});
      counters.push_back(
          {cache + "_" + cls + "_miss_cycles",
           "Cycles stalled on " + cls + " " + label + " misses in the region", [cpu, letter, c] {
             const auto t = cpu->memory().totals();
             return letter == 'I' ? t.icache_class_stall[c] : t.dcache_class_stall[c];
           }});
    }
  }
  // Each L2 (in front of a memory): its misses, and by class where it classifies; the cycles
  // are the DRAM time of its fills and write-backs.
  for (const auto& memory : m_platform.memories()) {
    const MemorySideCache* l2 = memory->cache();
    if (l2 == nullptr) continue;
    const std::string name = memory->basename();
    const std::string p = name == "main_ram" ? "l2_" : "l2_" + name + "_";
    counters.push_back(
        {p + "misses", "L2 misses in the region (" + name + ")", [l2] { return l2->misses(); }});
    if (!l2->classifies()) continue;
    for (int c = 0; c < 3; ++c) {
      const std::string cls = kClasses[c];
      counters.push_back(
          {p + cls + "_misses", cls + " L2 misses in the region (" + name + ")", [l2, c] {
             uint64_t misses[3], cycles[3];
             l2->class_totals(misses, cycles);
             return misses[c];
           }});
      counters.push_back({p + cls + "_miss_cycles",
                          "DRAM cycles of " + cls + " L2 misses in the region (" + name + ")",
                          [l2, c] {
                            uint64_t misses[3], cycles[3];
                            l2->class_totals(misses, cycles);
                            return cycles[c];
                          }});
    }
  }
}

std::unique_ptr<RegionProfiler> Soc::region_profiler(std::vector<RegionCounter> counters,
                                                     size_t hidden) {
  std::vector<RegionProfiler::Counter> names;
  std::vector<std::function<uint64_t()>> reads;
  for (size_t i = 0; i < counters.size(); ++i) {
    names.push_back({counters[i].name, counters[i].description, i + hidden >= counters.size()});
    reads.push_back(std::move(counters[i].read));
  }
  auto profiler = std::make_unique<RegionProfiler>(std::move(names), [reads] {
    std::vector<uint64_t> values;
    values.reserve(reads.size());
    for (const auto& read : reads) values.push_back(read());
    return values;
  });
  RegionProfiler* p = profiler.get();
  sim_control().add_region_listener([p](const RegionEvent& e) { p->on_event(e); });
  return profiler;
}

void Soc::attach_timeline(TimelineSink& sink) {
  const cpu::CpuModule* cpu = m_cpu.get();
  if (const cpu::RtlCpu* rtl = cpu->rtl()) {
    sink.add_counter({"icache misses", [rtl] { return double(rtl->icache_refills()); }});
    sink.add_counter({"dcache refills", [rtl] { return double(rtl->dcache_refills()); }});
  } else {
    sink.add_counter(
        {"icache misses", [cpu] { return double(cpu->memory().totals().icache_misses); }});
    sink.add_counter(
        {"dcache misses", [cpu] { return double(cpu->memory().totals().dcache_misses); }});
    sink.add_counter({"cfu ops", [cpu] { return double(cpu->core().cfu_ops()); }});
  }
  for (Component* c : components(ComponentType::Attach::kCpu)) c->attach_timeline(sink);
  // The fabric: how busy each DRAM is, per sampling interval.
  const double percent = 100.0 / double(sink.sample_interval_cycles());
  for (const auto& memory : m_platform.memories()) {
    if (memory->memory_kind() != MemoryKind::kDram) continue;
    const Memory* m = memory.get();
    sink.add_counter({std::string(m->basename()) + " busy %",
                      [m] { return double(m->busy_cycles()); }, true, percent});
  }
  for (Component* c : components(ComponentType::Attach::kBus)) c->attach_timeline(sink);
  // Power per component (mW): its energy over each sampling interval, leakage included. The
  // leakage reads the CPU's cycle, the time the samples are taken at.
  if (m_energy) {
    const energy::EnergyModel* model = m_energy.get();
    const double period_ps = double(clock().period_ps());
    // fJ / ps = mW
    const double scale = 1.0 / (double(sink.sample_interval_cycles()) * period_ps);
    for (size_t i = 0; i < model->components().size(); ++i) {
      sink.add_counter({"power " + model->components()[i] + " mW",
                        [model, cpu, i, period_ps] {
                          return double(model->dynamic_fj(i)) +
                                 model->leakage_mw(i) * double(cpu->cycle()) * period_ps;
                        },
                        true, scale});
    }
  }
}

void Soc::report(Stats& stats) const {
  m_platform.report(stats);
  m_cpu->report(stats);
  for (const auto& [where, component] : m_components) component->report(stats);
  if (m_energy) {
    m_energy->report(stats, m_cpu->cycle());
    for (const std::string& name : m_energy->unpriced()) {
      spdlog::warn("energy: {} was counted but the table {} has no energy for it (priced 0)", name,
                   m_energy->table().file);
    }
  }
}

std::vector<ActionCounter> Soc::action_counters() const {
  std::vector<ActionCounter> counters;
  m_cpu->add_action_counters(counters);
  for (const Component* c : components(ComponentType::Attach::kCpu)) {
    c->add_action_counters(counters);
  }
  m_platform.add_action_counters(counters);
  for (const Component* c : components(ComponentType::Attach::kBus)) {
    c->add_action_counters(counters);
  }
  return counters;
}

void Soc::record_simulated(nlohmann::json& effective) const {
  for (const auto& [where, component] : m_components) component->record_simulated(effective);
}

}  // namespace accsim::soc
