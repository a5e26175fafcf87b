// 3C classification on hand-built address streams.
#include "three_c.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "cache.h"

using namespace accsim::cache;

namespace {
struct Classified {
  uint64_t compulsory = 0, capacity = 0, conflict = 0, misses = 0;
};
Classified run(const CacheParams& p, const std::vector<uint64_t>& stream) {
  Cache c(p);
  ThreeCClassifier t(p.size_bytes / p.line_bytes, p.line_bytes);
  for (uint64_t a : stream) {
    const CacheAccess r = c.access(a, AccessKind::kRead);
    t.access(a, !r.hit);
  }
  Classified out;
  out.compulsory = t.count(MissClass::kCompulsory);
  out.capacity = t.count(MissClass::kCapacity);
  out.conflict = t.count(MissClass::kConflict);
  out.misses = c.counters().misses[0];
  return out;
}
CacheParams dm(uint32_t size, uint32_t line) {
  CacheParams p;
  p.size_bytes = size;
  p.line_bytes = line;
  p.ways = 1;
  return p;
}
}  // namespace

TEST_CASE("first references are compulsory misses", "[three_c]") {
  const auto r = run(dm(256, 32), {0x0, 0x20, 0x40, 0x0, 0x20});
  CHECK(r.compulsory == 3);
  CHECK(r.capacity == 0);
  CHECK(r.conflict == 0);
  CHECK(r.misses == 3);
}

TEST_CASE("ping-pong between aliasing lines is conflict", "[three_c]") {
  // 256 B direct-mapped: 0x0 and 0x100 share a set; a fully associative cache holds both.
  const auto r = run(dm(256, 32), {0x0, 0x100, 0x0, 0x100, 0x0});
  CHECK(r.compulsory == 2);
  CHECK(r.conflict == 3);
  CHECK(r.capacity == 0);
}

TEST_CASE("a working set larger than the cache gives capacity misses", "[three_c]") {
  // Stream over 16 lines twice through an 8-line cache: second pass all capacity misses.
  std::vector<uint64_t> stream;
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < 16; ++i) stream.push_back(i * 32);
  }
  const auto r = run(dm(256, 32), stream);
  CHECK(r.compulsory == 16);
  CHECK(r.capacity == 16);
  CHECK(r.conflict == 0);
}

TEST_CASE("the three classes add up to the real cache's misses", "[three_c]") {
  std::vector<uint64_t> stream;
  uint32_t x = 12345;
  for (int i = 0; i < 5000; ++i) {
    x = x * 1103515245u + 12345u;
    stream.push_back((x >> 8) % 4096);
  }
  const auto r = run(dm(512, 16), stream);
  CHECK(r.compulsory + r.capacity + r.conflict == r.misses);
  CHECK(r.compulsory == 256);  // every line of the 4 KiB range is touched
  CHECK(r.conflict > 0);
  CHECK(r.capacity > 0);
}

TEST_CASE("a fully associative LRU cache has no conflict misses", "[three_c]") {
  CacheParams p = dm(256, 32);
  p.ways = 0;
  std::vector<uint64_t> stream;
  uint32_t x = 99;
  for (int i = 0; i < 3000; ++i) {
    x = x * 1103515245u + 12345u;
    stream.push_back((x >> 8) % 1024);
  }
  const auto r = run(p, stream);
  CHECK(r.conflict == 0);
  CHECK(r.compulsory + r.capacity == r.misses);
}

namespace {
// Dinero IV's method written the plainest way (a list searched front to back): the reference
// the classifier's intrusive list and most-recent-line shortcut must agree with.
MissClass reference_class(std::vector<uint64_t>& lru, std::vector<uint64_t>& seen, size_t capacity,
                          uint64_t line, bool allocates) {
  const bool first = std::find(seen.begin(), seen.end(), line) == seen.end();
  if (first) seen.push_back(line);
  const auto it = std::find(lru.begin(), lru.end(), line);
  const bool hit = it != lru.end();
  if (hit) {
    lru.erase(it);
    lru.insert(lru.begin(), line);
  } else if (allocates) {
    lru.insert(lru.begin(), line);
    if (lru.size() > capacity) lru.pop_back();
  }
  return first ? MissClass::kCompulsory : hit ? MissClass::kConflict : MissClass::kCapacity;
}
}  // namespace

TEST_CASE("the classifier agrees with a plain LRU list access by access", "[three_c]") {
  // Runs of repeated lines (the shortcut), reuse within and beyond the capacity, and writes
  // that do not allocate.
  const size_t capacity = 8;
  ThreeCClassifier t(capacity, 16);
  std::vector<uint64_t> lru, seen;
  uint32_t x = 7;
  for (int i = 0; i < 20000; ++i) {
    x = x * 1103515245u + 12345u;
    const uint64_t line = (x >> 9) % 24;
    const bool allocates = (x >> 5) % 7 != 0;
    const int repeat = 1 + (x >> 3) % 3;
    for (int r = 0; r < repeat; ++r) {
      const MissClass expected = reference_class(lru, seen, capacity, line, allocates);
      REQUIRE(t.access(line * 16 + r, true, allocates) == expected);
    }
  }
}
