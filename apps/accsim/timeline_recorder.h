// `--trace timeline`: turns what the models report into a Chrome Trace Event timeline
// (timeline.json, opens in Perfetto UI). Tracks:
//   firmware / regions       the sim-control region markers (nested slices, e.g. one per layer)
//   cpu / function           the function the CPU is executing (from ELF symbols, on change)
//   cpu / cfu waits          cycles the CPU waited for the CFU to accept or answer
//   <component> / <track>    what each component draws through the TimelineSink (the VTA:
//                            each instruction and token wait per module, DMA bursts)
//   counters                 per sampling interval: the CPU's I$/D$ misses and CFU ops, and the
//                            components' counters (CFU FIFO words, DRAM utilisation, DMA bytes)
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
#include "timeline_sink.h"

namespace accsim::cli {

class TimelineRecorder : public cpu::InstructionObserver, public TimelineSink {
 public:
  TimelineRecorder(const std::string& path, const Clock& clock, const TraceLimits& limits,
                   uint64_t sample_interval_cycles);
  ~TimelineRecorder() override;

  void set_symbols(const cpu::SymbolTable* symbols) { m_symbols = symbols; }
  void add_counter(TimelineCounter counter) override;
  uint64_t sample_interval_cycles() const override { return m_interval; }
  int track(const std::string& group, const std::string& name) override;
  void slice(int track, const std::string& name, const sc_core::sc_time& begin,
             const sc_core::sc_time& end, const std::string& args, Empty empty) override;

  void on_instruction(const cpu::ExecutedInstruction& executed) override;
  void on_region(const RegionEvent& event);

  // Ends the open slices at `end_cycle` and closes the JSON; `note` goes into otherData (e.g.
  // how the run ended). Idempotent.
  void finish(uint64_t end_cycle, const std::string& note);
  const Timeline& timeline() const { return *m_timeline; }

 private:
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
  std::vector<std::pair<std::string, int>> m_component_tracks;  // "group/name" -> track
  bool m_finished = false;
};

}  // namespace accsim::cli
