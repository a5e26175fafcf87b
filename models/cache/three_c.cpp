#include "three_c.h"

namespace accsim::cache {

const char* miss_class_name(MissClass c) {
  switch (c) {
    case MissClass::kCompulsory:
      return "compulsory";
    case MissClass::kCapacity:
      return "capacity";
    case MissClass::kConflict:
      return "conflict";
  }
  return "?";
}

ThreeCClassifier::ThreeCClassifier(uint32_t capacity_lines, uint32_t line_bytes)
    : m_capacity(capacity_lines) {
  while ((1u << m_line_shift) < line_bytes) ++m_line_shift;
  m_where.reserve(capacity_lines * 2);
}

MissClass ThreeCClassifier::access(uint64_t address, bool real_cache_missed, bool allocates) {
  const uint64_t line = address >> m_line_shift;
  const bool first_reference = m_seen.insert(line).second;
  auto it = m_where.find(line);
  const bool shadow_hit = it != m_where.end();
  if (shadow_hit) {
    m_lru.splice(m_lru.begin(), m_lru, it->second);
  } else if (allocates) {
    m_lru.push_front(line);
    m_where[line] = m_lru.begin();
    if (m_lru.size() > m_capacity) {
      m_where.erase(m_lru.back());
      m_lru.pop_back();
    }
  }
  MissClass c = MissClass::kConflict;
  if (first_reference) {
    c = MissClass::kCompulsory;
  } else if (!shadow_hit) {
    c = MissClass::kCapacity;
  }
  if (real_cache_missed) ++m_counts[static_cast<int>(c)];
  return c;
}

}  // namespace accsim::cache
