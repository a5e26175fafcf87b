// Watches a running simulation from the CPU's quantum hook: prints a progress line to stderr
// every few host seconds on long runs, and turns Ctrl-C (SIGINT) or SIGTERM into a clean
// stop so the statistics and traces of the partial run are still written.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace accsim::cli {

class RunMonitor {
 public:
  explicit RunMonitor(double progress_interval_seconds);
  ~RunMonitor();  // restores the previous signal handlers

  // The quantum hook: "" to continue, or the reason to stop.
  std::string on_quantum(uint64_t cycle, uint64_t instret);

  // True once Ctrl-C or SIGTERM has stopped the run.
  bool interrupted() const;

 private:
  using Clock = std::chrono::steady_clock;
  double m_interval;
  Clock::time_point m_start;
  Clock::time_point m_last_report;
  uint64_t m_last_instret = 0;
  uint32_t m_calls = 0;
};

}  // namespace accsim::cli
