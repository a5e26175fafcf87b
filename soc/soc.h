// The SoC a config describes, in one place: the fabric (clock, bus, memories with their L2,
// sim-control: Platform), the CPU with its caches, and every component the config names (the
// CFU on the CPU's custom-0 path, the VTA and the listed devices on the bus), built through the
// component registry. It loads firmware, and asks every part for its statistics, its
// per-region figures and its timeline activity. `accsim run` and the tests build the same Soc.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cached_memory.h"
#include "component.h"
#include "cpu_module.h"
#include "elf_loader.h"
#include "energy_model.h"
#include "jsonconfig/config.h"
#include "platform.h"
#include "region_profiler.h"
#include "soc_builder.h"

namespace accsim::soc {

class Soc : public SocBuilder {
 public:
  // Builds the SoC `loaded` (a validated architecture) describes. Throws config::ValueError or
  // std::invalid_argument when a component cannot be built (the message names the key).
  Soc(const config::LoadedConfig& loaded, RunStatus& status, SocOptions options,
      const cpu::MemoryTraceOptions& memory_traces = {});
  ~Soc() override;

  // SocBuilder: what components see while they are built.
  const Clock& clock() const override { return m_platform.clock(); }
  RunStatus& status() override { return m_status; }
  const SocOptions& options() const override { return m_options; }
  cpu::CpuModule& cpu() override { return *m_cpu; }
  void connect_initiator(tlm::tlm_initiator_socket<>& socket, const std::string& name) override;
  void connect_target(tlm::tlm_target_socket<>& socket, const std::string& name, uint64_t base,
                      uint64_t size) override;

  Platform& platform() { return m_platform; }
  SimControl& sim_control() { return m_platform.sim_control(); }
  const cpu::CpuModule& cpu() const { return *m_cpu; }

  // Puts the firmware's segments into memory and starts the CPU at its entry. Throws
  // cpu::ElfError (a segment outside every memory).
  void load_firmware(const cpu::ElfImage& image, const std::string& path);

  // Per-region figures (firmware region markers, e.g. one per layer or model operator): the
  // CPU's, then each component's. The profiler hears the sim-control's region events.
  std::unique_ptr<RegionProfiler> make_region_profiler();
  // The CPU's counters, then each part's counters and activity tracks.
  void attach_timeline(TimelineSink& sink);
  void report(Stats& stats) const;
  // Every part's action counts (run/action_counter.h): the CPU and its caches, the CPU-side
  // components, the fabric (bus, memories and their L2), the bus components.
  std::vector<ActionCounter> action_counters() const;
  // The energy model, when the config has an "energy" section; else null.
  const energy::EnergyModel* energy() const { return m_energy.get(); }
  // Makes `effective` (the run's config.json) record what was simulated.
  void record_simulated(nlohmann::json& effective) const;

 private:
  // The components in the order the SoC asks them: on the CPU's path, or on the bus.
  std::vector<Component*> components(ComponentType::Attach attach) const;
  // The C++ core's per-region counters (its instructions, cache misses and stalls).
  void add_model_region_counters(std::vector<RegionCounter>& counters) const;
  // Misses by class (3C) and their stall cycles, per L1 that classifies; each L2's misses.
  void add_miss_class_counters(std::vector<RegionCounter>& counters) const;
  // A profiler of `counters` that hears the sim-control's region events.
  // The last `hidden` counters are kept for the energy model's per-region figures only.
  std::unique_ptr<RegionProfiler> region_profiler(std::vector<RegionCounter> counters,
                                                  size_t hidden = 0);

  RunStatus& m_status;
  SocOptions m_options;
  Platform m_platform;
  std::unique_ptr<cpu::CpuModule> m_cpu;
  std::vector<std::pair<ComponentType::Attach, std::unique_ptr<Component>>> m_components;
  std::unique_ptr<energy::EnergyModel> m_energy;
};

}  // namespace accsim::soc
