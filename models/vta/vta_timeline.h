// The VTA's activity on the run's timeline: a track per module ("vta / fetch", "load",
// "compute", "store") with each instruction and token wait as a slice, and a track per module's
// DMA bursts ("vta / dma load", ...).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "timeline_sink.h"
#include "vta_activity.h"

namespace accsim::vta {

class VtaTimeline : public VtaActivitySink {
 public:
  // Creates the tracks, so that they appear in module order however the run interleaves them.
  explicit VtaTimeline(TimelineSink& sink);

  void instruction(const std::string& module, uint64_t index, const std::string& text,
                   std::optional<uint64_t> dram_address, const sc_core::sc_time& begin,
                   const sc_core::sc_time& end) override;
  void waited(const std::string& module, const std::string& what, const sc_core::sc_time& begin,
              const sc_core::sc_time& end) override;
  void dma(const std::string& module, bool write, uint64_t address, uint64_t bytes,
           const sc_core::sc_time& begin, const sc_core::sc_time& end) override;

 private:
  int track(const std::string& name) { return m_sink.track("vta", name); }

  TimelineSink& m_sink;
};

}  // namespace accsim::vta
