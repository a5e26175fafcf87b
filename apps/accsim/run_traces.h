// The traces a run was asked for (--trace): the firmware console, the memory-access and
// cache-miss traces, the timeline and the instruction trace; attached to the Soc before the
// run and flushed after it, whether the run succeeded or not.
#pragma once

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "cached_memory.h"
#include "commands.h"
#include "instruction_trace.h"
#include "run_setup.h"
#include "soc.h"
#include "timeline_recorder.h"
#include "trace_window.h"

namespace accsim::cli {

class RunTraces {
 public:
  RunTraces(const RunOptions& options, const RunSetup& setup);
  ~RunTraces();

  bool wants(const std::string& kind) const;
  // The CPU's memory traces (--trace mem, cache-misses), for building the Soc.
  const cpu::MemoryTraceOptions& memory_traces() const { return m_memory; }
  // Where the RTL's waveform goes with --trace fst (empty: no waveform).
  std::filesystem::path waveform() const;
  // The cycles the waveforms dump: --trace-window, cut to --trace-limit cycles (a waveform's
  // rows are its clock cycles).
  TraceLimits waveform_window() const;

  // Hooks the console, the timeline and the instruction trace to `soc`. Throws
  // std::runtime_error when a trace file cannot be opened.
  void attach(soc::Soc& soc, const cpu::ElfImage& image);
  // Ends and flushes every trace at the end of the run, warning about truncated ones.
  void finish(soc::Soc& soc, const RunStatus& status);

 private:
  void put(char c);
  void open(soc::Soc& soc, const cpu::ElfImage& image);  // the timeline and instruction trace

  RunOptions m_options;
  std::filesystem::path m_out_dir;
  uint64_t m_sample_interval;
  cpu::MemoryTraceOptions m_memory;
  std::unique_ptr<std::ofstream> m_console_log;
  uint64_t m_console_lines = 0;  // written to console.log, up to --trace-limit
  bool m_console_truncated = false;
  char m_last_console_char = 0;
  std::unique_ptr<TimelineRecorder> m_timeline;
  std::unique_ptr<InstructionTrace> m_insn;
  ObserverFanout m_observers;
  std::unique_ptr<RegionWindow> m_region_window;  // --trace-window region:NAME / op:N
};

}  // namespace accsim::cli
