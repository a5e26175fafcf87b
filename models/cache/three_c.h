// Classifies misses as compulsory, capacity or conflict, as Dinero IV does: a miss to a line
// never referenced before is compulsory; otherwise it is a capacity miss if a fully
// associative LRU cache of the same capacity would also miss, else a conflict miss. The
// shadow cache sees every access (hits too), so it is only built when asked for.
#pragma once

#include <cstdint>
#include <list>
#include <unordered_map>
#include <unordered_set>

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

 private:
  uint32_t m_capacity;
  uint32_t m_line_shift = 0;
  std::list<uint64_t> m_lru;  // front = most recently used line
  std::unordered_map<uint64_t, std::list<uint64_t>::iterator> m_where;
  std::unordered_set<uint64_t> m_seen;
  uint64_t m_counts[3] = {0, 0, 0};
};

}  // namespace accsim::cache
