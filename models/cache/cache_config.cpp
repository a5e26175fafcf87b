#include "cache_config.h"

#include "jsonconfig/config.h"

namespace accsim::cache {

namespace {
CacheTiming timing_from_json(const nlohmann::json& j, uint64_t seed) {
  CacheTiming t;
  t.params.size_bytes = static_cast<uint32_t>(config::as_u64(j.at("size")));
  t.params.line_bytes = static_cast<uint32_t>(config::as_u64(j.at("line_bytes")));
  t.params.ways = j.at("ways").get<uint32_t>();
  const std::string r = j.at("replacement").get<std::string>();
  t.params.replacement = r == "fifo"     ? Replacement::kFifo
                         : r == "random" ? Replacement::kRandom
                                         : Replacement::kLru;
  t.params.write_policy = j.at("write_policy").get<std::string>() == "write-back"
                              ? WritePolicy::kWriteBack
                              : WritePolicy::kWriteThrough;
  t.params.write_allocate = j.at("write_allocate").get<bool>();
  t.params.seed = seed;
  t.hit_latency_cycles = j.at("hit_latency_cycles").get<uint32_t>();
  t.miss_overhead_cycles = j.at("miss_overhead_cycles").get<uint32_t>();
  t.classify_misses = j.at("classify_misses").get<bool>();
  t.write_buffer_depth = j.value("write_buffer_depth", 0u);  // a D$ key only
  return t;
}
}  // namespace

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
