// The CRC-32 engine as a SystemC module: a bus target with the registers of crc32_regs.h in
// front of Crc32Engine. It has no process of its own: the engine answers each access with the
// cycles it waited, and the access's annotated delay carries them back to the CPU.
#pragma once

#include <tlm_utils/simple_target_socket.h>

#include <systemc>
#include <tlm>

#include "clock.h"
#include "crc32_engine.h"

namespace accsim {
class Stats;
}

namespace accsim::crc32 {

class Crc32Module : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<Crc32Module> bus_side;  // MMIO registers, from the CPU

  Crc32Module(sc_core::sc_module_name name, Crc32Timing timing, const Clock& clock);

  const Crc32Engine& engine() const { return m_engine; }
  // Statistics under "<module name>.".
  void report(Stats& stats) const;

 private:
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  // The register access itself; false for a register that does not take it.
  bool read(uint64_t offset, uint64_t cycle, uint32_t& value, uint64_t& stall);
  bool write(uint64_t offset, uint32_t value, uint64_t cycle, uint64_t& stall);

  const Clock& m_clock;
  Crc32Engine m_engine;
};

}  // namespace accsim::crc32
