// The SoC clock: converts between cycles (what every model counts, as uint64) and sc_time
// (used only at module boundaries). The period is held as an integer number of picoseconds
// (SystemC's default time resolution), so conversions are exact and deterministic.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <systemc>

namespace accsim {

class Clock {
 public:
  explicit Clock(double frequency_mhz) {
    if (!(frequency_mhz > 0.0)) throw std::invalid_argument("clock frequency must be > 0");
    m_period_ps = static_cast<uint64_t>(std::llround(1e6 / frequency_mhz));
    if (m_period_ps == 0) throw std::invalid_argument("clock frequency too high (> 1 THz)");
    m_frequency_mhz = frequency_mhz;
    for (uint64_t c = 0; c < kTabled; ++c)
      m_small[c] = sc_core::sc_time::from_value(c * m_period_ps);
  }

  double frequency_mhz() const { return m_frequency_mhz; }
  uint64_t period_ps() const { return m_period_ps; }
  sc_core::sc_time period() const { return time(1); }

  // Whole cycles elapsed in `t` (rounded down).
  uint64_t cycles(const sc_core::sc_time& t) const { return t.value() / m_period_ps; }
  sc_core::sc_time time(uint64_t cycles) const {
    return cycles < kTabled ? m_small[cycles] : sc_core::sc_time::from_value(cycles * m_period_ps);
  }
  uint64_t now_cycles() const { return cycles(now()); }
  // sc_time_stamp(), inline: the library's function is a call through the PLT, once per bus
  // access on the timing-only path.
  static const sc_core::sc_time& now() { return sc_core::sc_get_curr_simcontext()->time_stamp(); }
  // `cycle`, or the current cycle if that has passed: where a transaction annotated with
  // delay_until(cycle, now) arrives. Divides only when `cycle` is behind SystemC time (an
  // initiator running ahead never is), as a 64-bit division per bus access shows in profiles.
  uint64_t not_before_now(uint64_t cycle) const {
    const uint64_t now_ps = now().value();
    return cycle * m_period_ps >= now_ps ? cycle : now_ps / m_period_ps;
  }
  // The delay from `now` to the start of `cycle` (zero if that has passed): what an initiator
  // running ahead of SystemC time annotates its transaction with.
  sc_core::sc_time delay_until(uint64_t cycle, const sc_core::sc_time& now) const {
    const uint64_t now_ps = now.value();
    const uint64_t at_ps = cycle * m_period_ps;
    if (at_ps <= now_ps) return sc_core::SC_ZERO_TIME;
    const uint64_t ahead = cycle - now_ps / m_period_ps;
    return now_ps % m_period_ps == 0 ? time(ahead) : sc_core::sc_time::from_value(at_ps - now_ps);
  }

 private:
  // time() of small cycle counts (latencies, waits, an initiator's lead over SystemC time) is a
  // table look-up: sc_time::from_value is an out-of-line library call, and models convert on
  // every bus transaction.
  static constexpr uint64_t kTabled = 1024;

  double m_frequency_mhz = 0;
  uint64_t m_period_ps = 0;
  std::array<sc_core::sc_time, kTabled> m_small;
};

}  // namespace accsim
