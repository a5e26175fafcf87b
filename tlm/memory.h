// A memory target (SRAM, ROM or DRAM) on the bus. Data lives in a zero-initialised host buffer
// that is handed out by DMI; timing comes from MemoryTimingModel and is annotated on every
// b_transport. ROM refuses bus writes (TLM_COMMAND_ERROR_RESPONSE) but accepts debug writes,
// which is how the ELF loader fills it; so does a read-only range of a writable memory (the
// model region of a --model run), with its reason in the ErrorReason extension. DMI for reads
// then covers the whole memory with read access only, and DMI for writes the stretches around
// the read-only ranges, so a DMI writer never reaches one. Accesses whose data already moved
// through DMI can be timed without a transaction (timing_only_access, Bus::timing_only_access).
#pragma once

#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "clock.h"
#include "memory_side_cache.h"
#include "memory_timing.h"

namespace accsim {

class Stats;

enum class MemoryKind { kSram, kRom, kDram };

class Memory final : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<Memory> bus_side;

  Memory(sc_core::sc_module_name name, const Clock& clock, MemoryKind kind, uint64_t size,
         const MemoryTimingParams& timing, bool allow_dmi);
  // Puts a cache (an L2) in front of this memory: every bus access is timed by it.
  void set_cache(std::unique_ptr<MemorySideCache> cache) { m_cache = std::move(cache); }
  const MemorySideCache* cache() const { return m_cache.get(); }  // null: none
  // Makes [offset, offset + size) read-only for the bus, before simulation (DMI already granted
  // is not revoked): bus writes there fail with `what` + " is read-only" as their reason.
  // `what` names the range for the user, e.g. "the model region 0x41000000-0x41ffffff
  // (workload.model_base)". Throws std::invalid_argument outside the memory or on an overlap.
  void add_read_only(uint64_t offset, uint64_t size, const std::string& what);

  uint8_t* data() { return m_data.get(); }
  uint64_t size() const { return m_size; }
  MemoryKind memory_kind() const { return m_kind; }
  // Cycles the memory has spent serving bus transactions so far (for utilisation samples).
  uint64_t busy_cycles() const { return m_busy_cycles; }
  void report(Stats& stats) const;
  // Its actions for the energy model (and its L2's): bytes read and written, DRAM row
  // activations and row hits, busy cycles (memory_actions.cpp).
  void add_action_counters(std::vector<ActionCounter>& counters) const;

  // The service cycles of a `length`-byte access at local `offset` whose data already moved
  // through DMI, with the memory's state and statistics updated exactly as b_transport would.
  // False, with nothing changed, if the transaction would fail (out of range, a write to ROM or
  // to a read-only range). Inline: the bus's timing-only path (every write-through store).
  bool timing_only_access(bool write, uint64_t offset, unsigned length, uint64_t& cycles) {
    if (offset >= m_size || length > m_size - offset) return false;
    if (write && write_refused(offset, length, nullptr)) return false;
    cycles = serve(write, offset, length, false);
    return true;
  }

 private:
  struct FreeDeleter {
    void operator()(uint8_t* p) const { std::free(p); }
  };

  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  unsigned int transport_dbg(tlm::tlm_generic_payload& trans);
  bool get_direct_mem_ptr(tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi);
  // Checks range and streaming width; sets the error response and returns false if invalid.
  bool check(tlm::tlm_generic_payload& trans) const;
  static void copy(tlm::tlm_generic_payload& trans, uint8_t* mem);
  // The read-only range holding any byte of [addr, addr + len), or null.
  struct ReadOnly {
    uint64_t first, last;  // inclusive offsets
    std::string reason;
  };
  const ReadOnly* read_only_at(uint64_t addr, uint64_t len) const;
  // Whether a bus write of [addr, addr + len) is refused (ROM, a read-only range); `reason`
  // gets the read-only range's reason.
  bool write_refused(uint64_t addr, uint64_t len, const std::string** reason) const {
    if (m_kind == MemoryKind::kRom) return true;
    if (m_read_only.empty()) return false;
    const ReadOnly* r = read_only_at(addr, len);
    if (r != nullptr && reason != nullptr) *reason = &r->reason;
    return r != nullptr;
  }
  // Times an accepted access and counts it: the service cycles. `direct`: past the L2
  // (DirectToMemory).
  uint64_t serve(bool write, uint64_t offset, uint64_t length, bool direct) {
    uint64_t cycles = 0;
    if (!m_cache) {
      cycles = m_timing.access_cycles(offset, length);
    } else if (direct) {
      cycles = m_cache->direct_access(offset, length);
    } else {
      cycles = m_cache->access(offset, length, write);
    }
    m_busy_cycles += cycles;
    if (write) {
      ++m_writes;
      m_bytes_written += length;
    } else {
      ++m_reads;
      m_bytes_read += length;
    }
    return cycles;
  }

  const Clock& m_clock;
  MemoryKind m_kind;
  uint64_t m_size;
  // calloc so that untouched pages of a large DRAM cost no host memory.
  std::unique_ptr<uint8_t, FreeDeleter> m_data;
  MemoryTimingModel m_timing;
  std::unique_ptr<MemorySideCache> m_cache;  // null: no cache in front
  bool m_allow_dmi;
  std::vector<ReadOnly> m_read_only;  // by offset, disjoint
  uint64_t m_reads = 0, m_writes = 0, m_bytes_read = 0, m_bytes_written = 0;
  uint64_t m_busy_cycles = 0;
};

}  // namespace accsim
