// What the CPU's memory system needs from the outside world: bus transactions with their
// annotated delay, DMI regions, and synchronisation with simulated time. CpuModule implements
// it over TLM sockets; tests implement it with a flat array. Accesses whose data moved through
// DMI already go to the bus's timing-only path from here (set_timing_only_path), inline
// through the bus to the memory's timing: every write-through store takes that path.
#pragma once

#include <cstdint>
#include <string>

#include "bus.h"

namespace accsim::cpu {

enum class BusSide { kInstruction, kData };

struct DmiGrant {
  uint64_t start = 0;
  uint64_t end = 0;  // inclusive
  uint8_t* ptr = nullptr;
  bool writable = false;
  uint64_t read_latency_cycles = 0;
  uint64_t write_latency_cycles = 0;
};

class BusPort {
 public:
  virtual ~BusPort() = default;
  // A timed transaction issued at the CPU's local `cycle`, not synchronised first (memory
  // refills, write-throughs). Returns false on a bus error; `cycles` = its annotated delay.
  virtual bool transact(BusSide side, bool write, uint64_t address, uint8_t* data, unsigned length,
                        uint64_t cycle, uint64_t& cycles) = 0;
  // transact() for an access whose data already moved through DMI (a cache line fill or
  // write-back, a write-through store): the bus's timing-only path times it without moving
  // `data` when it can (Bus::timing_only_access), with the same timing and statistics.
  bool transact_dmi_backed(BusSide side, bool write, uint64_t address, uint8_t* data,
                           unsigned length, uint64_t cycle, uint64_t& cycles) {
    return time_dmi_backed(side, write, address, length, cycle, cycles) ||
           transact(side, write, address, data, length, cycle, cycles);
  }
  // The timing-only half of transact_dmi_backed: false if the port has no timing-only path or
  // the bus declined (nothing was counted; send the transaction). Inline and non-virtual:
  // every write-through store takes it.
  __attribute__((always_inline)) bool time_dmi_backed(BusSide side, bool write, uint64_t address,
                                                      unsigned length, uint64_t cycle,
                                                      uint64_t& cycles) {
    if (m_bus == nullptr || !m_bus->timing_only_access(m_initiator_port[static_cast<int>(side)],
                                                       write, address, length, cycle, cycles)) {
      return false;
    }
    ++m_timing_only_accesses;
    return true;
  }
  // The same after synchronising simulated time to `cycle` (MMIO: the target must see the
  // CPU's true time). May end the run (sim-control EXIT).
  virtual bool transact_synchronised(BusSide side, bool write, uint64_t address, uint8_t* data,
                                     unsigned length, uint64_t cycle, uint64_t& cycles) = 0;
  // DMI for the region holding `address`, for reads or for writes (a memory with a read-only
  // range grants them differently, tlm/memory.h); false if refused (then `refused_start/end`
  // give the range the refusal covers).
  virtual bool dmi(BusSide side, bool write, uint64_t address, DmiGrant& grant,
                   uint64_t& refused_start, uint64_t& refused_end) = 0;
  // Untimed read of an instruction word outside DMI memory.
  virtual bool debug_read(uint64_t address, uint8_t* data, unsigned length) = 0;
  virtual void synchronise(uint64_t cycle) = 0;
  // Why the last transaction failed, when its target said (tlm/error_reason.h); empty otherwise.
  virtual std::string error_reason() const { return {}; }

  // For a CPU that sees its own Wishbone CYC (the RTL CPU): `side`'s CYC is high in `cycle`;
  // true when the bus's grant is its in that cycle (start the access), false: ask again next
  // cycle. release_bus: its CYC is low in `cycle`. Under bus.arbitration = round-robin the
  // grant is then held exactly as long as CYC (Bus::acquire); always granted otherwise, and
  // without a bus (tests). The C++ core does not call them: its hold is the bus's rule for
  // transaction-level initiators, up to the end of the side's last access (tlm/bus_arbiter.h).
  bool acquire_bus(BusSide side, uint64_t cycle) {
    return m_bus == nullptr || m_bus->acquire(m_initiator_port[static_cast<int>(side)], cycle);
  }
  void release_bus(BusSide side, uint64_t cycle) {
    if (m_bus != nullptr) m_bus->release(m_initiator_port[static_cast<int>(side)], cycle);
  }

  // The bus whose timing-only path to take, and this port's initiator ports on it, by BusSide.
  void set_timing_only_path(Bus& bus, int ibus_port, int dbus_port) {
    m_bus = &bus;
    m_initiator_port[0] = ibus_port;
    m_initiator_port[1] = dbus_port;
  }
  // Accesses timed by the timing-only path (each stands for one transaction).
  uint64_t timing_only_accesses() const { return m_timing_only_accesses; }

 private:
  Bus* m_bus = nullptr;  // null: no timing-only path, every access is a transaction
  int m_initiator_port[2] = {};
  uint64_t m_timing_only_accesses = 0;
};

}  // namespace accsim::cpu
