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
    : m_capacity(capacity_lines), m_lines(size_t{capacity_lines} * 4) {
  while ((1u << m_line_shift) < line_bytes) ++m_line_shift;
  m_nodes.reserve(capacity_lines);
}

void ThreeCClassifier::unlink(uint32_t node) {
  Node& n = m_nodes[node];
  (n.prev == kNil ? m_head : m_nodes[n.prev].next) = n.next;
  (n.next == kNil ? m_tail : m_nodes[n.next].prev) = n.prev;
}

void ThreeCClassifier::push_front(uint32_t node) {
  Node& n = m_nodes[node];
  n.prev = kNil;
  n.next = m_head;
  (m_head == kNil ? m_tail : m_nodes[m_head].prev) = node;
  m_head = node;
  m_mru_line = n.line;
}

MissClass ThreeCClassifier::access(uint64_t address, bool real_cache_missed, bool allocates) {
  const uint64_t line = address >> m_line_shift;
  MissClass c = MissClass::kConflict;  // referenced before and held by the shadow
  if (line != m_mru_line) {            // the most recent line: a shadow hit that moves nothing
    bool first_reference;
    // Stays valid below: at() never grows the table.
    uint32_t& slot = m_lines.find_or_insert(line, kNil, first_reference);
    const uint32_t node = slot;
    if (node != kNil) {
      unlink(node);
      push_front(node);
    } else {
      c = first_reference ? MissClass::kCompulsory : MissClass::kCapacity;
      if (allocates && m_capacity > 0) {
        uint32_t fresh;
        if (m_nodes.size() < m_capacity) {
          fresh = static_cast<uint32_t>(m_nodes.size());
          m_nodes.push_back({line, kNil, kNil});
        } else {  // evict the least recently used line (it stays referenced: kNil)
          fresh = m_tail;
          unlink(fresh);
          m_lines.at(m_nodes[fresh].line) = kNil;
          m_nodes[fresh].line = line;
        }
        slot = fresh;
        push_front(fresh);
      }
    }
  }
  if (real_cache_missed) ++m_counts[static_cast<int>(c)];
  return c;
}

}  // namespace accsim::cache
