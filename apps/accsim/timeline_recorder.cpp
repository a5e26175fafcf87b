#include "timeline_recorder.h"

namespace accsim::cli {

TimelineRecorder::TimelineRecorder(const std::string& path, const Clock& clock,
                                   const TraceLimits& limits, uint64_t sample_interval_cycles)
    : m_clock(clock),
      m_timeline(std::make_unique<Timeline>(path, clock.frequency_mhz(), limits)),
      m_interval(sample_interval_cycles == 0 ? 1 : sample_interval_cycles) {
  m_regions = m_timeline->track("firmware", "regions");
  m_function = m_timeline->track("cpu", "function");
  m_cfu = m_timeline->track("cpu", "cfu waits");
  m_next_sample = m_interval;
}

TimelineRecorder::~TimelineRecorder() = default;

void TimelineRecorder::add_counter(TimelineCounter counter) {
  m_last_values.push_back(counter.cumulative ? counter.read() : 0.0);
  m_counters.push_back(std::move(counter));
}

void TimelineRecorder::enable_vta() {
  for (const char* module : {"fetch", "load", "compute", "store"}) vta_track(module);
  for (const char* module : {"fetch", "load", "compute", "store"}) {
    vta_track(std::string("dma ") + module);
  }
}

int TimelineRecorder::vta_track(const std::string& module) {
  for (const auto& [name, id] : m_vta_tracks) {
    if (name == module) return id;
  }
  const int id = m_timeline->track("vta", module);
  m_vta_tracks.emplace_back(module, id);
  return id;
}

void TimelineRecorder::sample(uint64_t cycle) {
  // One sample per interval boundary crossed, stamped at the boundary, so the series is the
  // same however instructions straddle it.
  while (cycle >= m_next_sample) {
    for (size_t i = 0; i < m_counters.size(); ++i) {
      const TimelineCounter& c = m_counters[i];
      const double now = c.read();
      const double value = c.cumulative ? now - m_last_values[i] : now;
      m_last_values[i] = now;
      m_timeline->counter("counters", c.name, m_next_sample - m_interval, value * c.scale);
    }
    m_next_sample += m_interval;
    // Counters are read once per crossing; a long stall that crosses several boundaries
    // attributes its whole increase to the first.
  }
}

void TimelineRecorder::on_instruction(const cpu::ExecutedInstruction& e) {
  if (m_finished) return;
  const uint32_t function = e.insn->function;
  if (function != m_current_function) {
    if (m_current_function != UINT32_MAX && m_symbols != nullptr &&
        m_timeline->wants(m_function_begin, e.begin_cycle)) {
      m_timeline->slice(m_function, m_symbols->function(m_current_function).name, m_function_begin,
                        e.begin_cycle);
    }
    m_current_function = function;
    m_function_begin = e.begin_cycle;
  }
  if (e.stalls.cfu != 0 && m_timeline->wants(e.end_cycle - e.stalls.cfu, e.end_cycle)) {
    m_timeline->slice(m_cfu, "wait for CFU", e.end_cycle - 1 - e.stalls.cfu, e.end_cycle - 1);
  }
  if (e.end_cycle >= m_next_sample) sample(e.end_cycle);
}

void TimelineRecorder::on_region(const RegionEvent& event) {
  if (m_finished) return;
  if (event.begin) {
    m_open_regions.emplace_back(event.name, event.cycle);
    return;
  }
  if (m_open_regions.empty()) return;
  const auto [name, begin] = m_open_regions.back();
  m_open_regions.pop_back();
  m_timeline->slice(m_regions, name, begin, event.cycle);
}

void TimelineRecorder::instruction(const std::string& module, uint64_t index,
                                   const std::string& text, const sc_core::sc_time& begin,
                                   const sc_core::sc_time& end) {
  const uint64_t b = m_clock.cycles(begin), e = m_clock.cycles(end);
  if (m_finished || !m_timeline->wants(b, e == b ? b + 1 : e)) return;
  // The slice's name is the opcode and memory type ("LOAD INP", "GEMM", "ALU"); the full
  // disassembly goes into its arguments.
  const size_t space = text.find(' ');
  std::string name = text.substr(0, space);
  if ((name == "LOAD" || name == "STORE" || name == "ALU") && space != std::string::npos) {
    name += " " + text.substr(space + 1, text.find(' ', space + 1) - space - 1);
  }
  m_timeline->slice(
      vta_track(module), name, b, e,
      "{\"index\":" + std::to_string(index) + ",\"insn\":" + Timeline::quote(text) + "}");
}

void TimelineRecorder::waited(const std::string& module, const std::string& what,
                              const sc_core::sc_time& begin, const sc_core::sc_time& end) {
  const uint64_t b = m_clock.cycles(begin), e = m_clock.cycles(end);
  if (m_finished || e <= b || !m_timeline->wants(b, e)) return;
  m_timeline->slice(vta_track(module), what, b, e);
}

void TimelineRecorder::dma(const std::string& module, bool write, uint64_t address, uint64_t bytes,
                           const sc_core::sc_time& begin, const sc_core::sc_time& end) {
  const uint64_t b = m_clock.cycles(begin), e = m_clock.cycles(end);
  if (m_finished || !m_timeline->wants(b, e == b ? b + 1 : e)) return;
  char args[64];
  std::snprintf(args, sizeof args, "{\"address\":\"0x%08llx\",\"bytes\":%llu}",
                static_cast<unsigned long long>(address), static_cast<unsigned long long>(bytes));
  m_timeline->slice(vta_track("dma " + module), write ? "write" : "read", b, e, args);
}

void TimelineRecorder::finish(uint64_t end_cycle, const std::string& note) {
  if (m_finished) return;
  if (m_current_function != UINT32_MAX && m_symbols != nullptr) {
    m_timeline->slice(m_function, m_symbols->function(m_current_function).name, m_function_begin,
                      end_cycle);
  }
  // Regions still open when the run ended (it failed inside them) end with it.
  while (!m_open_regions.empty()) {
    const auto [name, begin] = m_open_regions.back();
    m_open_regions.pop_back();
    m_timeline->slice(m_regions, name + " (unfinished)", begin, end_cycle);
  }
  m_finished = true;
  m_timeline->finish(note);
}

}  // namespace accsim::cli
