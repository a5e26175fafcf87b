// A set-associative cache's tag store: geometry, replacement and write policy, hit/miss and
// write-back decisions, statistics. Plain C++ with no data (the simulator keeps data in the
// memories and reaches it by DMI; the cache decides only timing and bus traffic), so a hit
// costs a few host instructions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace accsim::cache {

enum class Replacement { kLru, kFifo, kRandom };
enum class WritePolicy { kWriteThrough, kWriteBack };
enum class AccessKind : uint8_t { kRead = 0, kWrite = 1, kFetch = 2 };  // = Dinero labels

struct CacheParams {
  uint32_t size_bytes = 4096;
  uint32_t line_bytes = 32;
  uint32_t ways = 1;  // 0 = fully associative
  Replacement replacement = Replacement::kLru;
  WritePolicy write_policy = WritePolicy::kWriteThrough;
  bool write_allocate = false;
  uint64_t seed = 1;  // random replacement
};

struct CacheAccess {
  bool hit = false;
  bool allocated = false;     // a line was filled (a read miss, or a write miss with allocate)
  bool evicted = false;       // a valid line was replaced
  bool writeback = false;     // ... and it was dirty (write-back only)
  uint64_t evicted_line = 0;  // byte address of the replaced line
  bool write_to_bus =
      false;  // the store itself goes to the bus (write-through, or no-allocate miss)
};

struct CacheCounters {
  uint64_t accesses[3] = {0, 0, 0};  // by AccessKind
  uint64_t misses[3] = {0, 0, 0};
  uint64_t writebacks = 0;
  uint64_t evictions = 0;
};

// What is wrong with a geometry, if anything: `key` is the cache key at fault ("line_bytes",
// "size", "ways"). The one place the rules are written: the Cache refuses such a geometry, and
// the config checks (soc/platform_checks.cpp) report it at its key.
struct GeometryProblem {
  std::string key;
  std::string message;
};
std::optional<GeometryProblem> geometry_problem(uint64_t size, uint64_t line, uint64_t ways);

class Cache {
 public:
  explicit Cache(const CacheParams& params);  // throws std::invalid_argument on bad geometry

  CacheAccess access(uint64_t address, AccessKind kind);
  // The common case of access(), inline: a hit that needs no bus traffic (a read or fetch
  // hit, or a write hit in a write-back cache). Records it as access() would (every later hit,
  // miss, eviction and counter is the same) and returns true; otherwise changes nothing and
  // returns false: call access().
  bool quiet_hit(uint64_t address, AccessKind kind) {
    return m_ways == 1 ? quiet_hit_direct_mapped(address, kind) : quiet_hit_in_set(address, kind);
  }
  // quiet_hit of a direct-mapped cache (ways() == 1): one tag to compare, and no replacement
  // order to keep up to date.
  bool quiet_hit_direct_mapped(uint64_t address, AccessKind kind) {
    const bool write = kind == AccessKind::kWrite;
    if (write && m_params.write_policy != WritePolicy::kWriteBack) return false;
    const uint64_t line = address >> m_line_shift;
    const uint32_t set = set_of(line);
    if (m_tags[set] != line) return false;
    ++m_counters.accesses[static_cast<int>(kind)];
    if (write) m_dirty[set] = 1;
    return true;
  }
  // The write-through counterpart: a write to a direct-mapped write-through cache that changes
  // no line and goes on to the bus (access()'s write_to_bus): a hit, or a miss without
  // write-allocate. Records it as access() would and says which; kDeclined changes nothing:
  // call access().
  enum class QuietWrite { kDeclined, kHit, kMiss };
  QuietWrite quiet_write_through_direct_mapped(uint64_t address) {
    if (m_params.write_policy != WritePolicy::kWriteThrough || m_ways != 1) {
      return QuietWrite::kDeclined;
    }
    const uint64_t line = address >> m_line_shift;
    const int write = static_cast<int>(AccessKind::kWrite);
    if (m_tags[set_of(line)] == line) {
      ++m_counters.accesses[write];
      return QuietWrite::kHit;
    }
    if (m_params.write_allocate) return QuietWrite::kDeclined;
    ++m_counters.accesses[write];
    ++m_counters.misses[write];
    return QuietWrite::kMiss;
  }
  // True if the line holding `address` is present (no state change).
  bool contains(uint64_t address) const;

  // Drops every line without writing back (fence.i on the I$).
  void invalidate_all();
  // Writes back every dirty line and drops everything; returns the dirty lines' addresses.
  std::vector<uint64_t> flush_all();

  const CacheParams& params() const { return m_params; }
  uint32_t sets() const { return m_sets; }
  uint32_t line_shift() const { return m_line_shift; }  // log2(line bytes)
  uint32_t ways() const { return m_ways; }
  uint64_t line_address(uint64_t address) const { return address & ~uint64_t{m_line_mask}; }
  const CacheCounters& counters() const { return m_counters; }

 private:
  static constexpr uint64_t kInvalid = ~uint64_t{0};

  uint32_t victim(uint32_t set);
  // The set a line number maps to (sets are a power of two).
  uint32_t set_of(uint64_t line) const { return static_cast<uint32_t>(line & (m_sets - 1)); }
  bool quiet_hit_in_set(uint64_t address, AccessKind kind);

  CacheParams m_params;
  uint32_t m_sets = 0;
  uint32_t m_ways = 0;
  uint32_t m_line_shift = 0;
  uint32_t m_line_mask = 0;
  std::vector<uint64_t> m_tags;   // line number per [set * ways + way]; kInvalid = empty
  std::vector<uint64_t> m_stamp;  // LRU: last use; FIFO: fill time
  std::vector<uint8_t> m_dirty;
  uint64_t m_clock = 0;  // orders uses and fills for replacement (unused when direct-mapped)
  uint32_t m_random;
  CacheCounters m_counters;
};

std::string describe(const CacheParams& params);  // "4 KiB, 32 B lines, direct-mapped, ..."

}  // namespace accsim::cache
