// Buffer look-up by address and lifetime, and conflict misses charged to the pair of buffers
// whose lines evict each other.
#include "conflict_pairs.h"

#include <catch2/catch.hpp>

#include "buffer_map.h"
#include "cache.h"
#include "three_c.h"

using namespace accsim::cache;

TEST_CASE("a buffer map names the smallest live buffer holding an address", "[conflict_pairs]") {
  BufferMap map;
  const uint32_t bss = map.add({"(.bss)", 0x1000, 0x1000});
  const uint32_t object = map.add({"g_table", 0x1100, 0x40});
  // Two arena tensors sharing addresses at different times.
  const uint32_t t1 = map.add({"t1", 0x8000, 0x100, 0, 2});
  const uint32_t t5 = map.add({"t5", 0x8000, 0x80, 3, 4});
  CHECK(map.add({"empty", 0x9000, 0}) == BufferMap::kNone);
  map.finalize();
  CHECK(map.find(0x1000, -1) == bss);
  CHECK(map.find(0x1120, -1) == object);
  CHECK(map.find(0x1140, -1) == bss);
  CHECK(map.find(0x8010, 1) == t1);
  CHECK(map.find(0x8010, 3) == t5);
  CHECK(map.find(0x80F0, 3) == t1);  // only t1 reaches there: taken though not live
  CHECK(map.find(0x2000, 0) == BufferMap::kNone);
  CHECK(map.name(BufferMap::kNone) == "(unnamed)");
}

namespace {
CacheParams direct_mapped(uint32_t size, uint32_t line) {
  CacheParams p;
  p.size_bytes = size;
  p.line_bytes = line;
  p.ways = 1;
  return p;
}
// Drives a cache, its classifier and the attribution as CachedMemory does.
void access(Cache& cache, ThreeCClassifier& t, ConflictPairs& pairs, uint64_t address) {
  const CacheAccess a = cache.access(address, AccessKind::kRead);
  const MissClass c = t.access(address, !a.hit, a.hit || a.allocated);
  if (!a.hit) pairs.on_miss(address, c, a);
}
}  // namespace

TEST_CASE("conflict misses go to the pair of buffers that evict each other", "[conflict_pairs]") {
  // 256 B direct-mapped, 32 B lines (8 sets): a at 0x0 and b at 0x100 map to the same sets.
  BufferMap map;
  const uint32_t a = map.add({"a", 0x000, 0x40});
  const uint32_t b = map.add({"b", 0x100, 0x40});
  map.add({"c", 0x040, 0x40});
  map.finalize();
  const CacheParams p = direct_mapped(256, 32);
  Cache cache(p);
  ThreeCClassifier t(8, 32);
  ConflictPairs pairs(map, 8, 32);
  pairs.set_scope("op.000.add", 0);
  // a[0], b[0] alternate 4 times: 2 compulsory, then 6 conflict misses.
  for (int i = 0; i < 4; ++i) {
    access(cache, t, pairs, 0x000);
    access(cache, t, pairs, 0x100);
  }
  pairs.set_scope("op.001.add", 1);
  access(cache, t, pairs, 0x040);  // c: its own set, compulsory
  access(cache, t, pairs, 0x020);  // a's second line: compulsory
  access(cache, t, pairs, 0x120);  // b's second line evicts it: compulsory
  access(cache, t, pairs, 0x020);  // conflict, a's line evicted by b
  const auto& scopes = pairs.scopes();
  const auto& first = scopes.at("op.000.add");
  CHECK(first.conflict_misses == 6);
  REQUIRE(first.pairs.size() == 2);
  const auto& ab = first.pairs.at({a, b});  // a's line evicted by b: 3 times, in set 0
  CHECK(ab.misses == 3);
  CHECK(ab.sets.at(0) == 3);
  CHECK(first.pairs.at({b, a}).misses == 3);
  const auto& second = scopes.at("op.001.add");
  CHECK(second.conflict_misses == 1);
  CHECK(second.pairs.at({a, b}).sets.at(1) == 1);
  const auto json = pairs.to_json(1, 4);
  CHECK(json["op.000.add"]["conflict_misses"] == 6);
  CHECK(json["op.000.add"]["pairs"].size() == 1);
  CHECK(json["op.000.add"]["other_pairs_misses"] == 3);
  CHECK(json["op.001.add"]["pairs"][0]["victim"] == "a");
  CHECK(json["op.001.add"]["pairs"][0]["evictor"] == "b");
  CHECK(json["op.001.add"]["pairs"][0]["sets"][0] == nlohmann::json::array({1, 1}));
}

TEST_CASE("a conflict miss of a line no miss evicted is charged to invalidation",
          "[conflict_pairs]") {
  BufferMap map;
  map.add({"a", 0x000, 0x40});
  map.finalize();
  Cache cache(direct_mapped(256, 32));
  ThreeCClassifier t(8, 32);
  ConflictPairs pairs(map, 8, 32);
  access(cache, t, pairs, 0x000);
  cache.invalidate_all();
  access(cache, t, pairs, 0x000);  // the shadow still holds it: a conflict miss
  const auto json = pairs.to_json(4, 4);
  CHECK(json["(no region)"]["pairs"][0]["evictor"] == "(invalidated)");
}
