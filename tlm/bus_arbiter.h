// Contention arithmetic of the shared bus: a busy-until time per target. Plain C++ (times in
// cycles) so it is unit-testable; the Bus sc_module converts from and to sc_time.
//
// A transaction that arrives at cycle `arrival` for a target busy until `busy_until` starts
// at max(arrival, busy_until); the difference is the contention wait, annotated back to the
// initiator and counted in stats. The target is then busy for the transaction's service time.
// Initiators running ahead in their quantum (temporal decoupling) present arrival times that
// are not globally ordered; the model accepts that approximation (it is how LT platforms
// model contention) and never lets a target's busy-until move backwards. One refinement keeps
// the approximation from inventing waits: a transaction that arrives before the latest
// reservation even began (an initiator behind in simulated time, e.g. an accelerator's DMA in
// SystemC time while the CPU runs up to a quantum ahead) would really have gone first, so it
// starts on arrival instead of queueing behind a transaction from its future.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace accsim {

class BusArbiter {
 public:
  explicit BusArbiter(size_t targets = 0) : m_targets(targets) {}

  void resize(size_t targets) { m_targets.resize(targets); }

  // Returns the cycle at which the transaction may start.
  uint64_t start(size_t target, uint64_t arrival) const {
    const Reservation& r = m_targets[target];
    if (arrival >= r.busy_until || arrival < r.start) return arrival;
    return r.busy_until;
  }

  // Records that the target is occupied from `start` until `end` (exclusive).
  void occupy(size_t target, uint64_t start, uint64_t end) {
    Reservation& r = m_targets[target];
    if (end > r.busy_until) {
      r.busy_until = end;
      r.start = start;
    }
  }

  uint64_t busy_until(size_t target) const { return m_targets[target].busy_until; }

 private:
  struct Reservation {
    uint64_t start = 0;  // when the reservation that ends at busy_until began
    uint64_t busy_until = 0;
  };
  std::vector<Reservation> m_targets;
};

}  // namespace accsim
