#include "cached_memory.h"

#include <cstdio>
#include <cstring>
#include <utility>

#include "rv32_core.h"
#include "stats.h"

namespace accsim::cpu {

namespace {

using cache::AccessKind;

// Fixed-size copies compile to single moves; a variable-size memcpy is a library call.
uint64_t minus_one(uint64_t cycles) { return cycles > 0 ? cycles - 1 : 0; }
const char* kind_name(AccessKind k) {
  return k == AccessKind::kRead ? "read" : k == AccessKind::kWrite ? "write" : "fetch";
}

}  // namespace

CachedMemory::CacheUnit::CacheUnit(const cache::CacheTiming& t, const char* unit_name,
                                   char unit_letter)
    : cache(t.params), timing(t), name(unit_name), letter(unit_letter) {}

CachedMemory::CachedMemory(BusPort& port, const cache::CachesConfig& caches,
                           const MemoryTraceOptions& traces)
    : m_port(port), m_uncached(caches.uncached) {
  const bool classify_all = !traces.misses_path.empty();
  if (caches.icache) {
    m_icache = std::make_unique<CacheUnit>(*caches.icache, "icache", 'I');
  }
  if (caches.dcache) {
    m_dcache = std::make_unique<CacheUnit>(*caches.dcache, "dcache", 'D');
  }
  for (CacheUnit* unit : {m_icache.get(), m_dcache.get()}) {
    if (unit == nullptr) continue;
    if (unit->timing.classify_misses || classify_all) {
      const auto& p = unit->timing.params;
      unit->three_c =
          std::make_unique<cache::ThreeCClassifier>(p.size_bytes / p.line_bytes, p.line_bytes);
    }
    m_scratch.resize(std::max<size_t>(m_scratch.size(), unit->timing.params.line_bytes));
    unit->fast_hits = unit->three_c == nullptr && unit->cache.ways() == 1;
    unit->accepted.assign(std::max<size_t>(unit->timing.write_buffer_depth, 1), 0);
  }
  m_resident_hits = m_icache && m_icache->fast_hits && m_icache->timing.hit_latency_cycles == 1;
  if (m_resident_hits) {
    m_resident_shift = m_icache->cache.line_shift();
    m_resident_block_mask = ~((1u << m_resident_shift) - 1);
    m_resident_set_mask = m_icache->cache.sets() - 1;
    m_resident_blocks.assign(m_icache->cache.sets(), kNoBlock);
  }
  if (!traces.din_path.empty()) m_din = std::make_unique<TraceFile>(traces.din_path, traces.limits);
  if (!traces.misses_path.empty()) {
    m_misses = std::make_unique<TraceFile>(traces.misses_path, traces.limits,
                                           "cycle,cache,pc,address,kind,class,evicted,function");
  }
}

CachedMemory::~CachedMemory() = default;

void CachedMemory::set_context(const Rv32Core* core, const SymbolTable* symbols) {
  m_core = core;
  m_symbols = symbols;
  const size_t functions = symbols ? symbols->size() : 1;
  for (CacheUnit* unit : {m_icache.get(), m_dcache.get()}) {
    if (unit) unit->function_misses.assign(functions, 0);
  }
}

uint32_t CachedMemory::current_pc() const { return m_core ? m_core->pc() : 0; }

uint32_t CachedMemory::current_function() const {
  // The core knows the function of the instruction in progress (0: unknown, or an index past
  // what a decoded instruction holds): only then look it up.
  const uint32_t known = m_core ? m_core->current_function() : 0;
  if (known != 0) return known;
  return m_symbols ? m_symbols->function_index(current_pc()) : 0;
}

void CachedMemory::invalidate_dmi(uint64_t start, uint64_t end) {
  std::vector<Region> kept;
  for (const auto& r : m_regions) {
    if (!(r.grant.start <= end && start <= r.grant.end)) kept.push_back(r);
  }
  m_regions = std::move(kept);
  m_last_data = m_last_fetch = m_last_store = m_previous_store = nullptr;
  forget_resident_blocks();
}

const CachedMemory::Region* CachedMemory::region_for(uint64_t address, unsigned length,
                                                     BusSide side, bool write) {
  const uint64_t last = address + length - 1;
  for (const auto& r : m_regions) {
    if (address >= r.grant.start && last <= r.grant.end && (r.grant.writable || !write)) {
      return &r;
    }
  }
  for (const auto& refusal : m_no_dmi) {
    if (address >= refusal.start && address <= refusal.end && (write || !refusal.writes_only)) {
      return nullptr;
    }
  }
  DmiGrant grant;
  uint64_t refused_start = address, refused_end = address;
  if (!m_port.dmi(side, write, address, grant, refused_start, refused_end) || last > grant.end) {
    // Trust a refusal only for a range that holds the address and is no wider than one
    // target could be; otherwise remember just this address.
    if (address < refused_start || address > refused_end ||
        refused_end - refused_start >= (uint64_t{1} << 32)) {
      refused_start = refused_end = address;
    }
    m_no_dmi.push_back({refused_start, refused_end, write});
    return nullptr;
  }
  if (write && !grant.writable) {  // a ROM: reads only, stores take the bus (and fail)
    m_no_dmi.push_back({grant.start, grant.end, true});
    return nullptr;
  }
  Region r;
  r.grant = grant;
  r.read_stall = minus_one(grant.read_latency_cycles);
  r.write_stall = minus_one(grant.write_latency_cycles);
  r.cacheable = true;
  for (const auto& u : m_uncached) {
    if (u.overlaps(grant.start, grant.end)) r.cacheable = false;
  }
  m_regions.push_back(r);
  m_last_data = m_last_fetch = m_last_store = m_previous_store =
      nullptr;  // the vector may have moved
  return &m_regions.back();
}

void CachedMemory::copy_from_memory(uint64_t address, uint8_t* out, unsigned length) {
  const Region* r = region_for(address, length, BusSide::kData, false);
  if (r) {
    std::memcpy(out, r->grant.ptr + (address - r->grant.start), length);
  } else {
    std::memset(out, 0, length);
  }
}

void CachedMemory::trace_access(AccessKind kind, uint64_t address, uint64_t cycle) {
  if (!m_din->wants(cycle)) return;
  char row[24];
  const int n = std::snprintf(row, sizeof row, "%d %llx\n", static_cast<int>(kind),
                              static_cast<unsigned long long>(address));
  m_din->write_row(row, static_cast<size_t>(n));
}

void CachedMemory::trace_miss(const CacheUnit& unit, uint64_t cycle, uint64_t address,
                              AccessKind kind, const char* miss_class,
                              const cache::CacheAccess& a) {
  if (!m_misses->wants(cycle)) return;
  char evicted[24] = "";
  if (a.evicted) {
    std::snprintf(evicted, sizeof evicted, "0x%08llx",
                  static_cast<unsigned long long>(a.evicted_line));
  }
  const uint32_t function = current_function();
  const std::string name = m_symbols && function != 0 ? m_symbols->function(function).name : "";
  char row[512];
  const int n = std::snprintf(row, sizeof row, "%llu,%c,0x%08x,0x%08llx,%s,%s,%s,%s\n",
                              static_cast<unsigned long long>(cycle), unit.letter, current_pc(),
                              static_cast<unsigned long long>(address), kind_name(kind), miss_class,
                              evicted, name.c_str());
  m_misses->write_row(row, std::min<size_t>(static_cast<size_t>(n), sizeof row - 1));
}

__attribute__((always_inline)) inline uint64_t CachedMemory::cached_access(
    CacheUnit& unit, uint64_t address, AccessKind kind, uint64_t cycle, BusSide side) {
  // The 3C classifier must see every access that changes its order, so classified caches take
  // the full path unless the access is to the line accessed last.
  if ((unit.three_c == nullptr || unit.three_c->is_most_recent(address)) &&
      unit.cache.quiet_hit(address, kind)) {
    return quiet_hit_stall(unit);
  }
  return cached_access_full(unit, address, kind, cycle, side, nullptr, 0);
}

uint64_t CachedMemory::cached_access_full(CacheUnit& unit, uint64_t address, AccessKind kind,
                                          uint64_t cycle, BusSide side, const uint8_t* store_data,
                                          unsigned store_size) {
  const cache::CacheAccess a = unit.cache.access(address, kind);
  const char* miss_class = "";
  cache::MissClass c = cache::MissClass::kCompulsory;
  if (unit.three_c) {
    c = unit.three_c->access(address, !a.hit, a.hit || a.allocated);
    miss_class = cache::miss_class_name(c);
    if (!a.hit) {
      ++unit.classified[static_cast<int>(kind)][static_cast<int>(c)];
      if (m_miss_observer) m_miss_observer->on_miss(unit.letter, address, c, a);
    }
  }
  if (a.hit && !a.write_to_bus) {
    const uint64_t stall = unit.timing.hit_latency_cycles - 1;
    unit.stall_cycles += stall;
    return stall;
  }
  uint64_t stall = a.hit ? unit.timing.hit_latency_cycles - 1 : 0;
  const uint32_t line = unit.timing.params.line_bytes;
  uint64_t cycles = 0;
  if (a.writeback) {
    copy_from_memory(a.evicted_line, m_scratch.data(), line);
    if (!m_port.transact_dmi_backed(side, true, a.evicted_line, m_scratch.data(), line,
                                    cycle + stall, cycles)) {
      ++unit.bus_errors;
    }
    stall += cycles;
    unit.bytes_written += line;
  }
  if (a.allocated) {
    // A D$ refill's command leaves one cycle after the load issues (that cycle is one of the
    // miss overhead's) and queues behind the write-through stores still pending on the same
    // bus path: it goes once their writes are done (measured on VexRiscv's RTL: a load miss
    // after N stores costs N x L more, docs/timing.md).
    const uint64_t lead = &unit == m_dcache.get() && unit.timing.miss_overhead_cycles > 0 ? 1 : 0;
    const uint64_t start = std::max(cycle + stall + lead, unit.write_port_free);
    if (!m_port.transact_dmi_backed(side, false, unit.cache.line_address(address), m_scratch.data(),
                                    line, start, cycles)) {
      ++unit.bus_errors;
    }
    stall = start - cycle + cycles + unit.timing.miss_overhead_cycles - lead;
    unit.bytes_filled += line;
  }
  if (a.write_to_bus) {
    m_store_release = write_through(unit, address, store_data, store_size, cycle + stall);
  }
  if (!a.hit) {
    if (!unit.function_misses.empty()) ++unit.function_misses[current_function()];
    if (m_misses) trace_miss(unit, cycle, address, kind, miss_class, a);
    if (unit.three_c) unit.class_stall[static_cast<int>(c)] += stall;
  }
  unit.stall_cycles += stall;
  return stall;
}

__attribute__((always_inline)) inline uint64_t CachedMemory::write_through(
    CacheUnit& unit, uint64_t address, const uint8_t* data, unsigned size, uint64_t cycle) {
  // The store reaches the Memory stage the cycle after it issues; the bus takes its write
  // once the previous write has been acknowledged (VexRiscv's Wishbone bridge holds one
  // command until ACK). Without a buffer the store leaves the Memory stage the cycle after
  // the bus took it; with a FIFO of N entries, once the write N places ahead was taken.
  const uint64_t enter = cycle + 1;
  const uint64_t accept = std::max(enter, unit.write_port_free);
  uint64_t cycles = 0;
  if (!m_port.time_dmi_backed(BusSide::kData, true, address, size, accept, cycles)) {
    uint8_t bytes[4];  // the transaction's copy (its data pointer is not const)
    std::memcpy(bytes, data, size);
    if (!m_port.transact(BusSide::kData, true, address, bytes, size, accept, cycles)) {
      ++unit.bus_errors;
    }
  }
  unit.write_port_free = accept + std::max<uint64_t>(cycles, 1);
  unit.bytes_written += size;
  auto& ring = unit.accepted;
  const uint64_t slot_free = ring[unit.accepted_next];  // the write `depth` stores ago
  ring[unit.accepted_next] = accept;
  if (++unit.accepted_next == ring.size()) unit.accepted_next = 0;  // no division per store
  if (unit.timing.write_buffer_depth == 0) return accept + 1;
  // A buffered store leaves the stage once the buffer has room: the cycle after the bus took
  // the write `depth` places ahead, the buffer's valid flag being a register (VexRiscv's
  // skid buffer in front of its dBus bridge: its rValidN).
  return std::max(enter, slot_free + 1) + 1;
}

bool CachedMemory::fetch_word(uint32_t pc, uint32_t& word) {
  const Region* r = region_for(pc, 4, BusSide::kInstruction, false);
  if (r) {
    std::memcpy(&word, r->grant.ptr + (pc - r->grant.start), 4);
    return true;
  }
  return m_port.debug_read(pc, reinterpret_cast<uint8_t*>(&word), 4);
}

uint32_t CachedMemory::fetch_block_bytes() const {
  if (m_icache) return m_icache->timing.params.line_bytes;
  return 4;
}

void CachedMemory::trace_fetch(uint32_t pc, uint64_t cycle) {
  trace_access(AccessKind::kFetch, pc, cycle);
}

void CachedMemory::count_repeated_fetches(uint64_t count) {
  if (m_last_fetch_cached) m_icache->repeated_fetch_hits += count;
}

uint64_t CachedMemory::fetch_fall_through(uint32_t pc, uint64_t cycle) {
  if (!m_icache || m_icache->cache.contains(pc)) return 0;
  const Region* r = region_for(pc, 4, BusSide::kInstruction, false);
  if (r == nullptr || !r->cacheable) return 0;
  m_resident_blocks[resident_index(pc)] = kNoBlock;  // the refill may evict it
  // A real I$ access: the address trace has it too, so that a replay counts the same misses.
  if (m_din) trace_access(AccessKind::kFetch, pc, cycle);
  return cached_access_full(*m_icache, pc, AccessKind::kFetch, cycle, BusSide::kInstruction,
                            nullptr, 0);
}

uint64_t CachedMemory::fetch_through(uint32_t pc, uint64_t cycle) {
  m_resident_blocks[resident_index(pc)] = kNoBlock;  // a miss there may evict it
  const Region* r = m_last_fetch;
  if (r == nullptr || pc < r->grant.start || pc + 3 > r->grant.end) {
    r = region_for(pc, 4, BusSide::kInstruction, false);
    m_last_fetch = r;
  }
  const bool was_cached = m_last_fetch_cached;
  m_last_fetch_cached = r != nullptr && m_icache && r->cacheable;
  // Outside cached code, repeated fetches are no I$ hits: no fetch may be left out.
  if (was_cached && !m_last_fetch_cached) forget_resident_blocks();
  if (r != nullptr) {
    if (m_last_fetch_cached) {
      return cached_access(*m_icache, pc, AccessKind::kFetch, cycle, BusSide::kInstruction);
    }
    return r->read_stall;
  }
  ++m_uncached_accesses;
  uint32_t word = 0;
  uint64_t cycles = 0;
  m_port.transact_synchronised(BusSide::kInstruction, false, pc, reinterpret_cast<uint8_t*>(&word),
                               4, cycle, cycles);
  return minus_one(cycles);
}

bool CachedMemory::load_through(uint32_t addr, unsigned size, uint64_t cycle, uint32_t& value,
                                uint64_t& stall) {
  if (m_din) trace_access(AccessKind::kRead, addr, cycle);
  const Region* r = m_last_data;
  if (r == nullptr || addr < r->grant.start || addr + size - 1 > r->grant.end) {
    r = region_for(addr, size, BusSide::kData, false);
    if (r != nullptr) m_last_data = r;
  }
  value = 0;
  if (r != nullptr) {
    copy_in(value, r->grant.ptr + (addr - r->grant.start), size);
    stall = m_dcache && r->cacheable
                ? cached_access(*m_dcache, addr, AccessKind::kRead, cycle, BusSide::kData)
                : r->read_stall;
    return true;
  }
  ++m_uncached_accesses;
  uint64_t cycles = 0;
  const bool ok = m_port.transact_synchronised(
      BusSide::kData, false, addr, reinterpret_cast<uint8_t*>(&value), size, cycle, cycles);
  stall = minus_one(cycles);
  return ok;
}

uint64_t CachedMemory::store_to_dcache(uint32_t addr, unsigned size, uint32_t value,
                                       uint64_t cycle) {
  CacheUnit& unit = *m_dcache;
  const auto* data = reinterpret_cast<const uint8_t*>(&value);
  // A write-through store that changes no line (a hit, or a miss without write-allocate): only
  // the write goes on. A miss is counted per function (the miss trace classifies every access,
  // so it takes the full path, which writes its row).
  if (unit.fast_hits) {
    switch (unit.cache.quiet_write_through_direct_mapped(addr)) {
      case cache::Cache::QuietWrite::kHit: {
        const uint64_t stall = quiet_hit_stall(unit);
        m_store_release = write_through(unit, addr, data, size, cycle + stall);
        return stall;
      }
      case cache::Cache::QuietWrite::kMiss:
        m_store_release = write_through(unit, addr, data, size, cycle);
        if (!unit.function_misses.empty()) ++unit.function_misses[current_function()];
        return 0;
      case cache::Cache::QuietWrite::kDeclined:
        break;
    }
  }
  // A write-back hit.
  if ((unit.three_c == nullptr || unit.three_c->is_most_recent(addr)) &&
      unit.cache.quiet_hit(addr, AccessKind::kWrite)) {
    return quiet_hit_stall(unit);
  }
  return cached_access_full(unit, addr, AccessKind::kWrite, cycle, BusSide::kData, data, size);
}

bool CachedMemory::store_through(uint32_t addr, unsigned size, uint32_t value, uint64_t cycle,
                                 uint64_t& stall) {
  if (m_din) trace_access(AccessKind::kWrite, addr, cycle);
  const Region* r = m_last_store;
  if (!holds(r, addr, size)) {
    std::swap(m_last_store, m_previous_store);
    r = m_last_store;
    if (!holds(r, addr, size)) {
      r = region_for(addr, size, BusSide::kData, true);
      if (r != nullptr) m_last_store = r;
    }
  }
  if (r != nullptr) {
    copy_out(r->grant.ptr + (addr - r->grant.start), value, size);
    stall = m_dcache && r->cacheable ? store_to_dcache(addr, size, value, cycle) : r->write_stall;
    return true;
  }
  ++m_uncached_accesses;
  uint64_t cycles = 0;
  const bool ok = m_port.transact_synchronised(
      BusSide::kData, true, addr, reinterpret_cast<uint8_t*>(&value), size, cycle, cycles);
  stall = minus_one(cycles);
  return ok;
}

void CachedMemory::fence_i() {
  if (m_icache) m_icache->cache.invalidate_all();
  forget_resident_blocks();
}

uint64_t CachedMemory::flush_dcache(uint64_t cycle) {
  if (!m_dcache) return 0;
  // VexRiscv walks every line once (one cycle each), writing back dirty ones.
  const auto& p = m_dcache->timing.params;
  uint64_t stall = p.size_bytes / p.line_bytes;
  for (uint64_t line : m_dcache->cache.flush_all()) {
    copy_from_memory(line, m_scratch.data(), p.line_bytes);
    uint64_t cycles = 0;
    m_port.transact_dmi_backed(BusSide::kData, true, line, m_scratch.data(), p.line_bytes,
                               cycle + stall, cycles);
    stall += cycles;
    m_dcache->bytes_written += p.line_bytes;
  }
  m_dcache->stall_cycles += stall;
  return stall;
}

CacheTotals CachedMemory::totals() const {
  CacheTotals t;
  auto misses = [](const CacheUnit& u) {
    const auto& c = u.cache.counters();
    return c.misses[0] + c.misses[1] + c.misses[2];
  };
  auto classes = [](const CacheUnit& u, uint64_t* out, uint64_t* stall) {
    for (int c = 0; c < 3; ++c) {
      out[c] = u.classified[0][c] + u.classified[1][c] + u.classified[2][c];
      stall[c] = u.class_stall[c];
    }
  };
  if (m_icache) {
    t.icache_misses = misses(*m_icache);
    t.icache_stall = m_icache->stall_cycles;
    classes(*m_icache, t.icache_class, t.icache_class_stall);
  }
  if (m_dcache) {
    t.dcache_misses = misses(*m_dcache);
    t.dcache_stall = m_dcache->stall_cycles;
    classes(*m_dcache, t.dcache_class, t.dcache_class_stall);
  }
  return t;
}

void CachedMemory::report(Stats& stats) const {
  stats.set("cpu.uncached_accesses", m_uncached_accesses,
            "Accesses outside DMI memory (MMIO), through b_transport");
  for (const CacheUnit* unit : {m_icache.get(), m_dcache.get()}) {
    if (unit == nullptr) continue;
    const std::string p = std::string("cache.") + unit->name + ".";
    cache::CacheCounters c = unit->cache.counters();
    c.accesses[static_cast<int>(cache::AccessKind::kFetch)] += unit->repeated_fetch_hits;
    const char* kinds[3] = {"read", "write", "fetch"};
    uint64_t accesses = 0, misses = 0;
    for (int k = 0; k < 3; ++k) {
      accesses += c.accesses[k];
      misses += c.misses[k];
      if (c.accesses[k] == 0) continue;
      stats.set(p + "accesses." + kinds[k], c.accesses[k], std::string(kinds[k]) + " accesses");
      stats.set(p + "misses." + kinds[k], c.misses[k], std::string(kinds[k]) + " misses");
    }
    stats.set(p + "accesses", accesses, "Accesses of every kind");
    stats.set(p + "misses", misses, "Misses of every kind");
    stats.set(p + "hits", accesses - misses, "Hits of every kind");
    stats.set_real(p + "miss_rate", accesses ? double(misses) / double(accesses) : 0.0,
                   "Misses per access");
    stats.set(p + "evictions", c.evictions, "Valid lines replaced");
    stats.set(p + "writebacks", c.writebacks, "Dirty lines written back");
    stats.set(p + "bytes_filled", unit->bytes_filled, "Bytes read from the bus by line refills");
    stats.set(p + "bytes_written", unit->bytes_written,
              "Bytes written to the bus (write-through stores and write-backs)");
    stats.set(p + "stall_cycles", unit->stall_cycles, "CPU cycles stalled on this cache");
    stats.set_text(p + "geometry", cache::describe(unit->timing.params), "Cache organisation");
    // --trace cache-misses classifies every miss for its class column, but the statistics
    // stay those the config asks for: tracing must not change stats.json.
    if (unit->three_c && unit->timing.classify_misses) {
      for (auto k : {cache::MissClass::kCompulsory, cache::MissClass::kCapacity,
                     cache::MissClass::kConflict}) {
        const char* cls = cache::miss_class_name(k);
        stats.set(p + "misses." + cls, unit->three_c->count(k),
                  std::string(cls) + " misses (3C, Dinero IV method)");
        for (int kind = 0; kind < 3; ++kind) {
          if (c.accesses[kind] == 0) continue;
          stats.set(p + "misses." + kinds[kind] + "." + cls,
                    unit->classified[kind][static_cast<int>(k)],
                    std::string(cls) + " " + kinds[kind] + " misses");
        }
      }
    }
    for (size_t f = 0; f < unit->function_misses.size(); ++f) {
      if (unit->function_misses[f] == 0) continue;
      const std::string name = m_symbols ? m_symbols->function(f).name : "(unknown)";
      stats.set("cpu.function." + name + "." + unit->name + "_misses", unit->function_misses[f],
                std::string(unit->name) + " misses in this function");
    }
  }
}

void CachedMemory::flush_traces() {
  if (m_din) m_din->flush();
  if (m_misses) m_misses->flush();
}

std::vector<std::string> CachedMemory::trace_notes() const {
  std::vector<std::string> notes;
  for (const TraceFile* t : {m_din.get(), m_misses.get()}) {
    if (t && t->truncated()) {
      notes.push_back("trace " + t->path() + " truncated after " + std::to_string(t->rows()) +
                      " rows (--trace-limit)");
    }
  }
  return notes;
}

}  // namespace accsim::cpu
