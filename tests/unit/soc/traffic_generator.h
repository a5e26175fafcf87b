// A synthetic bus initiator: issues a fixed sequence of reads or writes with a gap between
// them and records when each completed. Used by the fabric tests (contention between two
// initiators) and by benchmarks of the bus; not a stand-in for a CPU.
#pragma once

#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>
#include <systemc>
#include <tlm>
#include <vector>

#include "clock.h"

namespace accsim {

struct TrafficPattern {
  uint64_t start_address = 0;
  uint64_t stride = 4;
  uint32_t length = 4;  // bytes per transaction
  uint64_t count = 1;
  uint64_t gap_cycles = 0;  // idle cycles between the end of one and the start of the next
  uint64_t start_cycle = 0;
  bool write = false;
};

class TrafficGenerator : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<TrafficGenerator> bus_side;

  struct Completion {
    uint64_t issue_cycle;
    uint64_t done_cycle;
    tlm::tlm_response_status status;
  };

  TrafficGenerator(sc_core::sc_module_name name, const Clock& clock, TrafficPattern pattern);

  const std::vector<Completion>& completions() const { return m_completions; }

 private:
  void run();

  const Clock& m_clock;
  TrafficPattern m_pattern;
  std::vector<Completion> m_completions;
};

}  // namespace accsim
