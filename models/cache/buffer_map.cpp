#include "buffer_map.h"

#include <algorithm>

namespace accsim::cache {

uint32_t BufferMap::add(Buffer buffer) {
  if (buffer.bytes == 0) return kNone;
  m_buffers.push_back(std::move(buffer));
  return static_cast<uint32_t>(m_buffers.size() - 1);
}

void BufferMap::finalize() {
  m_cuts.clear();
  for (const auto& b : m_buffers) {
    m_cuts.push_back(b.start);
    m_cuts.push_back(b.start + b.bytes);
  }
  std::sort(m_cuts.begin(), m_cuts.end());
  m_cuts.erase(std::unique(m_cuts.begin(), m_cuts.end()), m_cuts.end());
  m_pieces.assign(m_cuts.empty() ? 0 : m_cuts.size() - 1, {});
  for (uint32_t id = 0; id < m_buffers.size(); ++id) {
    const Buffer& b = m_buffers[id];
    const size_t first = std::lower_bound(m_cuts.begin(), m_cuts.end(), b.start) - m_cuts.begin();
    for (size_t i = first; i + 1 < m_cuts.size() && m_cuts[i] < b.start + b.bytes; ++i) {
      m_pieces[i].push_back(id);
    }
  }
  for (auto& piece : m_pieces) {
    std::stable_sort(piece.begin(), piece.end(), [this](uint32_t a, uint32_t b) {
      return m_buffers[a].bytes < m_buffers[b].bytes;
    });
  }
}

uint32_t BufferMap::find(uint64_t address, int op) const {
  const auto it = std::upper_bound(m_cuts.begin(), m_cuts.end(), address);
  if (it == m_cuts.begin() || it == m_cuts.end()) return kNone;
  const auto& piece = m_pieces[static_cast<size_t>(it - m_cuts.begin()) - 1];
  for (const uint32_t id : piece) {
    const Buffer& b = m_buffers[id];
    if (b.first_op == kAlways || (op >= b.first_op && (b.last_op == kAlways || op <= b.last_op))) {
      return id;
    }
  }
  return piece.empty() ? kNone : piece.front();  // none live: the smallest
}

std::string BufferMap::name(uint32_t id) const {
  return id == kNone ? "(unnamed)" : m_buffers[id].name;
}

}  // namespace accsim::cache
