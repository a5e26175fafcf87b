#include "input_store.h"

namespace accsim::cfu {

InputStore::InputStore(uint32_t capacity_words) {
  for (auto& b : m_buffers) b.assign(capacity_words, 0);
}

void InputStore::reset(uint32_t depth_words, uint64_t cycle) {
  m_depth = depth_words;
  m_head = m_complete = m_written = 0;
  m_ready = {};
  m_free_from = {cycle, cycle};
}

bool InputStore::write(uint32_t word, uint64_t ready_cycle) {
  const uint32_t buffer = write_buffer();
  m_buffers[buffer][m_written++] = word;
  if (m_written < m_depth) return false;
  m_ready[buffer] = ready_cycle;
  ++m_complete;
  m_written = 0;
  return true;
}

void InputStore::release_head(uint64_t free_cycle) {
  m_free_from[m_head] = free_cycle;
  m_head ^= 1;
  --m_complete;
}

}  // namespace accsim::cfu
