// `--trace timeline`: turns what the models report into a Chrome Trace Event timeline
// (timeline.json, opens in Perfetto UI). Tracks:
//   firmware / regions       the sim-control region markers (nested slices, e.g. one per layer)
//   cpu / function           the function the CPU is executing (from ELF symbols, on change)
//   cpu / cfu waits          cycles the CPU waited for the CFU to accept or answer
//   vta / fetch, load, compute, store   each VTA instruction a slice; token waits as slices
//   vta / dma <module>       each DMA burst a slice, per issuing module
//   counters                 per sampling interval: I$/D$ misses, CFU ops, CFU FIFO words, DRAM
//                            utilisation (%), VTA DMA bytes
// Timestamps are cycles of the SoC clock. `--trace-window` and `--trace-limit` apply.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "clock.h"
#include "rv32_core.h"
#include "sim_control.h"
#include "symbol_table.h"
#include "timeline.h"
#include "vta_activity.h"

namespace accsim::cli {

// A named counter sampled every interval: the recorder plots the increase of `read()` over
// each interval (or the value itself when `cumulative` is false), times `scale`.
struct TimelineCounter {
  std::string name;
  std::function<double()> read;
  bool cumulative = true;
  double scale = 1.0;
};

class TimelineRecorder : public cpu::InstructionObserver, public vta::VtaActivitySink {
 public:
  TimelineRecorder(const std::string& path, const Clock& clock, const TraceLimits& limits,
                   uint64_t sample_interval_cycles);
  ~TimelineRecorder() override;

  void set_symbols(const cpu::SymbolTable* symbols) { m_symbols = symbols; }
  void add_counter(TimelineCounter counter);
  // Creates the VTA's tracks; call before the run when the architecture has a VTA.
  void enable_vta();

  void on_instruction(const cpu::ExecutedInstruction& executed) override;
  void on_region(const RegionEvent& event);
  void instruction(const std::string& module, uint64_t index, const std::string& text,
                   const sc_core::sc_time& begin, const sc_core::sc_time& end) override;
  void waited(const std::string& module, const std::string& what, const sc_core::sc_time& begin,
              const sc_core::sc_time& end) override;
  void dma(const std::string& module, bool write, uint64_t address, uint64_t bytes,
           const sc_core::sc_time& begin, const sc_core::sc_time& end) override;

  // Ends the open slices at `end_cycle` and closes the JSON; `note` goes into otherData (e.g.
  // how the run ended). Idempotent.
  void finish(uint64_t end_cycle, const std::string& note);
  const Timeline& timeline() const { return *m_timeline; }

 private:
  int vta_track(const std::string& module);
  void sample(uint64_t cycle);

  const Clock& m_clock;
  std::unique_ptr<Timeline> m_timeline;
  const cpu::SymbolTable* m_symbols = nullptr;
  uint64_t m_interval;
  int m_regions, m_function, m_cfu;
  // The function slice in progress.
  uint32_t m_current_function = UINT32_MAX;
  uint64_t m_function_begin = 0;
  // Open regions (name, begin cycle), innermost last.
  std::vector<std::pair<std::string, uint64_t>> m_open_regions;
  std::vector<TimelineCounter> m_counters;
  std::vector<double> m_last_values;
  uint64_t m_next_sample = 0;
  std::vector<std::pair<std::string, int>> m_vta_tracks;
  bool m_finished = false;
};

}  // namespace accsim::cli
