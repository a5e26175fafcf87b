// Arbitration arithmetic of the shared bus, in cycles. Plain C++ so it is unit-testable; the Bus
// sc_module converts from and to sc_time. Two policies (bus.arbitration, docs/architecture.md):
//
// kFirstCome: a busy-until time per target, no cost to change initiator. A transaction that
// arrives at cycle `arrival` for a target busy until `busy_until` starts at max(arrival,
// busy_until); the difference is the contention wait, annotated back to the initiator and
// counted in stats. The target is then busy for the transaction's service time. Initiators to
// different targets never wait for each other.
//
// kRoundRobin: LiteX's InterconnectShared (litex/soc/interconnect/wishbone.py): every master
// reaches every slave through one shared Wishbone bus behind one Arbiter, migen's RoundRobin
// with its default switch policy SP_WITHDRAW. The grant is a register: at a clock edge, if the
// granted master's CYC is low, it moves to the next master in round-robin order (from the
// holder's index up, wrapping) whose CYC is high; otherwise it stays, also while nobody
// requests (the grant stays parked at the last holder). Hence a master keeps the bus for as
// long as it holds CYC (VexRiscv's dBus across a run of queued stores), a master that finds the
// grant parked at itself starts at once, and every change of master costs one idle cycle: the
// new master's request reaches the slaves in the cycle after the edge that switched the grant.
//   Transaction-level initiators (the C++ CPU's two sides, DMAs) tell the arbiter nothing but
// their transactions: the holder keeps the grant up to the end of the last transaction it was
// given (the cycle its CYC drops), so another initiator arriving at `arrival` starts at
// max(arrival, that end) + 1. Cycle-stepped initiators that see their own CYC (the RTL CPU's
// Wishbone masters) call acquire() every cycle CYC is high until it grants and release() in
// the first cycle CYC is low: their hold lasts exactly as long as the RTL keeps CYC, and waiting
// cycle-stepped masters take the grant in round-robin order.
//
// Both policies accept temporal decoupling: initiators running ahead in their quantum present
// arrival times that are not globally ordered; the model accepts that approximation (it is how
// LT platforms model contention) and never lets a reservation move backwards. One refinement
// keeps it from inventing waits: a transaction that arrives before the latest reservation (the
// target's, or the holder's grant) even began (an initiator behind in simulated time, e.g. an
// accelerator's DMA in SystemC time while the CPU runs up to a quantum ahead) would really have
// gone first, so it starts on arrival instead of queueing behind a transaction from its future.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace accsim {

enum class BusArbitration { kFirstCome, kRoundRobin };

// The JSON names ("first-come", "round-robin"); false for anything else.
bool parse_bus_arbitration(const std::string& name, BusArbitration& policy);
const char* bus_arbitration_name(BusArbitration policy);

class BusArbiter {
 public:
  // LiteX's grant register: a change of master costs one cycle (see above).
  static constexpr uint64_t kSwitchCycles = 1;

  explicit BusArbiter(size_t targets = 0, BusArbitration policy = BusArbitration::kFirstCome)
      : m_policy(policy), m_targets(targets) {}

  void resize(size_t targets) { m_targets.resize(targets); }
  // Under kRoundRobin, `target` is reached outside the shared bus's grant: its transactions
  // neither wait for the grant nor move it, and contend at the target only (as kFirstCome).
  // Sim-control is: accsim's instrumentation, whose region markers must not shift the cycles
  // they delimit (a marker that waited for the grant would end a region a cycle after the
  // CPU's own counters, which book the wait only once the store completes).
  void set_outside_grant(size_t target) { m_targets[target].outside_grant = true; }
  BusArbitration policy() const { return m_policy; }

  // Returns the cycle at which a transaction of `initiator` to `target`, arriving at `arrival`,
  // may start. Inline: every bus access asks.
  uint64_t start(size_t initiator, size_t target, uint64_t arrival) const {
    const Reservation& r = m_targets[target];
    if (m_policy == BusArbitration::kFirstCome || r.outside_grant) {
      if (arrival >= r.busy_until || arrival < r.start) return arrival;
      return r.busy_until;
    }
    // The holder itself, or the run's first transaction: no switch.
    if (initiator == m_holder || m_holder == kNone) return arrival > m_until ? arrival : m_until;
    if (arrival < m_from) return arrival;  // from before the holder's grant: it went first
    return (arrival > m_until ? arrival : m_until) + kSwitchCycles;
  }

  // Records that `initiator` occupies `target` (and under kRoundRobin, the bus) from `start`
  // until `end` (exclusive), as start() allowed.
  void occupy(size_t initiator, size_t target, uint64_t start, uint64_t end) {
    Reservation& r = m_targets[target];
    if (m_policy == BusArbitration::kFirstCome || r.outside_grant) {
      if (end > r.busy_until) {
        r.busy_until = end;
        r.start = start;
      }
      return;
    }
    if (initiator != m_holder) {
      if (start < m_from) return;  // went first, before the holder's grant: history
      take_grant(initiator, start);
    }
    if (end > m_until) m_until = end;
  }

  // kRoundRobin, cycle-stepped initiators: `initiator`'s CYC is high in `cycle`. True when it
  // holds the grant in that cycle (its request reaches the slaves): at once if the grant is
  // parked at it, else at the edge after the holder's CYC drops (one idle cycle), in
  // round-robin order among the cycle-stepped initiators waiting then. False: ask again next
  // cycle. Always true under kFirstCome.
  bool acquire(size_t initiator, uint64_t cycle);
  // kRoundRobin: `initiator`'s CYC is low in `cycle` (it drops its hold or stops asking).
  void release(size_t initiator, uint64_t cycle);

  // Times the grant moved to `initiator` from another initiator (kRoundRobin).
  uint64_t grant_switches(size_t initiator) const {
    return initiator < m_switches.size() ? m_switches[initiator] : 0;
  }
  // Cycles `initiator` waited in acquire() for the grant (its transactions then start at once).
  uint64_t acquire_wait_cycles(size_t initiator) const {
    return initiator < m_acquire_wait.size() ? m_acquire_wait[initiator] : 0;
  }
  uint64_t busy_until(size_t target) const { return m_targets[target].busy_until; }
  // kRoundRobin: the grant's holder (kNone before the first grant) and the cycle its CYC drops
  // at the earliest (the end of its last transaction).
  static constexpr size_t kNone = SIZE_MAX;
  size_t holder() const { return m_holder; }
  uint64_t held_until() const { return m_until; }

 private:
  struct Reservation {
    uint64_t start = 0;  // when the reservation that ends at busy_until began
    uint64_t busy_until = 0;
    bool outside_grant = false;  // kRoundRobin: see set_outside_grant
  };
  void take_grant(size_t initiator, uint64_t cycle);
  void settle(uint64_t cycle);
  void grow(size_t initiator);

  BusArbitration m_policy;
  std::vector<Reservation> m_targets;  // kFirstCome

  // kRoundRobin: the grant.
  size_t m_holder = kNone;
  uint64_t m_from = 0;   // cycle the holder's grant began
  uint64_t m_until = 0;  // end of the holder's last transaction: its CYC is low from here
  bool m_open = false;   // the holder is cycle-stepped and has not released yet
  // Cycle-stepped initiators asking for the grant: since when (kIdle: not asking).
  static constexpr uint64_t kIdle = UINT64_MAX;
  std::vector<uint64_t> m_asking_since;
  std::vector<uint64_t> m_switches;
  std::vector<uint64_t> m_acquire_wait;  // cycles acquire() kept each initiator waiting
};

}  // namespace accsim
