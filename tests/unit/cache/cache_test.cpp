// Hit/miss/eviction sequences of the tag store under each geometry and policy.
#include "cache.h"

#include <catch2/catch.hpp>

using namespace accsim::cache;

namespace {
CacheParams geometry(uint32_t size, uint32_t line, uint32_t ways,
                     Replacement r = Replacement::kLru) {
  CacheParams p;
  p.size_bytes = size;
  p.line_bytes = line;
  p.ways = ways;
  p.replacement = r;
  return p;
}
// "H" or "M" per access, for compact expectations.
std::string pattern(Cache& c, std::initializer_list<uint64_t> addresses,
                    AccessKind kind = AccessKind::kRead) {
  std::string out;
  for (uint64_t a : addresses) out += c.access(a, kind).hit ? 'H' : 'M';
  return out;
}
}  // namespace

TEST_CASE("geometry: sets and ways", "[cache]") {
  Cache dm(geometry(4096, 32, 1));
  CHECK(dm.sets() == 128);
  CHECK(dm.ways() == 1);
  Cache fa(geometry(4096, 32, 0));
  CHECK(fa.sets() == 1);
  CHECK(fa.ways() == 128);
  CHECK_THROWS(Cache(geometry(4096, 24, 1)));
  CHECK_THROWS(Cache(geometry(4096, 32, 3)));
  CHECK_THROWS(Cache(geometry(100, 32, 1)));
}

TEST_CASE("direct-mapped: same line hits, aliasing lines evict each other", "[cache]") {
  Cache c(geometry(1024, 32, 1));  // 32 sets
  CHECK(pattern(c, {0x0, 0x4, 0x1F, 0x20, 0x0}) == "MHHMH");
  // 0x400 maps to set 0 like 0x0.
  CacheAccess a = c.access(0x400, AccessKind::kRead);
  CHECK_FALSE(a.hit);
  CHECK(a.evicted);
  CHECK(a.evicted_line == 0x0);
  CHECK(pattern(c, {0x0, 0x400, 0x0}) == "MMM");  // ping-pong conflict
}

TEST_CASE("2-way LRU keeps the most recently used line", "[cache]") {
  Cache c(geometry(256, 32, 2));                         // 4 sets; 0x0, 0x80, 0x100 share set 0
  CHECK(pattern(c, {0x0, 0x80, 0x0, 0x100}) == "MMHM");  // 0x100 evicts 0x80 (LRU)
  CHECK(pattern(c, {0x0, 0x80}) == "HM");
}

TEST_CASE("2-way FIFO evicts the oldest fill even if recently used", "[cache]") {
  Cache c(geometry(256, 32, 2, Replacement::kFifo));
  CHECK(pattern(c, {0x0, 0x80, 0x0, 0x100}) == "MMHM");  // 0x100 evicts 0x0 (first in)
  CHECK(pattern(c, {0x80, 0x0}) == "HM");
}

TEST_CASE("random replacement is deterministic for a seed", "[cache]") {
  auto run = [](uint64_t seed) {
    CacheParams p = geometry(256, 32, 4, Replacement::kRandom);
    p.seed = seed;
    Cache c(p);
    std::string out;
    for (int i = 0; i < 200; ++i)
      out += c.access((i * 7 % 13) * 0x40, AccessKind::kRead).hit ? 'H' : 'M';
    return out;
  };
  CHECK(run(1) == run(1));
  CHECK(run(1) != run(2));
}

TEST_CASE("fully associative LRU holds exactly its capacity", "[cache]") {
  Cache c(geometry(128, 32, 0));  // 4 lines
  CHECK(pattern(c, {0x000, 0x100, 0x200, 0x300, 0x000, 0x100}) == "MMMMHH");
  CHECK(pattern(c, {0x400}) == "M");  // evicts 0x200 (LRU)
  CHECK(pattern(c, {0x300, 0x000, 0x200}) == "HHM");
}

TEST_CASE("write-through no-allocate: stores go to the bus and never fill", "[cache]") {
  CacheParams p = geometry(1024, 32, 1);
  Cache c(p);
  CacheAccess w = c.access(0x40, AccessKind::kWrite);
  CHECK_FALSE(w.hit);
  CHECK(w.write_to_bus);
  CHECK_FALSE(w.allocated);
  CHECK_FALSE(c.contains(0x40));
  c.access(0x40, AccessKind::kRead);  // fills
  w = c.access(0x44, AccessKind::kWrite);
  CHECK(w.hit);
  CHECK(w.write_to_bus);  // write-through even on a hit
  CHECK(c.counters().misses[1] == 1);
  CHECK(c.counters().accesses[1] == 2);
}

TEST_CASE("write-back allocate: dirty lines are written back when evicted", "[cache]") {
  CacheParams p = geometry(1024, 32, 1);
  p.write_policy = WritePolicy::kWriteBack;
  p.write_allocate = true;
  Cache c(p);
  CacheAccess w = c.access(0x40, AccessKind::kWrite);
  CHECK(w.allocated);
  CHECK_FALSE(w.write_to_bus);
  CHECK(c.access(0x44, AccessKind::kWrite).hit);
  CacheAccess r = c.access(0x440, AccessKind::kRead);  // same set: evicts the dirty line
  CHECK(r.evicted);
  CHECK(r.writeback);
  CHECK(r.evicted_line == 0x40);
  r = c.access(0x40, AccessKind::kRead);  // evicts the clean 0x440: no write-back
  CHECK(r.evicted);
  CHECK_FALSE(r.writeback);
  CHECK(c.counters().writebacks == 1);
}

