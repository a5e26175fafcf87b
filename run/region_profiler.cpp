#include "region_profiler.h"

#include "stats.h"

namespace accsim {

RegionProfiler::RegionProfiler(std::vector<Counter> counters, Snapshot snapshot)
    : m_counters(std::move(counters)), m_snapshot(std::move(snapshot)) {}

void RegionProfiler::on_event(const RegionEvent& event) {
  if (event.begin) {
    m_open.push_back({event.name, event.cycle, m_snapshot()});
    return;
  }
  // SimControl checked the nesting already; the innermost open region is the one ending.
  if (m_open.empty()) return;
  const Open open = m_open.back();
  m_open.pop_back();
  const std::vector<uint64_t> now = m_snapshot();
  Totals& t = m_totals[open.name];
  t.values.resize(m_counters.size(), 0);
  ++t.entries;
  t.cycles += event.cycle - open.cycle;
  for (size_t i = 0; i < m_counters.size() && i < now.size(); ++i) {
    t.values[i] += now[i] - open.values[i];
  }
}

std::vector<std::string> RegionProfiler::close_open_regions(uint64_t cycle) {
  std::vector<std::string> names;
  for (const Open& open : m_open) names.push_back(open.name);
  while (!m_open.empty()) on_event({cycle, false, m_open.back().name, 0});
  return names;
}

void RegionProfiler::report(Stats& stats) const {
  for (const auto& [name, t] : m_totals) {
    // A model operator's region ("op.007.conv_2d", tflite_runner) reports under op.*, beside the
    // operator's static figures; every other region under region.*.
    const bool model_operator = name.rfind(kOperatorRegionPrefix, 0) == 0;
    const std::string p = (model_operator ? "" : "region.") + name + ".";
    stats.set(p + "entries", t.entries, "Times the region was entered and left");
    stats.set(p + "cycles", t.cycles, "Cycles inside the region (children included)");
    for (size_t i = 0; i < m_counters.size(); ++i) {
      if (m_counters[i].hidden) continue;
      stats.set(p + m_counters[i].name, t.values[i], m_counters[i].description);
    }
    if (m_derived) m_derived(stats, p, t.cycles, t.values);
  }
}

}  // namespace accsim
