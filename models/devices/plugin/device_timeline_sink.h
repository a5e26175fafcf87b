// The run's timeline as a plug-in device sees it: what the device names is relative to it, so
// two instances of one plug-in component never draw on each other's counters or tracks.
// Counters become "<device> <name>", track groups "<device>" or "<device> <group>".
#pragma once

#include <string>

#include "timeline_sink.h"

namespace accsim::plugin_device {

class DeviceTimelineSink : public TimelineSink {
 public:
  DeviceTimelineSink(TimelineSink& sink, std::string device)
      : m_sink(sink), m_device(std::move(device)) {}

  void add_counter(TimelineCounter counter) override {
    counter.name = m_device + " " + counter.name;
    m_sink.add_counter(std::move(counter));
  }
  uint64_t sample_interval_cycles() const override { return m_sink.sample_interval_cycles(); }
  int track(const std::string& group, const std::string& name) override {
    return m_sink.track(group.empty() ? m_device : m_device + " " + group, name);
  }
  void slice(int track, const std::string& name, const sc_core::sc_time& begin,
             const sc_core::sc_time& end, const std::string& args, Empty empty) override {
    m_sink.slice(track, name, begin, end, args, empty);
  }

 private:
  TimelineSink& m_sink;
  std::string m_device;
};

}  // namespace accsim::plugin_device
