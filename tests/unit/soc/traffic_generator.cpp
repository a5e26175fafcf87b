#include "traffic_generator.h"

namespace accsim {

TrafficGenerator::TrafficGenerator(sc_core::sc_module_name name, const Clock& clock,
                                   TrafficPattern pattern)
    : sc_module(name), bus_side("bus_side"), m_clock(clock), m_pattern(pattern) {
  SC_HAS_PROCESS(TrafficGenerator);
  SC_THREAD(run);
}

void TrafficGenerator::run() {
  std::vector<uint8_t> buffer(m_pattern.length, 0xA5);
  wait(m_clock.time(m_pattern.start_cycle));
  for (uint64_t i = 0; i < m_pattern.count; ++i) {
    tlm::tlm_generic_payload trans;
    trans.set_command(m_pattern.write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    trans.set_address(m_pattern.start_address + i * m_pattern.stride);
    trans.set_data_ptr(buffer.data());
    trans.set_data_length(m_pattern.length);
    trans.set_streaming_width(m_pattern.length);
    trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    const uint64_t issue = m_clock.now_cycles();
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    bus_side->b_transport(trans, delay);
    wait(delay);  // synchronise at once: this initiator does not decouple
    m_completions.push_back({issue, m_clock.now_cycles(), trans.get_response_status()});
    wait(m_clock.time(m_pattern.gap_cycles));
  }
}

}  // namespace accsim
