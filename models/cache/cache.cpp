#include "cache.h"

#include <stdexcept>

namespace accsim::cache {

namespace {
bool power_of_two(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }
uint32_t log2(uint64_t v) {
  uint32_t r = 0;
  while (v > 1) {
    v >>= 1;
    ++r;
  }
  return r;
}
}  // namespace

std::optional<GeometryProblem> geometry_problem(uint64_t size, uint64_t line, uint64_t ways) {
  const auto n = [](uint64_t v) { return std::to_string(v); };
  if (!power_of_two(line) || line < 4) {
    return GeometryProblem{"line_bytes", "line size " + n(line) + " is not a power of two >= 4"};
  }
  if (line > size) {
    return GeometryProblem{"line_bytes",
                           "line size " + n(line) + " exceeds the cache size " + n(size)};
  }
  if (size % line != 0) {
    return GeometryProblem{"size",
                           "size " + n(size) + " is not a multiple of the line size " + n(line)};
  }
  const uint64_t lines = size / line;
  if (ways > lines) {
    return GeometryProblem{"ways", n(ways) + " ways but the cache holds only " + n(lines) +
                                       " lines (0 = fully associative)"};
  }
  if (ways != 0 && (lines % ways != 0 || !power_of_two(lines / ways))) {
    return GeometryProblem{"ways", n(ways) + " ways do not divide " + n(lines) +
                                       " lines into a power-of-two number of sets"};
  }
  return std::nullopt;
}

Cache::Cache(const CacheParams& params) : m_params(params) {
  if (const auto problem = geometry_problem(params.size_bytes, params.line_bytes, params.ways)) {
    throw std::invalid_argument("cache " + problem->key + ": " + problem->message);
  }
  const uint32_t lines = params.size_bytes / params.line_bytes;
  m_ways = params.ways == 0 ? lines : params.ways;
  m_sets = lines / m_ways;
  m_line_shift = log2(params.line_bytes);
  m_line_mask = params.line_bytes - 1;
  m_tags.assign(lines, kInvalid);
  m_stamp.assign(lines, 0);
  m_dirty.assign(lines, 0);
  m_random = static_cast<uint32_t>(params.seed * 2654435761u) | 1u;
}

uint32_t Cache::victim(uint32_t set) {
  const uint32_t base = set * m_ways;
  for (uint32_t w = 0; w < m_ways; ++w) {
    if (m_tags[base + w] == kInvalid) return base + w;
  }
  if (m_params.replacement == Replacement::kRandom) {
    // xorshift32 seeded from the config's seed: deterministic across runs.
    m_random ^= m_random << 13;
    m_random ^= m_random >> 17;
    m_random ^= m_random << 5;
    return base + m_random % m_ways;
  }
  uint32_t oldest = base;
  for (uint32_t w = 1; w < m_ways; ++w) {
    if (m_stamp[base + w] < m_stamp[oldest]) oldest = base + w;
  }
  return oldest;
}

bool Cache::quiet_hit_in_set(uint64_t address, AccessKind kind) {
  if (kind == AccessKind::kWrite && m_params.write_policy != WritePolicy::kWriteBack) return false;
  const uint64_t line = address >> m_line_shift;
  const uint32_t base = set_of(line) * m_ways;
  for (uint32_t w = 0; w < m_ways; ++w) {
    if (m_tags[base + w] != line) continue;
    ++m_counters.accesses[static_cast<int>(kind)];
    ++m_clock;
    if (m_params.replacement == Replacement::kLru) m_stamp[base + w] = m_clock;
    if (kind == AccessKind::kWrite) m_dirty[base + w] = 1;
    return true;
  }
  return false;
}

CacheAccess Cache::access(uint64_t address, AccessKind kind) {
  CacheAccess result;
  const uint64_t line = address >> m_line_shift;
  const uint32_t set = set_of(line);
  const uint32_t base = set * m_ways;
  const int k = static_cast<int>(kind);
  ++m_counters.accesses[k];
  ++m_clock;
  const bool is_write = kind == AccessKind::kWrite;
  for (uint32_t w = 0; w < m_ways; ++w) {
    if (m_tags[base + w] == line) {
      result.hit = true;
      if (m_params.replacement == Replacement::kLru) m_stamp[base + w] = m_clock;
      if (is_write) {
        if (m_params.write_policy == WritePolicy::kWriteBack) {
          m_dirty[base + w] = 1;
        } else {
          result.write_to_bus = true;
        }
      }
      return result;
    }
  }
  ++m_counters.misses[k];
  if (is_write && !m_params.write_allocate) {
    result.write_to_bus = true;  // no-write-allocate: the store goes around the cache
    return result;
  }
  const uint32_t slot = victim(set);
  if (m_tags[slot] != kInvalid) {
    result.evicted = true;
    result.evicted_line = m_tags[slot] << m_line_shift;
    ++m_counters.evictions;
    if (m_dirty[slot]) {
      result.writeback = true;
      ++m_counters.writebacks;
    }
  }
  m_tags[slot] = line;
  m_stamp[slot] = m_clock;
  m_dirty[slot] = 0;
  result.allocated = true;
  if (is_write) {
    if (m_params.write_policy == WritePolicy::kWriteBack) {
      m_dirty[slot] = 1;
    } else {
      result.write_to_bus = true;
    }
  }
  return result;
}

bool Cache::contains(uint64_t address) const {
  const uint64_t line = address >> m_line_shift;
  const uint32_t base = set_of(line) * m_ways;
  for (uint32_t w = 0; w < m_ways; ++w) {
    if (m_tags[base + w] == line) return true;
  }
  return false;
}

void Cache::invalidate_all() {
  m_tags.assign(m_tags.size(), kInvalid);
  m_dirty.assign(m_dirty.size(), 0);
}

std::vector<uint64_t> Cache::flush_all() {
  std::vector<uint64_t> dirty;
  for (size_t i = 0; i < m_tags.size(); ++i) {
    if (m_tags[i] != kInvalid && m_dirty[i]) {
      dirty.push_back(m_tags[i] << m_line_shift);
      ++m_counters.writebacks;
    }
  }
  invalidate_all();
  return dirty;
}

std::string describe(const CacheParams& p) {
  std::string text = std::to_string(p.size_bytes / 1024.0).substr(0, 4);
  text = (p.size_bytes % 1024 == 0 ? std::to_string(p.size_bytes / 1024) : text) + " KiB, " +
         std::to_string(p.line_bytes) + " B lines, ";
  text += p.ways == 1   ? "direct-mapped"
          : p.ways == 0 ? "fully associative"
                        : std::to_string(p.ways) + "-way";
  text += p.write_policy == WritePolicy::kWriteBack ? ", write-back" : ", write-through";
  text += p.write_allocate ? ", write-allocate" : ", no write-allocate";
  return text;
}

}  // namespace accsim::cache
