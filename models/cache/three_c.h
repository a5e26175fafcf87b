// Classifies misses as compulsory, capacity or conflict, as Dinero IV does: a miss to a line
// never referenced before is compulsory; otherwise it is a capacity miss if a fully
// associative LRU cache of the same capacity would also miss, else a conflict miss. The
// shadow cache sees every access (hits too), so it is only built when asked for.
//
// Cost: one look-up in a flat hash table per access that changes the shadow's order; an access to
// the line it touched last (most accesses: a loop walks a line word by word) changes nothing and
// costs a compare. The LRU order is an intrusive list in a vector of capacity_lines nodes.
#pragma once

#include <cstdint>
#include <vector>

#include "line_table.h"

namespace accsim::cache {

enum class MissClass : uint8_t { kCompulsory, kCapacity, kConflict };
const char* miss_class_name(MissClass c);

class ThreeCClassifier {
 public:
  ThreeCClassifier(uint32_t capacity_lines, uint32_t line_bytes);

  // Records an access by the real cache and returns the class its miss would have (counted
  // only if `real_cache_missed`). Must see every access the real cache sees, in order;
  // `allocates` = false for a write miss the real cache does not allocate (the shadow then
  // does not allocate either).
  MissClass access(uint64_t address, bool real_cache_missed, bool allocates = true);

  uint64_t count(MissClass c) const { return m_counts[static_cast<int>(c)]; }
  // Whether `address` is in the line accessed last: an access there changes nothing, so a real
  // cache hit there may skip access() (the caches' quiet-hit paths).
  bool is_most_recent(uint64_t address) const { return (address >> m_line_shift) == m_mru_line; }

 private:
  static constexpr uint32_t kNil = 0xFFFFFFFFu;
  struct Node {
    uint64_t line;
    uint32_t prev, next;  // towards the most / least recently used; kNil at the ends
  };
  void unlink(uint32_t node);
  void push_front(uint32_t node);

  uint32_t m_capacity;
  uint32_t m_line_shift = 0;
  std::vector<Node> m_nodes;  // at most m_capacity
  uint32_t m_head = kNil, m_tail = kNil;
  // Every line ever referenced: its node while the shadow holds it, else kNil.
  LineTable m_lines;
  uint64_t m_mru_line = ~uint64_t{0};  // the head's line (none: an impossible line number)
  uint64_t m_counts[3] = {0, 0, 0};
};

}  // namespace accsim::cache
