#include "bus_arbiter.h"

namespace accsim {

bool parse_bus_arbitration(const std::string& name, BusArbitration& policy) {
  if (name == "first-come") {
    policy = BusArbitration::kFirstCome;
  } else if (name == "round-robin") {
    policy = BusArbitration::kRoundRobin;
  } else {
    return false;
  }
  return true;
}

const char* bus_arbitration_name(BusArbitration policy) {
  return policy == BusArbitration::kRoundRobin ? "round-robin" : "first-come";
}

void BusArbiter::grow(size_t initiator) {
  if (m_asking_since.size() > initiator) return;
  m_asking_since.resize(initiator + 1, kIdle);
  m_switches.resize(initiator + 1, 0);
  m_acquire_wait.resize(initiator + 1, 0);
}

void BusArbiter::take_grant(size_t initiator, uint64_t cycle) {
  grow(initiator);
  if (m_holder != kNone && m_holder != initiator) ++m_switches[initiator];
  m_holder = initiator;
  m_from = cycle;
  m_until = cycle;
  m_open = false;
}

// Replays the clock edges before `cycle` at which the grant register would have moved: the
// first edge, at the end of a cycle in which the holder's CYC is low and another cycle-stepped
// initiator asks, gives the grant to the first of those askers in round-robin order after the
// holder. The winner holds it from the next cycle, open (its CYC is high: it is asking).
void BusArbiter::settle(uint64_t cycle) {
  if (m_open || m_holder == kNone) return;
  uint64_t first_ask = kIdle;
  for (size_t j = 0; j < m_asking_since.size(); ++j) {
    if (j != m_holder && m_asking_since[j] < first_ask) first_ask = m_asking_since[j];
  }
  if (first_ask == kIdle) return;
  const uint64_t edge = first_ask > m_until ? first_ask : m_until;
  if (edge >= cycle) return;  // not yet: the edge ends this cycle or a later one
  // The holder asking again by then keeps its CYC high: the grant stays (parked at it).
  if (m_holder < m_asking_since.size() && m_asking_since[m_holder] <= edge) return;
  const size_t n = m_asking_since.size();
  for (size_t k = 1; k <= n; ++k) {
    const size_t j = (m_holder + k) % n;
    if (j == m_holder || m_asking_since[j] > edge) continue;
    m_acquire_wait[j] += edge + kSwitchCycles - m_asking_since[j];
    m_asking_since[j] = kIdle;
    take_grant(j, edge + kSwitchCycles);
    m_open = true;
    return;
  }
}

bool BusArbiter::acquire(size_t initiator, uint64_t cycle) {
  if (m_policy == BusArbitration::kFirstCome) return true;
  grow(initiator);
  if (m_holder == initiator && m_open) return true;
  if (m_holder == kNone) {  // the first request of the run: nobody to switch from
    take_grant(initiator, cycle);
    m_open = true;
    return true;
  }
  if (m_asking_since[initiator] == kIdle) m_asking_since[initiator] = cycle;
  settle(cycle);
  if (m_holder != initiator) return false;
  // Parked at it (nobody took it meanwhile), or granted by settle(): it holds from now.
  if (!m_open) {
    // A transaction-level holder's last transaction may still be running: the request
    // reaches the slaves once it is done.
    if (m_until > cycle) return false;
    m_acquire_wait[initiator] += cycle - m_asking_since[initiator];
    m_asking_since[initiator] = kIdle;
    m_open = true;
  }
  return true;
}

void BusArbiter::release(size_t initiator, uint64_t cycle) {
  if (m_policy == BusArbitration::kFirstCome) return;
  grow(initiator);
  m_asking_since[initiator] = kIdle;
  if (m_holder != initiator) return;
  m_open = false;
  if (cycle > m_until) m_until = cycle;
}

}  // namespace accsim
