#include "memory_timing.h"

#include <limits>
#include <stdexcept>

namespace accsim {

namespace {
constexpr uint64_t kClosedRow = std::numeric_limits<uint64_t>::max();
}

MemoryTimingModel::MemoryTimingModel(const MemoryTimingParams& params) : m_params(params) {
  if (m_params.beat_bytes == 0) throw std::invalid_argument("memory beat width must be > 0");
  if (!m_params.row_buffer) return;
  RowBufferParams& rows = *m_params.row_buffer;
  if (rows.row_bytes == 0) throw std::invalid_argument("DRAM row size must be > 0");
  if (rows.banks == 0) rows.banks = 1;
  m_open_row.assign(rows.banks, kClosedRow);
  const auto power_of_two = [](uint64_t v) { return v != 0 && (v & (v - 1)) == 0; };
  if (power_of_two(rows.row_bytes) && power_of_two(rows.banks)) {
    m_row_shift = static_cast<unsigned>(__builtin_ctzll(rows.row_bytes));
    m_bank_mask = rows.banks - 1;
  }
}

uint64_t MemoryTimingModel::access_cycles(uint64_t offset, uint64_t len) {
  const uint64_t beats = beats_of(len, m_params.beat_bytes);
  uint64_t first = m_params.first_access_cycles;
  if (m_params.row_buffer) {
    const RowBufferParams& rows = *m_params.row_buffer;
    // Rows interleave across banks: consecutive rows live in consecutive banks.
    const bool shifts = m_row_shift != 0;
    const uint64_t row_index = shifts ? offset >> m_row_shift : offset / rows.row_bytes;
    const uint64_t bank = shifts ? row_index & m_bank_mask : row_index % rows.banks;
    if (m_open_row[bank] == row_index) {
      first = rows.hit_latency_cycles;
      ++m_row_hits;
    } else {
      m_open_row[bank] = row_index;
      ++m_row_misses;
    }
  }
  return first + (beats - 1) * m_params.cycles_per_beat;
}

}  // namespace accsim