TEST_CASE("bus traffic counts: write-through vs write-back on a store loop", "[cache]") {
  // 64 stores to 8 lines, then reads of 8 other lines that alias them.
  auto traffic = [](WritePolicy policy, bool allocate) {
    CacheParams p = geometry(256, 32, 1);
    p.write_policy = policy;
    p.write_allocate = allocate;
    Cache c(p);
    uint64_t bus_writes = 0, line_fills = 0, writebacks = 0;
    for (int i = 0; i < 64; ++i) {
      CacheAccess a = c.access(i * 4, AccessKind::kWrite);
      bus_writes += a.write_to_bus;
      line_fills += a.allocated;
      writebacks += a.writeback;
    }
    for (int i = 0; i < 8; ++i) {
      CacheAccess a = c.access(0x100 + i * 32, AccessKind::kRead);
      line_fills += a.allocated;
      writebacks += a.writeback;
    }
    return std::tuple<uint64_t, uint64_t, uint64_t>(bus_writes, line_fills, writebacks);
  };
  CHECK(traffic(WritePolicy::kWriteThrough, false) == std::make_tuple(64, 8, 0));
  CHECK(traffic(WritePolicy::kWriteThrough, true) == std::make_tuple(64, 16, 0));
  CHECK(traffic(WritePolicy::kWriteBack, true) == std::make_tuple(0, 16, 8));
}

TEST_CASE("invalidate and flush", "[cache]") {
  CacheParams p = geometry(1024, 32, 2);
  p.write_policy = WritePolicy::kWriteBack;
  p.write_allocate = true;
  Cache c(p);
  c.access(0x0, AccessKind::kWrite);
  c.access(0x100, AccessKind::kRead);
  c.access(0x200, AccessKind::kWrite);
  const auto dirty = c.flush_all();
  CHECK(dirty == std::vector<uint64_t>{0x0, 0x200});
  CHECK_FALSE(c.contains(0x100));
  c.access(0x0, AccessKind::kFetch);
  c.invalidate_all();
  CHECK_FALSE(c.contains(0x0));
  CHECK(c.flush_all().empty());
}

TEST_CASE("describe names the geometry", "[cache]") {
  CHECK(describe(geometry(4096, 32, 1)) ==
        "4 KiB, 32 B lines, direct-mapped, write-through, no write-allocate");
}

TEST_CASE("quiet_hit and quiet_write_through record exactly what access would", "[cache]") {
  // Two caches see the same random accesses: one through access() alone, the other through
  // quiet_hit() or, for writes, quiet_write_through_direct_mapped() first and access() when
  // they decline. Every outcome and counter must agree.
  for (uint32_t ways : {1u, 2u, 4u, 0u}) {
    for (Replacement r : {Replacement::kLru, Replacement::kFifo, Replacement::kRandom}) {
      for (WritePolicy w : {WritePolicy::kWriteThrough, WritePolicy::kWriteBack}) {
        for (bool allocate : {false, true}) {
          CacheParams p = geometry(1024, 32, ways, r);
          p.write_policy = w;
          p.write_allocate = allocate;
          Cache reference(p), fast(p);
          uint32_t lcg = 7;
          for (int i = 0; i < 20000; ++i) {
            lcg = lcg * 1664525u + 1013904223u;
            const uint64_t address = (lcg >> 8) % 4096;
            const auto kind = static_cast<AccessKind>((lcg >> 28) % 3);
            const CacheAccess expected = reference.access(address, kind);
            CacheAccess got;
            if (fast.quiet_hit(address, kind)) {
              got.hit = true;
            } else if (const auto quiet = kind == AccessKind::kWrite
                                              ? fast.quiet_write_through_direct_mapped(address)
                                              : Cache::QuietWrite::kDeclined;
                       quiet != Cache::QuietWrite::kDeclined) {
              got.hit = quiet == Cache::QuietWrite::kHit;
              got.write_to_bus = true;
            } else {
              got = fast.access(address, kind);
            }
            INFO("ways " << ways << " access " << i);
            REQUIRE(got.hit == expected.hit);
            REQUIRE(got.allocated == expected.allocated);
            REQUIRE(got.evicted == expected.evicted);
            REQUIRE(got.evicted_line == expected.evicted_line);
            REQUIRE(got.writeback == expected.writeback);
            REQUIRE(got.write_to_bus == expected.write_to_bus);
          }
          for (int k = 0; k < 3; ++k) {
            CHECK(fast.counters().accesses[k] == reference.counters().accesses[k]);
            CHECK(fast.counters().misses[k] == reference.counters().misses[k]);
          }
          CHECK(fast.counters().evictions == reference.counters().evictions);
          CHECK(fast.counters().writebacks == reference.counters().writebacks);
          CHECK(fast.flush_all() == reference.flush_all());
        }
      }
    }
  }
}
