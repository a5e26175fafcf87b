#include "plugin_component.h"

#include <memory>
#include <vector>

#include "accsim_plugin.h"
#include "crash_containment.h"
#include "device_soc_builder.h"
#include "device_timeline_sink.h"
#include "mmio_guard.h"
#include "plugin_library.h"
#include "stats.h"

namespace accsim {
std::string_view plugin_schema_fragment();  // plugin.schema.json, embedded by CMake
}

namespace accsim::plugin_device {

namespace {

using nlohmann::json;

// The library's component an entry names. Throws config::ValueError at the entry's keys.
const plugin::ComponentSpec& spec_of(const soc::ComponentConfig& config) {
  const json& entry = config.section();
  const std::string path = entry.at("library").get<std::string>();
  const plugin::Library& library = load_plugin_library(path, config.key + ".library");
  return find_plugin_component(library, path, entry.at("component").get<std::string>(),
                               config.key + ".component");
}

// A key relative to params ("lanes", "table[2]", "") as a key of the config.
std::string params_key(const std::string& entry_key, const std::string& relative) {
  const std::string params = entry_key + ".params";
  if (relative.empty()) return params;
  return relative.front() == '[' ? params + relative : params + "." + relative;
}

config::ValueError params_error(const std::string& entry_key, const config::ValueError& e) {
  std::vector<std::string> related;
  for (const auto& key : e.related()) related.push_back(params_key(entry_key, key));
  return config::ValueError(params_key(entry_key, e.key()), e.problem(), std::move(related));
}

// "device \"scratch\" (plug-in component scratchpad)": how messages name a plug-in device.
std::string describe(const std::string& name, const plugin::ComponentSpec& spec) {
  return "device \"" + name + "\" (plug-in component " + spec.name + ")";
}

// A built plug-in component as the SoC sees it: what it names is put under the device's name.
class PluginDevice : public soc::Component {
 public:
  PluginDevice(const soc::ComponentConfig& config, const plugin::ComponentSpec& spec,
               soc::SocBuilder& soc)
      : m_name(config.section().at("name").get<std::string>()),
        // Its processes ("<name>.engine": the SDK names a device's module after the device)
        // are its clocked work; a fatal signal in them is the device's.
        m_owner(m_name, describe(m_name, spec)) {
    const json& entry = config.section();
    const plugin::Device device{m_name, config::as_u64(entry.at("base")),
                                config::as_u64(entry.at("size")), entry.at("params")};
    const std::string& who = m_owner.owner();
    DeviceSocBuilder builder(soc, device);
    try {
      if (spec.build != nullptr) m_component = spec.build(device, builder);
    } catch (const config::ValueError& e) {
      throw params_error(config.key, e);
    } catch (const std::exception& e) {
      throw config::ValueError(config.key, who + " could not be built: " + e.what());
    }
    if (m_component == nullptr) {
      throw config::ValueError(config.key, who + ": its build made no component");
    }
    if (builder.targets().empty()) {
      throw config::ValueError(config.key,
                               who + " bound no MMIO target socket (soc.connect_target)");
    }
    for (const PendingTarget& target : builder.targets()) {
      m_guards.push_back(
          std::make_unique<MmioGuard>(sc_core::sc_gen_unique_name((m_name + "_guard").c_str()), who,
                                      target.base, soc.clock(), soc.status()));
      soc.connect_target(m_guards.back()->to_bus, target.name, target.base, target.size);
      m_guards.back()->to_device.bind(*target.socket);
    }
  }

  void report(Stats& stats) const override {
    Stats own;
    m_component->report(own);
    stats.add_all(own, m_name + ".");
  }

  void add_region_counters(std::vector<soc::RegionCounter>& counters) const override {
    std::vector<soc::RegionCounter> own;
    m_component->add_region_counters(own);
    for (auto& counter : own) {
      counter.name = m_name + "_" + counter.name;
      counters.push_back(std::move(counter));
    }
  }

  // A plug-in's actions, under its device's name: component <name> (or <name>.<its component>),
  // table class its own (or the device's name when it leaves it empty).
  void add_action_counters(std::vector<ActionCounter>& counters) const override {
    std::vector<ActionCounter> own;
    m_component->add_action_counters(own);
    for (auto& counter : own) {
      counter.component = counter.component.empty() ? m_name : m_name + "." + counter.component;
      if (counter.table_class.empty()) counter.table_class = m_name;
      counters.push_back(std::move(counter));
    }
  }

  void attach_timeline(TimelineSink& sink) override {
    m_sink = std::make_unique<DeviceTimelineSink>(sink, m_name);
    m_component->attach_timeline(*m_sink);
  }

  void record_simulated(json& effective) const override {
    m_component->record_simulated(effective);
  }

 private:
  std::string m_name;
  crash::ForeignOwner m_owner;
  std::vector<std::unique_ptr<MmioGuard>> m_guards;
  std::unique_ptr<soc::Component> m_component;
  std::unique_ptr<DeviceTimelineSink> m_sink;
};

}  // namespace

const soc::ComponentType& plugin_component_type() {
  static const soc::ComponentType type{
      "devices",
      "plugin",
      soc::ComponentType::Attach::kBus,
      plugin_schema_fragment,
      [](const soc::ComponentConfig& config) {
        const plugin::ComponentSpec& spec = spec_of(config);
        if (spec.check == nullptr) return;
        try {
          spec.check(config.section().at("params"));
        } catch (const config::ValueError& e) {
          throw params_error(config.key, e);
        } catch (const std::exception& e) {
          throw config::ValueError(config.key + ".params",
                                   std::string("plug-in component ") + spec.name +
                                       " could not read its params: " + e.what());
        }
      },
      [](const soc::ComponentConfig& config) -> std::vector<soc::MappedRange> {
        const json& entry = config.section();
        const auto base = config::parse_address(entry.value("base", json()));
        const auto size = config::parse_size(entry.value("size", json()));
        if (!base || !size) return {};
        return {{entry.at("name").get<std::string>(), *base, *size, config.key + ".base"}};
      },
      [](const soc::ComponentConfig& config,
         soc::SocBuilder& soc) -> std::unique_ptr<soc::Component> {
        return std::make_unique<PluginDevice>(config, spec_of(config), soc);
      }};
  return type;
}

}  // namespace accsim::plugin_device
