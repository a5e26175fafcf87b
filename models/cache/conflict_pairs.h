// Where a cache's conflict misses come from: for every line a miss evicts it remembers which
// buffer's line evicted it (BufferMap, resolved when the eviction happens), and charges each
// later conflict miss of that line to the pair (victim buffer, evicting buffer) in the scope
// that runs (a model operator or firmware region) and the set it maps to. A conflict miss of a
// line evicted by no miss (fence.i, a flush) goes to the evictor "(invalidated)". Plain C++: it
// hears the classified misses of one cache.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "buffer_map.h"
#include "cache.h"
#include "three_c.h"

namespace accsim::cache {

class ConflictPairs {
 public:
  static constexpr uint32_t kInvalidated = BufferMap::kNone - 1;

  // `buffers` must outlive this; `sets` and `line_bytes` are the cache's geometry.
  ConflictPairs(const BufferMap& buffers, uint32_t sets, uint32_t line_bytes);

  // The scope misses are charged to from now on, and the operator whose buffers are live
  // (-1: none). The scope name is kept; scopes repeat (a region entered twice accumulates).
  void set_scope(const std::string& scope, int op);
  void on_miss(uint64_t address, MissClass miss_class, const CacheAccess& access);

  struct Pair {
    uint32_t victim = BufferMap::kNone, evictor = BufferMap::kNone;
    uint64_t misses = 0;
    std::map<uint32_t, uint64_t> sets;  // set -> conflict misses there
  };
  struct Scope {
    uint64_t conflict_misses = 0;
    std::map<std::pair<uint32_t, uint32_t>, Pair> pairs;
  };
  const std::map<std::string, Scope>& scopes() const { return m_scopes; }
  std::string buffer_name(uint32_t id) const;

  // {"<scope>": {"conflict_misses": N, "pairs": [{"victim", "evictor", "misses", "sets":
  // [[set, misses], ...]}]}}: pairs most misses first, at most `max_pairs` per scope (the
  // rest summed as "other_pairs_misses"), each with its `max_sets` busiest sets.
  nlohmann::json to_json(size_t max_pairs, size_t max_sets) const;

 private:
  const BufferMap& m_buffers;
  uint32_t m_line_shift = 0;
  uint32_t m_set_mask = 0;
  std::unordered_map<uint64_t, uint32_t> m_evicted_by;  // line -> evicting buffer
  std::map<std::string, Scope> m_scopes;
  Scope* m_scope = nullptr;
  int m_op = -1;
};

}  // namespace accsim::cache
