// What a component sees of the SoC while it is built (ComponentType::build): the clock, the
// run's status and limits, the CPU it may attach to, and the bus it binds its sockets to.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <tlm>

#include "clock.h"
#include "run_status.h"
#include "trace_file.h"

namespace accsim::cpu {
class CpuModule;
}

namespace accsim::soc {

// What the run asked for that components need to know.
struct SocOptions {
  uint64_t max_cycles = 0;  // the run's cycle limit (0 = none): bounds runaway accelerators
  // --trace fst: where the RTL's waveform goes (empty: no waveform), and its window.
  std::filesystem::path waveform;
  TraceLimits trace_window;
  // Progress lines while building (verilating a user's design on first use takes seconds).
  std::function<void(const std::string&)> note;
};

class SocBuilder {
 public:
  virtual ~SocBuilder() = default;
  virtual const Clock& clock() const = 0;
  virtual RunStatus& status() = 0;
  virtual const SocOptions& options() const = 0;
  virtual cpu::CpuModule& cpu() = 0;
  // Binds an initiator socket (a DMA) to the bus, named for statistics.
  virtual void connect_initiator(tlm::tlm_initiator_socket<>& socket, const std::string& name) = 0;
  // Binds a target socket (MMIO registers) at [base, base + size).
  virtual void connect_target(tlm::tlm_target_socket<>& socket, const std::string& name,
                              uint64_t base, uint64_t size) = 0;
};

}  // namespace accsim::soc
