// Access-time arithmetic of a memory target, in cycles of the SoC clock. Plain C++ so the
// numbers can be tested exactly without a SystemC kernel.
//
// An access of `len` bytes moves ceil(len / beat_bytes) beats. The first beat costs
// `first_access_cycles`, each further beat `cycles_per_beat` (a burst). That is the memory
// model under which VexRiscv's cache timings were measured (docs/reference/vexriscv-measured.md:
// "first beat of an access takes L cycles and each further beat of a burst 1 cycle").
//
// DRAM may additionally model an open-row buffer: an access to the currently open row of its
// bank costs the buffer's `hit_latency_cycles` for the first beat instead of
// `first_access_cycles`.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace accsim {

// A DRAM's open-row buffer ("memories.<name>.row_buffer"); the initialisers are a section's
// defaults when it is given.
struct RowBufferParams {
  uint64_t row_bytes = 2048;
  uint64_t banks = 8;  // consecutive rows map to consecutive banks
  uint64_t hit_latency_cycles = 4;
};

struct MemoryTimingParams {
  uint64_t first_access_cycles = 1;
  uint64_t cycles_per_beat = 1;
  uint64_t beat_bytes = 4;  // min(memory width, bus width): the narrower one limits a burst
  // DRAM only, and only when its section is given: none = every access costs
  // first_access_cycles.
  std::optional<RowBufferParams> row_buffer;
};

// Beats of a `len`-byte access on a path `beat_bytes` wide: ceil(len / beat_bytes), at least one.
// The common case (a CPU word or less) needs no division, which costs tens of host cycles on
// every write-through store.
inline uint64_t beats_of(uint64_t len, uint64_t beat_bytes) {
  if (len <= beat_bytes) return 1;
  return (len + beat_bytes - 1) / beat_bytes;
}

class MemoryTimingModel {
 public:
  explicit MemoryTimingModel(const MemoryTimingParams& params);

  // Cycles for one access starting at local offset `offset`; updates the open-row state.
  uint64_t access_cycles(uint64_t offset, uint64_t len);

  uint64_t row_hits() const { return m_row_hits; }
  uint64_t row_misses() const { return m_row_misses; }
  const MemoryTimingParams& params() const { return m_params; }

 private:
  MemoryTimingParams m_params;
  // Row and bank of an offset by shift and mask when the row buffer's row_bytes and banks are
  // powers of two
  // (every shipped DRAM); 0 = divide.
  unsigned m_row_shift = 0;
  uint64_t m_bank_mask = 0;
  std::vector<uint64_t> m_open_row;  // per bank; UINT64_MAX = closed
  uint64_t m_row_hits = 0;
  uint64_t m_row_misses = 0;
};

}  // namespace accsim
