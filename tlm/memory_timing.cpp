#include "memory_timing.h"

#include <limits>
#include <stdexcept>

namespace accsim {

namespace {
constexpr uint64_t kClosedRow = std::numeric_limits<uint64_t>::max();
}

MemoryTimingModel::MemoryTimingModel(const MemoryTimingParams& params) : m_params(params) {
  if (m_params.beat_bytes == 0) throw std::invalid_argument("memory beat width must be > 0");
  if (m_params.banks == 0) m_params.banks = 1;
  m_open_row.assign(m_params.banks, kClosedRow);
}

uint64_t MemoryTimingModel::access_cycles(uint64_t offset, uint64_t len) {
  const uint64_t beats = len == 0 ? 1 : (len + m_params.beat_bytes - 1) / m_params.beat_bytes;
  uint64_t first = m_params.first_access_cycles;
  if (m_params.row_bytes != 0) {
    // Rows interleave across banks: consecutive rows live in consecutive banks.
    const uint64_t row_index = offset / m_params.row_bytes;
    const uint64_t bank = row_index % m_params.banks;
    if (m_open_row[bank] == row_index) {
      first = m_params.row_hit_cycles;
      ++m_row_hits;
    } else {
      m_open_row[bank] = row_index;
      ++m_row_misses;
    }
  }
  return first + (beats - 1) * m_params.cycles_per_beat;
}

}  // namespace accsim
