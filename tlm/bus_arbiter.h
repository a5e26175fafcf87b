// Contention arithmetic of the shared bus: a busy-until time per target. Plain C++ (times in
// cycles) so it is unit-testable; the Bus sc_module converts from and to sc_time.
//
// A transaction that arrives at cycle `arrival` for a target busy until `busy_until` starts
// at max(arrival, busy_until); the difference is the contention wait, annotated back to the
// initiator and counted in stats. The target is then busy for the transaction's service time.
// Initiators running ahead in their quantum (temporal decoupling) present arrival times that
// are not globally ordered; the model accepts that approximation (it is how LT platforms
// model contention) and never lets a target's busy-until move backwards.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace accsim {

class BusArbiter {
 public:
  explicit BusArbiter(size_t targets = 0) : m_busy_until(targets, 0) {}

  void resize(size_t targets) { m_busy_until.resize(targets, 0); }

  // Returns the cycle at which the transaction may start.
  uint64_t start(size_t target, uint64_t arrival) const {
    return arrival > m_busy_until[target] ? arrival : m_busy_until[target];
  }

  // Records that the target is occupied until `end` (exclusive).
  void occupy(size_t target, uint64_t end) {
    if (end > m_busy_until[target]) m_busy_until[target] = end;
  }

  uint64_t busy_until(size_t target) const { return m_busy_until[target]; }

 private:
  std::vector<uint64_t> m_busy_until;
};

}  // namespace accsim
