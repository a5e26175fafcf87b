#include "l2_cache.h"

#include "cache_config.h"
#include "stats.h"

namespace accsim {

L2Params l2_params_from_json(const nlohmann::json& l2, uint64_t bus_width_bytes) {
  L2Params p;
  p.cache = cache::cache_params_from_json(l2);
  p.cache.replacement = cache::Replacement::kLru;  // LiteX's L2
  p.hit_latency_cycles = l2.at("hit_latency_cycles").get<uint64_t>();
  p.cycles_per_beat = l2.at("cycles_per_beat").get<uint64_t>();
  p.beat_bytes = bus_width_bytes;
  p.classify_misses = l2.at("classify_misses").get<bool>();
  return p;
}

nlohmann::json l2_params_to_json(const L2Params& p) {
  nlohmann::json j = cache::cache_params_to_json(p.cache);
  j["hit_latency_cycles"] = p.hit_latency_cycles;
  j["cycles_per_beat"] = p.cycles_per_beat;
  j["classify_misses"] = p.classify_misses;
  return j;
}

L2Cache::L2Cache(const L2Params& params, const MemoryTimingParams& dram)
    : m_params(params), m_cache(params.cache), m_dram(dram) {
  if (params.classify_misses) {
    m_three_c = std::make_unique<cache::ThreeCClassifier>(
        params.cache.size_bytes / params.cache.line_bytes, params.cache.line_bytes);
  }
}

uint64_t L2Cache::access(uint64_t offset, uint64_t len, bool write) {
  const auto kind = write ? cache::AccessKind::kWrite : cache::AccessKind::kRead;
  // The common case first, with nothing to call: one line, present, no DRAM traffic, and no
  // classifier that must see every access (every write-through store of the CPU comes here).
  const uint64_t last = offset + (len != 0 ? len - 1 : 0);
  if (m_three_c == nullptr && m_cache.line_address(offset) == m_cache.line_address(last) &&
      m_cache.quiet_hit(offset, kind)) {
    return transfer_cycles(len);
  }
  return access_lines(offset, last, len, kind);
}

uint64_t L2Cache::access_lines(uint64_t offset, uint64_t last, uint64_t len,
                               cache::AccessKind kind) {
  const uint64_t line = m_params.cache.line_bytes;
  uint64_t cycles = 0;
  for (uint64_t a = m_cache.line_address(offset); a <= last; a += line) {
    const cache::CacheAccess r = m_cache.access(a, kind);
    const uint64_t cycles_before = cycles;
    int miss_class = -1;  // classified misses only
    if (m_three_c) {
      const cache::MissClass c = m_three_c->access(a, !r.hit, r.hit || r.allocated);
      if (!r.hit) {
        miss_class = static_cast<int>(c);
        ++m_classified[static_cast<int>(kind)][miss_class];
      }
    }
    if (r.writeback) {
      const uint64_t c = m_dram.access_cycles(r.evicted_line, line);
      cycles += c;
      m_dram_cycles += c;
      m_bytes_written_back += line;
    }
    if (r.allocated) {
      const uint64_t c = m_dram.access_cycles(a, line);
      cycles += c;
      m_dram_cycles += c;
      m_bytes_filled += line;
    }
    if (r.write_to_bus) {  // a write-through or no-allocate L2 (what-if): the write goes on
      const uint64_t c = m_dram.access_cycles(offset, len);
      cycles += c;
      m_dram_cycles += c;
    }
    if (miss_class >= 0) m_class_cycles[miss_class] += cycles - cycles_before;
  }
  return cycles + transfer_cycles(len);
}

uint64_t L2Cache::misses() const {
  const auto& c = m_cache.counters();
  return c.misses[0] + c.misses[1] + c.misses[2];
}

void L2Cache::class_totals(uint64_t misses[3], uint64_t cycles[3]) const {
  for (int c = 0; c < 3; ++c) {
    misses[c] = m_classified[0][c] + m_classified[1][c] + m_classified[2][c];
    cycles[c] = m_class_cycles[c];
  }
}

uint64_t L2Cache::direct_access(uint64_t offset, uint64_t len) {
  const uint64_t cycles = m_dram.access_cycles(offset, len);
  m_dram_cycles += cycles;
  m_direct_bytes += len;
  return cycles;
}

void L2Cache::report(Stats& stats, const std::string& memory_name) const {
  report_as(stats, memory_name == "main_ram" ? "cache.l2." : "cache.l2_" + memory_name + ".");
}

void L2Cache::report_as(Stats& stats, const std::string& p) const {
  const auto& c = m_cache.counters();
  const char* kinds[2] = {"read", "write"};
  uint64_t accesses = 0, misses = 0;
  for (int k = 0; k < 2; ++k) {
    accesses += c.accesses[k];
    misses += c.misses[k];
    if (c.accesses[k] == 0) continue;
    stats.set(p + "accesses." + kinds[k], c.accesses[k],
              std::string(kinds[k]) + " accesses (per L2 line touched)");
    stats.set(p + "misses." + kinds[k], c.misses[k], std::string(kinds[k]) + " misses");
  }
  stats.set(p + "accesses", accesses, "Accesses of every kind (per L2 line touched)");
  stats.set(p + "misses", misses, "Misses of every kind");
  stats.set(p + "hits", accesses - misses, "Hits of every kind");
  stats.set_real(p + "miss_rate", accesses ? double(misses) / double(accesses) : 0.0,
                 "Misses per access");
  stats.set(p + "evictions", c.evictions, "Valid lines replaced");
  stats.set(p + "writebacks", c.writebacks, "Dirty lines written back to DRAM");
  stats.set(p + "bytes_filled", m_bytes_filled, "Bytes read from DRAM by line fills");
  stats.set(p + "bytes_written", m_bytes_written_back, "Bytes written back to DRAM");
  stats.set(p + "direct_bytes", m_direct_bytes,
            "Bytes DMA masters moved to and from the DRAM past the L2 (their own port)");
  stats.set(p + "dram_cycles", m_dram_cycles, "Cycles of DRAM accesses for fills and write-backs");
  if (m_dram.params().row_buffer) {
    stats.set(p + "dram_row_hits", m_dram.row_hits(), "DRAM accesses to an already open row");
    stats.set(p + "dram_row_misses", m_dram.row_misses(), "DRAM accesses that opened a row");
  }
  stats.set_text(p + "geometry", cache::describe(m_params.cache), "Cache organisation");
  if (m_three_c) {
    for (auto k : {cache::MissClass::kCompulsory, cache::MissClass::kCapacity,
                   cache::MissClass::kConflict}) {
      const char* cls = cache::miss_class_name(k);
      stats.set(p + "misses." + cls, m_three_c->count(k),
                std::string(cls) + " misses (3C, Dinero IV method)");
      for (int kind = 0; kind < 2; ++kind) {
        if (c.accesses[kind] == 0) continue;
        stats.set(p + "misses." + kinds[kind] + "." + cls, m_classified[kind][static_cast<int>(k)],
                  std::string(cls) + " " + kinds[kind] + " misses");
      }
    }
  }
}

}  // namespace accsim
