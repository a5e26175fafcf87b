#include "bus.h"

#include <algorithm>

#include "stats.h"

namespace accsim {

Bus::Bus(sc_core::sc_module_name name, const Clock& clock, const BusParams& params)
    : sc_module(name),
      from_initiators("from_initiators"),
      to_targets("to_targets"),
      m_clock(clock),
      m_params(params),
      m_latency(clock.time(params.latency_cycles)),
      m_arbiter(0, params.arbitration) {
  from_initiators.register_b_transport(this, &Bus::b_transport);
  from_initiators.register_transport_dbg(this, &Bus::transport_dbg);
  from_initiators.register_get_direct_mem_ptr(this, &Bus::get_direct_mem_ptr);
  to_targets.register_invalidate_direct_mem_ptr(this, &Bus::invalidate_direct_mem_ptr);
}

void Bus::map(const std::string& target_name, uint64_t base, uint64_t size, int port) {
  m_map.add(AddressRange{target_name, base, size, port});
  const size_t ports = static_cast<size_t>(std::max<int>(port + 1, m_by_target.size()));
  m_by_target.resize(ports);
  m_arbiter.resize(ports);
  m_timing_only.resize(ports, nullptr);
  m_range_of_port.assign(ports, nullptr);
  for (const auto& r : m_map.ranges()) m_range_of_port[r.port] = &r;
}

void Bus::name_initiator(int port, const std::string& initiator_name) {
  if (m_initiator_names.size() <= static_cast<size_t>(port)) m_initiator_names.resize(port + 1);
  m_initiator_names[port] = initiator_name;
  initiator_counters(port);
}

void Bus::b_transport(int id, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  Counters& initiator = initiator_counters(id);
  const uint64_t addr = trans.get_address();
  const AddressRange* range = m_map.decode(addr, trans.get_data_length());
  delay += m_latency;
  if (range == nullptr) {
    ++m_unmapped;
    ++initiator.errors;
    trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  const size_t port = static_cast<size_t>(range->port);
  const uint64_t arrival = m_clock.cycles(sc_core::sc_time_stamp() + delay);
  const uint64_t start = m_arbiter.start(static_cast<size_t>(id), port, arrival);
  const uint64_t wait_cycles = start - arrival;
  if (wait_cycles != 0) delay += m_clock.time(wait_cycles);

  trans.set_address(addr - range->base);
  to_targets[range->port]->b_transport(trans, delay);
  trans.set_address(addr);

  // Re-read: a target may wait() inside b_transport.
  m_arbiter.occupy(static_cast<size_t>(id), port, start,
                   m_clock.cycles(sc_core::sc_time_stamp() + delay));
  count(initiator, port, trans.get_data_length(), wait_cycles, trans.is_response_error());
}

void Bus::set_timing_only_target(int port, Memory* memory) {
  if (m_timing_only.size() <= static_cast<size_t>(port)) m_timing_only.resize(port + 1, nullptr);
  m_timing_only[port] = memory;
}

unsigned int Bus::transport_dbg(int id, tlm::tlm_generic_payload& trans) {
  const uint64_t addr = trans.get_address();
  const AddressRange* range = m_map.decode(addr, trans.get_data_length());
  if (range == nullptr) {
    trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return 0;
  }
  trans.set_address(addr - range->base);
  const unsigned int n = to_targets[range->port]->transport_dbg(trans);
  trans.set_address(addr);
  return n;
}

bool Bus::get_direct_mem_ptr(int id, tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi) {
  const uint64_t addr = trans.get_address();
  const AddressRange* range = m_map.decode(addr);
  if (range == nullptr) {
    // Refuse for this address only: tlm_dmi's default range is the whole address space,
    // which an initiator would take to mean "no DMI anywhere".
    dmi.set_start_address(addr);
    dmi.set_end_address(addr);
    return false;
  }
  trans.set_address(addr - range->base);
  const bool granted = to_targets[range->port]->get_direct_mem_ptr(trans, dmi);
  trans.set_address(addr);
  // Translate the region back to global addresses and clip it to the mapped range; a
  // denied request still describes the region it applies to.
  uint64_t start = dmi.get_start_address() + range->base;
  uint64_t end = std::min<uint64_t>(dmi.get_end_address(), range->size - 1) + range->base;
  dmi.set_start_address(start);
  dmi.set_end_address(end);
  if (granted) {
    dmi.set_read_latency(dmi.get_read_latency() + m_clock.time(m_params.latency_cycles));
    dmi.set_write_latency(dmi.get_write_latency() + m_clock.time(m_params.latency_cycles));
  }
  return granted;
}

void Bus::invalidate_direct_mem_ptr(int port, sc_dt::uint64 start, sc_dt::uint64 end) {
  const AddressRange* range =
      static_cast<size_t>(port) < m_range_of_port.size() ? m_range_of_port[port] : nullptr;
  if (range == nullptr) return;
  const uint64_t global_start = range->base + start;
  const uint64_t global_end = range->base + std::min<uint64_t>(end, range->size - 1);
  for (unsigned i = 0; i < from_initiators.size(); ++i) {
    from_initiators[i]->invalidate_direct_mem_ptr(global_start, global_end);
  }
}

void Bus::report(Stats& stats) const {
  stats.set("bus.unmapped_accesses", m_unmapped, "Transactions to unmapped addresses");
  const bool round_robin = m_arbiter.policy() == BusArbitration::kRoundRobin;
  stats.set_text("bus.arbitration", bus_arbitration_name(m_arbiter.policy()),
                 "Arbitration policy (bus.arbitration)");
  for (size_t i = 0; i < m_by_initiator.size(); ++i) {
    const std::string name = i < m_initiator_names.size() && !m_initiator_names[i].empty()
                                 ? m_initiator_names[i]
                                 : "port" + std::to_string(i);
    const std::string p = "bus.initiator." + name + ".";
    stats.set(p + "transactions", m_by_initiator[i].transactions, "Bus transactions issued");
    stats.set(p + "bytes", m_by_initiator[i].bytes, "Bytes moved by those transactions");
    if (round_robin) {
      stats.set(p + "wait_cycles", m_by_initiator[i].wait_cycles + m_arbiter.acquire_wait_cycles(i),
                "Cycles from requesting the bus to reaching the target: waiting for another "
                "initiator to drop its grant, and the idle cycle of each grant switch");
      stats.set(p + "grant_switches", m_arbiter.grant_switches(i),
                "Times the grant moved to this initiator from another (one idle cycle each)");
    } else {
      stats.set(p + "wait_cycles", m_by_initiator[i].wait_cycles,
                "Cycles waited for a busy target (contention)");
    }
    stats.set(p + "errors", m_by_initiator[i].errors, "Transactions answered with an error");
  }
  for (const auto& r : m_map.ranges()) {
    const Counters& c = m_by_target[r.port];
    const std::string p = "bus.target." + r.name + ".";
    stats.set(p + "transactions", c.transactions, "Bus transactions served");
    stats.set(p + "bytes", c.bytes, "Bytes moved");
    stats.set(p + "wait_cycles", c.wait_cycles, "Cycles initiators waited for this target");
  }
}

}  // namespace accsim
