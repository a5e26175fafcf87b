// The shared SoC bus: a TLM-2.0 loosely-timed router. Initiators (CPU, DMA, accelerators)
// bind to `from_initiators`; targets (memories, MMIO blocks) to `to_targets` and are given an
// address range with map(). Targets see local addresses (offset from their base).
//
// Timing per transaction: the bus's hop latency, plus any wait for the target to become free
// (per-target busy-until contention, BusArbiter), plus the target's own service time, which
// the target annotates. DMI is forwarded with addresses translated both ways; DMI accesses
// bypass contention by design (the CPU uses DMI only for cache hits, which stay inside it).
// Accesses whose data already moved through DMI (cache line fills, write-backs, write-through
// stores) can skip the transaction: timing_only_access gives the same timing and statistics
// (tlm/timing_only.h).
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
#include "timing_only.h"

namespace accsim {

class Stats;

struct BusParams {
  uint64_t width_bytes = 4;     // data path width; memories' bursts move at most this per beat
  uint64_t latency_cycles = 0;  // added to every transaction (arbitration + hop)
};

class Bus final : public sc_core::sc_module, public TimingOnlyPath {
 public:
  tlm_utils::multi_passthrough_target_socket<Bus> from_initiators;
  tlm_utils::multi_passthrough_initiator_socket<Bus> to_targets;

  Bus(sc_core::sc_module_name name, const Clock& clock, const BusParams& params);

  // Maps [base, base+size) to the target bound as the `port`-th binding of to_targets.
  // Throws std::invalid_argument on overlap.
  void map(const std::string& target_name, uint64_t base, uint64_t size, int port);
  // Names an initiator port for statistics (by binding order of from_initiators).
  void name_initiator(int port, const std::string& initiator_name);
  // Lets the target bound as the `port`-th binding of to_targets take timing-only accesses.
  void set_timing_only_target(int port, TimingOnlyTarget* target);

  // TimingOnlyPath
  bool timing_only_access(int initiator, bool write, uint64_t address, unsigned length,
                          uint64_t cycle, uint64_t& cycles) override;

  const AddressMap& address_map() const { return m_map; }
  const BusParams& params() const { return m_params; }
  void report(Stats& stats) const;

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
  std::vector<TimingOnlyTarget*> m_timing_only;  // by target port; null: transactions only
  uint64_t m_unmapped = 0;
};

}  // namespace accsim
