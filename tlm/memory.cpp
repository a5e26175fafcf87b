#include "memory.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>

#include "direct_to_memory.h"
#include "error_reason.h"
#include "stats.h"

namespace accsim {

Memory::Memory(sc_core::sc_module_name name, const Clock& clock, MemoryKind kind, uint64_t size,
               const MemoryTimingParams& timing, bool allow_dmi)
    : sc_module(name),
      bus_side("bus_side"),
      m_clock(clock),
      m_kind(kind),
      m_size(size),
      m_data(static_cast<uint8_t*>(std::calloc(size, 1))),
      m_timing(timing),
      m_allow_dmi(allow_dmi) {
  if (!m_data) throw std::bad_alloc();
  bus_side.register_b_transport(this, &Memory::b_transport);
  bus_side.register_transport_dbg(this, &Memory::transport_dbg);
  bus_side.register_get_direct_mem_ptr(this, &Memory::get_direct_mem_ptr);
}

void Memory::add_read_only(uint64_t offset, uint64_t size, const std::string& what) {
  if (size == 0 || offset >= m_size || size > m_size - offset) {
    throw std::invalid_argument(what + ": not inside " + basename());
  }
  if (read_only_at(offset, size) != nullptr) {
    throw std::invalid_argument(what + ": overlaps another read-only range");
  }
  m_read_only.push_back({offset, offset + size - 1, what + " is read-only"});
  std::sort(m_read_only.begin(), m_read_only.end(),
            [](const ReadOnly& a, const ReadOnly& b) { return a.first < b.first; });
}

const Memory::ReadOnly* Memory::read_only_at(uint64_t addr, uint64_t len) const {
  for (const ReadOnly& r : m_read_only) {
    if (addr <= r.last && r.first < addr + len) return &r;
  }
  return nullptr;
}

bool Memory::check(tlm::tlm_generic_payload& trans) const {
  const uint64_t addr = trans.get_address();
  const uint64_t len = trans.get_data_length();
  if (addr >= m_size || len > m_size - addr) {
    trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return false;
  }
  if (trans.get_streaming_width() < len) {
    trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return false;
  }
  return true;
}

void Memory::copy(tlm::tlm_generic_payload& trans, uint8_t* mem) {
  const unsigned len = trans.get_data_length();
  uint8_t* ptr = trans.get_data_ptr();
  const uint8_t* be = trans.get_byte_enable_ptr();
  const unsigned be_len = trans.get_byte_enable_length();
  const bool read = trans.is_read();
  if (be == nullptr) {
    read ? std::memcpy(ptr, mem, len) : std::memcpy(mem, ptr, len);
  } else {
    for (unsigned i = 0; i < len; ++i) {
      if (be[i % be_len] != TLM_BYTE_ENABLED) continue;
      read ? (ptr[i] = mem[i]) : (mem[i] = ptr[i]);
    }
  }
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

void Memory::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  if (!check(trans)) return;
  const std::string* reason = nullptr;
  if (trans.is_write() && write_refused(trans.get_address(), trans.get_data_length(), &reason)) {
    if (auto* extension = trans.get_extension<ErrorReason>(); extension && reason) {
      extension->text = *reason;
    }
    trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
    return;
  }
  if (trans.get_command() == tlm::TLM_IGNORE_COMMAND) {
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
    return;
  }
  const uint64_t cycles = serve(trans.is_write(), trans.get_address(), trans.get_data_length(),
                                trans.get_extension<DirectToMemory>() != nullptr);
  copy(trans, m_data.get() + trans.get_address());
  delay += m_clock.time(cycles);
  trans.set_dmi_allowed(m_allow_dmi);
}

unsigned int Memory::transport_dbg(tlm::tlm_generic_payload& trans) {
  const uint64_t addr = trans.get_address();
  if (addr >= m_size) {
    trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return 0;
  }
  const unsigned n =
      static_cast<unsigned>(std::min<uint64_t>(trans.get_data_length(), m_size - addr));
  uint8_t* mem = m_data.get() + addr;
  if (trans.is_read()) {
    std::memcpy(trans.get_data_ptr(), mem, n);
  } else if (trans.is_write()) {
    std::memcpy(mem, trans.get_data_ptr(), n);
  }
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
  return n;
}

bool Memory::get_direct_mem_ptr(tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi) {
  dmi.set_start_address(0);
  dmi.set_end_address(m_size - 1);
  if (!m_allow_dmi) return false;
  uint64_t start = 0, end = m_size - 1;
  bool writable = m_kind != MemoryKind::kRom;
  if (writable && !m_read_only.empty()) {
    if (!trans.is_write()) {
      // Reads: all of it, so that loads keep one region; writes are asked for apart.
      writable = false;
    } else {
      // Writes: the stretch between read-only ranges that holds the address; none inside one,
      // so that stores there reach b_transport and fail.
      const uint64_t addr = trans.get_address();
      for (const ReadOnly& r : m_read_only) {
        if (addr >= r.first && addr <= r.last) {
          dmi.set_start_address(r.first);
          dmi.set_end_address(r.last);
          return false;
        }
        if (r.last < addr) start = std::max(start, r.last + 1);
        if (r.first > addr) end = std::min(end, r.first - 1);
      }
    }
  }
  dmi.set_start_address(start);
  dmi.set_end_address(end);
  dmi.set_dmi_ptr(m_data.get() + start);
  dmi.set_granted_access(writable ? tlm::tlm_dmi::DMI_ACCESS_READ_WRITE
                                  : tlm::tlm_dmi::DMI_ACCESS_READ);
  // Uncached DMI accesses (a CPU without caches) are timed as this first beat; behind a cache,
  // as its hit.
  const sc_core::sc_time first =
      m_clock.time(m_cache ? m_cache->hit_latency_cycles() : m_timing.params().first_access_cycles);
  dmi.set_read_latency(first);
  dmi.set_write_latency(first);
  return true;
}

void Memory::report(Stats& stats) const {
  const std::string p = std::string("mem.") + basename() + ".";
  stats.set(p + "reads", m_reads, "Bus read transactions served");
  stats.set(p + "writes", m_writes, "Bus write transactions served");
  stats.set(p + "bytes_read", m_bytes_read, "Bytes read over the bus");
  stats.set(p + "bytes_written", m_bytes_written, "Bytes written over the bus");
  stats.set(p + "busy_cycles", m_busy_cycles, "Cycles spent serving bus transactions");
  if (m_cache) {
    m_cache->report(stats, basename());
  }
  if (m_timing.params().row_buffer && !m_cache) {
    stats.set(p + "row_hits", m_timing.row_hits(), "Accesses to an already open DRAM row");
    stats.set(p + "row_misses", m_timing.row_misses(), "Accesses that opened a DRAM row");
  }
}

}  // namespace accsim
