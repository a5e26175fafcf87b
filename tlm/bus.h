// The shared SoC bus: a TLM-2.0 loosely-timed router. Initiators (CPU, DMA, accelerators)
// bind to `from_initiators`; targets (memories, MMIO blocks) to `to_targets` and are given an
// address range with map(). Targets see local addresses (offset from their base).
//
// Timing per transaction: the bus's hop latency, plus any wait for arbitration (BusArbiter, by
// bus.arbitration: per-target first come first served, or LiteX's shared bus with round-robin
// grant holding and a switch cycle), plus the target's own service time, which the target
// annotates. DMI is forwarded with addresses translated both ways; DMI accesses bypass
// contention by design (the CPU uses DMI only for cache hits, which stay inside it). Accesses
// whose data already moved through DMI (cache line fills, write-backs, write-through stores)
// can skip the transaction: timing_only_access gives the same timing and statistics.
#pragma once

#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>

#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "address_map.h"
#include "bus_arbiter.h"
#include "clock.h"
#include "memory.h"

namespace accsim {

class Stats;

struct BusParams {
  uint64_t width_bytes = 4;     // data path width; memories' bursts move at most this per beat
  uint64_t latency_cycles = 0;  // added to every transaction (arbitration + hop)
  BusArbitration arbitration = BusArbitration::kFirstCome;
};

class Bus final : public sc_core::sc_module {
 public:
  tlm_utils::multi_passthrough_target_socket<Bus> from_initiators;
  tlm_utils::multi_passthrough_initiator_socket<Bus> to_targets;

  Bus(sc_core::sc_module_name name, const Clock& clock, const BusParams& params);

  // Maps [base, base+size) to the target bound as the `port`-th binding of to_targets.
  // Throws std::invalid_argument on overlap.
  void map(const std::string& target_name, uint64_t base, uint64_t size, int port);
  // Names an initiator port for statistics (by binding order of from_initiators).
  void name_initiator(int port, const std::string& initiator_name);
  // The target bound as the `port`-th binding of to_targets is reached outside the shared
  // bus's grant (round-robin arbitration; BusArbiter::set_outside_grant): sim-control.
  void set_outside_grant(int port) { m_arbiter.set_outside_grant(static_cast<size_t>(port)); }
  // Lets the memory bound as the `port`-th binding of to_targets take timing-only accesses.
  void set_timing_only_target(int port, Memory* memory);

  // Timing-only accesses: the CPU's caches copy data through DMI and use the bus only for time
  // (a line fill, a write-back, a write-through store), so the transaction's bytes are the
  // memory's own. Building a generic payload, crossing two sockets and copying those bytes
  // again was most of the host time of such an access; this gives the same timing and
  // statistics without a transaction. It routes an access from initiator port `initiator`
  // issued at the initiator's local `cycle` and gives its annotated delay in `cycles` (hop,
  // contention and service, as b_transport annotates). Only a Memory takes them (its
  // b_transport does nothing beyond moving the bytes and timing the access). False if the path
  // declines (unmapped, not a Memory, or the memory would refuse it): nothing was counted, send
  // the transaction. Taken or declined, the cycles, contention, counters and memory-side state
  // are what the transaction would have given.
  // Inline through to the memory's timing, non-virtual: every write-through store takes it,
  // and as calls through two interfaces (port to bus, bus to memory) stage 6 ran 6% slower.
  __attribute__((always_inline)) bool timing_only_access(int initiator, bool write,
                                                         uint64_t address, unsigned length,
                                                         uint64_t cycle, uint64_t& cycles) {
    const AddressRange* range = m_map.decode(address, length);
    if (range == nullptr) return false;
    const size_t port = static_cast<size_t>(range->port);
    Memory* memory = port < m_timing_only.size() ? m_timing_only[port] : nullptr;
    if (memory == nullptr) return false;
    // b_transport's arithmetic in cycles: the transaction would carry the delay from SystemC
    // time to `cycle` (none if that has passed), plus the hop; the target then serves it.
    const uint64_t arrival = m_clock.not_before_now(cycle) + m_params.latency_cycles;
    const size_t who = static_cast<size_t>(initiator);
    const uint64_t start = m_arbiter.start(who, port, arrival);
    uint64_t service = 0;
    if (!memory->timing_only_access(write, address - range->base, length, service)) return false;
    m_arbiter.occupy(who, port, start, start + service);
    count(initiator_counters(initiator), port, length, start - arrival, false);
    cycles = m_params.latency_cycles + (start - arrival) + service;
    return true;
  }

  // Cycle-stepped initiators that see their Wishbone CYC (the RTL CPU's masters): under
  // round-robin arbitration, acquire() in every cycle CYC is high until it returns true (the
  // grant is theirs in that cycle: start the access then), release() in the first cycle CYC is
  // low again, so the grant is held exactly as long as CYC (BusArbiter). Under first-come
  // acquire() is always true and release() does nothing.
  bool acquire(int initiator, uint64_t cycle) {
    return m_arbiter.acquire(static_cast<size_t>(initiator), cycle);
  }
  void release(int initiator, uint64_t cycle) {
    m_arbiter.release(static_cast<size_t>(initiator), cycle);
  }

  const AddressMap& address_map() const { return m_map; }
  const BusParams& params() const { return m_params; }
  void report(Stats& stats) const;
  // Bytes moved per initiator, for the energy model (memory_actions.cpp).
  void add_action_counters(std::vector<ActionCounter>& counters) const;

 private:
  struct Counters {
    uint64_t transactions = 0;
    uint64_t bytes = 0;
    uint64_t wait_cycles = 0;  // cycles spent waiting for a busy target
    uint64_t errors = 0;
    void add(uint64_t transaction_bytes, uint64_t waited, bool error) {
      ++transactions;
      bytes += transaction_bytes;
      wait_cycles += waited;
      errors += error ? 1 : 0;
    }
  };

  void b_transport(int id, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned int transport_dbg(int id, tlm::tlm_generic_payload& trans);
  bool get_direct_mem_ptr(int id, tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi);
  void invalidate_direct_mem_ptr(int port, sc_dt::uint64 start, sc_dt::uint64 end);

  // Counts a transaction that waited `wait_cycles` for the target on `port`.
  void count(Counters& initiator, size_t port, uint64_t bytes, uint64_t wait_cycles, bool error) {
    initiator.add(bytes, wait_cycles, error);
    m_by_target[port].add(bytes, wait_cycles, error);
  }
  Counters& initiator_counters(int id) {  // inline: once per transaction
    if (m_by_initiator.size() <= static_cast<size_t>(id)) m_by_initiator.resize(id + 1);
    return m_by_initiator[id];
  }

  const Clock& m_clock;
  BusParams m_params;
  sc_core::sc_time m_latency;  // m_params.latency_cycles, converted once
  AddressMap m_map;
  BusArbiter m_arbiter;
  std::vector<std::string> m_initiator_names;
  std::vector<Counters> m_by_initiator;
  std::vector<Counters> m_by_target;  // indexed by target port
  std::vector<const AddressRange*> m_range_of_port;
  std::vector<Memory*> m_timing_only;  // by target port; null: transactions only
  uint64_t m_unmapped = 0;
};

}  // namespace accsim
