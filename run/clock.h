// The SoC clock: converts between cycles (what every model counts, as uint64) and sc_time
// (used only at module boundaries). The period is held as an integer number of picoseconds
// (SystemC's default time resolution), so conversions are exact and deterministic.
#pragma once

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
  }

  double frequency_mhz() const { return m_frequency_mhz; }
  uint64_t period_ps() const { return m_period_ps; }
  sc_core::sc_time period() const { return time(1); }

  // Whole cycles elapsed in `t` (rounded down).
  uint64_t cycles(const sc_core::sc_time& t) const { return t.value() / m_period_ps; }
  sc_core::sc_time time(uint64_t cycles) const {
    return sc_core::sc_time::from_value(cycles * m_period_ps);
  }
  uint64_t now_cycles() const { return cycles(sc_core::sc_time_stamp()); }

 private:
  double m_frequency_mhz = 0;
  uint64_t m_period_ps = 0;
};

}  // namespace accsim
