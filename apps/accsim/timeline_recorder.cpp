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

int TimelineRecorder::track(const std::string& group, const std::string& name) {
  const std::string key = group + "/" + name;
  for (const auto& [known, id] : m_component_tracks) {
    if (known == key) return id;
  }
  const int id = m_timeline->track(group, name);
  m_component_tracks.emplace_back(key, id);
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

void TimelineRecorder::slice(int track, const std::string& name, const sc_core::sc_time& begin,
                             const sc_core::sc_time& end, const std::string& args, Empty empty) {
  const uint64_t b = m_clock.cycles(begin), e = m_clock.cycles(end);
  if (m_finished) return;
  if (e <= b && empty == Empty::kDrop) return;
  if (!m_timeline->wants(b, e == b ? b + 1 : e)) return;
  m_timeline->slice(track, name, b, e, args);
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
