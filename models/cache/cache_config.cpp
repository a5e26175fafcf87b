#include "cache_config.h"

#include "jsonconfig/config.h"

namespace accsim::cache {

namespace {

const char* replacement_name(Replacement r) {
  switch (r) {
    case Replacement::kFifo:
      return "fifo";
    case Replacement::kRandom:
      return "random";
    case Replacement::kLru:
      break;
  }
  return "lru";
}

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
  // A D$ key only: the I$ keeps the initialiser.
  if (j.contains("write_buffer_depth")) {
    t.write_buffer_depth = j.at("write_buffer_depth").get<uint32_t>();
  }
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

nlohmann::json cache_params_to_json(const CacheParams& p) {
  return {
      {"size", config::to_size(p.size_bytes)},
      {"line_bytes", config::to_size(p.line_bytes)},
      {"ways", p.ways},
      {"write_policy", p.write_policy == WritePolicy::kWriteBack ? "write-back" : "write-through"},
      {"write_allocate", p.write_allocate},
  };
}

CacheTiming icache_timing() {
  CacheTiming t;
  t.miss_overhead_cycles = 4;  // an I$ miss costs L + 11 = refill (L + 7) + 4
  return t;
}

CacheTiming dcache_timing() {
  CacheTiming t;
  t.miss_overhead_cycles = 4;  // a D$ load-miss loop costs loop 5 + refill (L + 7) + 4
  t.write_buffer_depth = 1;    // VexRiscv's skid buffer in front of its dBus bridge
  return t;
}

nlohmann::json cache_timing_to_json(const CacheTiming& t) {
  nlohmann::json j = cache_params_to_json(t.params);
  j["replacement"] = replacement_name(t.params.replacement);
  j["hit_latency_cycles"] = t.hit_latency_cycles;
  j["miss_overhead_cycles"] = t.miss_overhead_cycles;
  j["classify_misses"] = t.classify_misses;
  j["write_buffer_depth"] = t.write_buffer_depth;
  return j;
}

CachesConfig caches_config_from_json(const nlohmann::json& section, uint64_t seed) {
  CachesConfig c;
  if (section.contains("icache")) c.icache = timing_from_json(section.at("icache"), seed);
  if (section.contains("dcache")) c.dcache = timing_from_json(section.at("dcache"), seed + 1);
  c.uncached.clear();  // the config's list replaces the default one
  for (const auto& r : section.at("uncached_regions")) {
    c.uncached.push_back({config::as_u64(r.at("base")), config::as_u64(r.at("size"))});
  }
  return c;
}

nlohmann::json caches_config_to_json(const CachesConfig& c) {
  nlohmann::json j = {{"uncached_regions", nlohmann::json::array()}};
  for (const AddressSpan& span : c.uncached) {
    j["uncached_regions"].push_back(
        {{"base", config::to_hex(span.base)}, {"size", config::to_size(span.size)}});
  }
  if (c.icache) {
    j["icache"] = cache_timing_to_json(*c.icache);
    j["icache"].erase("write_buffer_depth");  // a D$ key only
  }
  if (c.dcache) j["dcache"] = cache_timing_to_json(*c.dcache);
  return j;
}

}  // namespace accsim::cache
