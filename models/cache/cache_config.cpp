#include "cache_config.h"

#include "jsonconfig/config.h"

namespace accsim::cache {

namespace {
CacheTiming timing_from_json(const nlohmann::json& j, uint64_t seed) {
  CacheTiming t;
  t.params = cache_params_from_json(j);
  const std::string r = j.at("replacement").get<std::string>();
  t.params.replacement = r == "fifo"     ? Replacement::kFifo
                         : r == "random" ? Replacement::kRandom
                                         : Replacement::kLru;
  t.params.seed = seed;
  t.hit_latency_cycles = j.at("hit_latency_cycles").get<uint32_t>();
  t.miss_overhead_cycles = j.at("miss_overhead_cycles").get<uint32_t>();
  t.classify_misses = j.at("classify_misses").get<bool>();
  t.write_buffer_depth = j.value("write_buffer_depth", 0u);  // a D$ key only
  return t;
}
}  // namespace

// The keys every cache has, L1 or L2 (caches.icache, caches.dcache, memories.*.l2).
CacheParams cache_params_from_json(const nlohmann::json& j) {
  CacheParams p;
  p.size_bytes = static_cast<uint32_t>(config::as_u64(j.at("size")));
  p.line_bytes = static_cast<uint32_t>(config::as_u64(j.at("line_bytes")));
  p.ways = j.at("ways").get<uint32_t>();
  p.write_policy = j.at("write_policy").get<std::string>() == "write-back"
                       ? WritePolicy::kWriteBack
                       : WritePolicy::kWriteThrough;
  p.write_allocate = j.at("write_allocate").get<bool>();
  return p;
}

CachesConfig caches_config_from_json(const nlohmann::json& section, uint64_t seed) {
  CachesConfig c;
  if (section.contains("icache")) c.icache = timing_from_json(section.at("icache"), seed);
  if (section.contains("dcache")) c.dcache = timing_from_json(section.at("dcache"), seed + 1);
  for (const auto& r : section.at("uncached_regions")) {
    c.uncached.push_back({config::as_u64(r.at("base")), config::as_u64(r.at("size"))});
  }
  return c;
}

}  // namespace accsim::cache
