// The contract of every component a SoC is assembled from besides the CPU and the fabric: the
// CFU on the CPU's custom-0 path, bus devices such as the VTA, the devices a config lists.
//
// A component type (ComponentType) is registered once (component_registry.cpp) with
//   - where the config describes it: a top-level section ("vta", "cfu") or, for "devices",
//     each entry of its kind;
//   - its schema fragment, the one place its keys and their documentation live, with the
//     defaults of keys no config struct reads (descriptions, file names, kinds);
//   - `defaults`: the defaults of the keys its config structs read, from their member
//     initialisers, written into the fragment when the schema is assembled (so each default is
//     written once; the fragment must not repeat them);
//   - `check`: the parse of its section, which is the validation (nothing re-checks it): it
//     throws config::ValueError naming the key at fault;
//   - `ranges`: the bus ranges it maps, for the overlap check;
//   - `build`: makes the component and binds it through the SocBuilder.
// Component folders include only this header and soc_builder.h (the accsim_component_contract
// target), never the Soc itself.
// A built Component reports its statistics, its per-region figures, its action counts (energy)
// and its timeline activity.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "action_counter.h"
#include "jsonconfig/config.h"
#include "timeline_sink.h"

namespace accsim {
class Stats;
}

namespace accsim::soc {

class SocBuilder;

// A component's part of the loaded config: its section at `key` ("vta", "cfu", "devices[1]").
struct ComponentConfig {
  const config::LoadedConfig& loaded;
  std::string key;

  // Schema-valid, defaults filled in; file names (schema "file" keys) already absolute.
  const nlohmann::json& section() const {
    return loaded.effective.at(nlohmann::json::json_pointer(pointer()));
  }

 private:
  // "devices[1]" -> "/devices/1"
  std::string pointer() const {
    std::string p = "/";
    for (char c : key) {
      if (c == '.' || c == '[') {
        p += '/';
      } else if (c != ']') {
        p += c;
      }
    }
    return p;
  }
};

// A bus range a component maps: for the overlap check at `key` and for the bus map.
struct MappedRange {
  std::string name;
  uint64_t base;
  uint64_t size;
  std::string key;  // the JSON path that placed it, e.g. "vta.base"
};

// A figure the region profiler charges to each firmware region (e.g. the CFU's busy cycles).
struct RegionCounter {
  std::string name;         // statistic suffix: region.<name>.<counter>
  std::string description;  // e.g. "Cycles the CFU's MACC pipeline worked in the region"
  std::function<uint64_t()> read;
};

class Component {
 public:
  virtual ~Component() = default;
  // Statistics at the end of the run.
  virtual void report(Stats& stats) const = 0;
  // Figures charged to each firmware region, in the order they should be reported.
  virtual void add_region_counters(std::vector<RegionCounter>& counters) const { (void)counters; }
  // The actions it performs, for the energy model (run/action_counter.h, docs/energy.md): read
  // from the counters it keeps anyway, at region boundaries and at the run's end.
  virtual void add_action_counters(std::vector<ActionCounter>& counters) const { (void)counters; }
  // Counters and activity tracks on the run's timeline.
  virtual void attach_timeline(TimelineSink& sink) { (void)sink; }
  // Makes the run's config.json record what was simulated when it differs from the section
  // (e.g. a shape read from a file).
  virtual void record_simulated(nlohmann::json& effective) const { (void)effective; }
};

struct ComponentType {
  // Where it sits: on the CPU's own path (the CFU) or on the bus. The SoC orders what it asks of
  // its components by distance from the CPU: CPU-side components, then the fabric, then the bus
  // devices.
  enum class Attach { kCpu, kBus };

  std::string section;  // top-level config key: "vta", "cfu", or "devices"
  std::string kind;     // for "devices": the entries' "kind" it builds; else = section
  Attach attach;
  // Its schema fragment (JSON text, embedded from its folder): the node of its section, or of
  // its variant of a devices entry.
  std::string_view (*schema)();
  std::function<void(const ComponentConfig&)> check;
  std::function<std::vector<MappedRange>(const ComponentConfig&)> ranges;
  std::function<std::unique_ptr<Component>(const ComponentConfig&, SocBuilder&)> build;
  // Its config structs' defaults as the section's keys ({"dma": {"burst_bytes": 64}, ...}), or
  // null if it has none. Last, so that a registration without it still compiles.
  nlohmann::json (*defaults)() = nullptr;
};

}  // namespace accsim::soc
