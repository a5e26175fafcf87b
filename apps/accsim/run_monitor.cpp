#include "run_monitor.h"

#include <spdlog/spdlog.h>

#include <atomic>
#include <csignal>

namespace accsim::cli {

namespace {
std::atomic<int> g_signal{0};
void on_signal(int signal) { g_signal = signal; }
using Handler = void (*)(int);
Handler g_previous_int = SIG_DFL;
Handler g_previous_term = SIG_DFL;
}  // namespace

RunMonitor::RunMonitor(double progress_interval_seconds)
    : m_interval(progress_interval_seconds), m_start(Clock::now()), m_last_report(m_start) {
  g_signal = 0;
  g_previous_int = std::signal(SIGINT, on_signal);
  g_previous_term = std::signal(SIGTERM, on_signal);
}

RunMonitor::~RunMonitor() {
  std::signal(SIGINT, g_previous_int);
  std::signal(SIGTERM, g_previous_term);
}

bool RunMonitor::interrupted() const { return g_signal.load() != 0; }

std::string RunMonitor::on_quantum(uint64_t cycle, uint64_t instret) {
  if (const int signal = g_signal.load()) {
    return signal == SIGINT ? "interrupted (Ctrl-C)" : "terminated (SIGTERM)";
  }
  // Reading the clock every quantum would cost more than the check is worth.
  if (++m_calls % 64 != 0) return "";
  const auto now = Clock::now();
  const double since_report = std::chrono::duration<double>(now - m_last_report).count();
  if (since_report < m_interval) return "";
  const double elapsed = std::chrono::duration<double>(now - m_start).count();
  const double mips = double(instret - m_last_instret) / since_report / 1e6;
  spdlog::info("progress: cycle {}, {} instructions, {:.0f} s, {:.1f} simulated MIPS", cycle,
               instret, elapsed, mips);
  m_last_report = now;
  m_last_instret = instret;
  return "";
}

}  // namespace accsim::cli
