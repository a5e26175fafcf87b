// The CPU's memory system: implements MemoryIf for the core on top of a BusPort. Data always
// moves through DMI pointers (or b_transport where there is no DMI); the optional I$ and D$
// decide timing and bus traffic: misses refill whole lines over the bus as timed transactions,
// write-through stores and dirty write-backs go to the bus too, so they see the memory's
// latency and any contention; their data already moved through DMI, so they go as
// BusPort::transact_dmi_backed, which the bus may time without a transaction. Uncached regions
// and memories without DMI bypass the caches.
// It also writes the memory-access (Dinero din) and cache-miss traces and attributes misses
// to functions. Plain C++: unit-testable with a fake BusPort.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "action_counter.h"
#include "bus_port.h"
#include "cache.h"
#include "cache_config.h"
#include "cpu_interfaces.h"
#include "symbol_table.h"
#include "three_c.h"
#include "trace_file.h"

namespace accsim {
class Stats;
}

namespace accsim::cpu {

class Rv32Core;

struct MemoryTraceOptions {
  std::string din_path;     // every access, Dinero IV din format; empty = off
  std::string misses_path;  // one CSV row per cache miss; empty = off
  TraceLimits limits;
};

// Counters a region snapshot needs (cumulative since reset). The by-class figures count only
// where the cache classifies its misses (classify_misses, or the miss trace), by MissClass.
struct CacheTotals {
  uint64_t icache_misses = 0;
  uint64_t dcache_misses = 0;
  uint64_t icache_stall = 0;
  uint64_t dcache_stall = 0;
  uint64_t icache_class[3] = {};  // misses by class
  uint64_t dcache_class[3] = {};
  uint64_t icache_class_stall[3] = {};  // the stall cycles of those misses, by class
  uint64_t dcache_class_stall[3] = {};
};

// Hears every classified L1 miss (where the cache classifies): which cache ('I' or 'D'), the
// address, its class and what the access did (the line it evicted). For attributing conflict
// misses to the lines that evicted them (run/conflict_pairs.h).
class MissObserver {
 public:
  virtual ~MissObserver() = default;
  virtual void on_miss(char cache, uint64_t address, cache::MissClass miss_class,
                       const cache::CacheAccess& access) = 0;
};

// Final, so that the core calls it directly and its common cases (fetch_stall, load) inline.
class CachedMemory final : public MemoryIf {
 public:
  CachedMemory(BusPort& port, const cache::CachesConfig& caches,
               const MemoryTraceOptions& traces = {});
  ~CachedMemory() override;

  // The core and symbols, for attributing misses to a pc and function.
  void set_context(const Rv32Core* core, const SymbolTable* symbols);
  // Drops all DMI regions (the bus invalidated them).
  void invalidate_dmi(uint64_t start, uint64_t end);

  // MemoryIf
  bool fetch_word(uint32_t pc, uint32_t& word) override;
  uint64_t fetch_stall(uint32_t pc, uint64_t cycle, uint64_t repeated) override;
  uint32_t fetch_block_bytes() const override;
  // Entering fetch block `block` (fetch_block_bytes()-aligned) would be a quiet I$ hit that
  // stalls nothing: the core may leave out its fetch_stall and count its fetch with the
  // repeated ones (count_repeated_fetches), whose I$ hits the statistics add to the cache's.
  // True for a block whose last fetch was such a hit, until a fetch into its I$ set takes
  // another path (a miss may evict it), a fetch leaves cached code (the repeated fetches would
  // no longer count as I$ hits), fence.i or the bus's DMI invalidation: nothing else changes
  // the I$ or where code is. Loops enter a block every few instructions.
  bool fetch_block_resident(uint32_t block) const {
    return m_resident_blocks[resident_index(block)] == block;
  }
  void count_repeated_fetches(uint64_t count) override;
  // A jump redirected from Execute as the fetch entered the line at `pc`: if that line is
  // cached code missing from the I$, it is refilled all the same (VexRiscv's I$ does not
  // abandon a refill it started). Returns the refill's stall cycles, 0 if there is none.
  uint64_t fetch_fall_through(uint32_t pc, uint64_t cycle);
  bool traces_fetches() const override { return m_din != nullptr; }
  void trace_fetch(uint32_t pc, uint64_t cycle) override;
  bool load(uint32_t addr, unsigned size, uint64_t cycle, uint32_t& value,
            uint64_t& stall) override;
  bool store(uint32_t addr, unsigned size, uint32_t value, uint64_t cycle,
             uint64_t& stall) override;
  std::string access_fault_reason() const override { return m_port.error_reason(); }
  void fence_i() override;
  uint64_t flush_dcache(uint64_t cycle) override;
  void wait_for_interrupt(uint64_t cycle) override { m_port.synchronise(cycle); }
  uint64_t take_store_release() override {
    const uint64_t r = m_store_release;
    m_store_release = 0;
    return r;
  }
  void store_hold_stalled(uint64_t cycles) override {
    if (m_dcache) m_dcache->stall_cycles += cycles;
  }

  const cache::Cache* icache() const { return m_icache ? &m_icache->cache : nullptr; }
  const cache::Cache* dcache() const { return m_dcache ? &m_dcache->cache : nullptr; }
  CacheTotals totals() const;
  // Whether the I$ ('I') or D$ ('D') classifies its misses for the statistics (classify_misses;
  // the miss trace classifies too but changes no statistic).
  bool reports_miss_classes(char cache) const {
    const CacheUnit* u = cache == 'I' ? m_icache.get() : m_dcache.get();
    return u != nullptr && u->timing.classify_misses;
  }
  // Null: nobody listens. The observer must outlive the memory's use.
  void set_miss_observer(MissObserver* observer) { m_miss_observer = observer; }
  void report(Stats& stats) const;
  // Each cache's actions for the energy model (cpu_actions.cpp); `unbooked_fetches` reads the
  // core's repeated fetches not yet counted (Rv32Core::unbooked_repeated_fetches).
  void add_action_counters(std::vector<ActionCounter>& counters,
                           std::function<uint64_t()> unbooked_fetches) const;
  void flush_traces();
  // One line per trace that hit its row cap ("... truncated after N rows").
  std::vector<std::string> trace_notes() const;

 private:
  struct Region {
    DmiGrant grant;
    uint64_t read_stall = 0;
    uint64_t write_stall = 0;
    bool cacheable = false;
  };
  struct CacheUnit {
    CacheUnit(const cache::CacheTiming& t, const char* unit_name, char unit_letter);
    cache::Cache cache;
    cache::CacheTiming timing;
    std::unique_ptr<cache::ThreeCClassifier> three_c;
    const char* name;
    char letter;
    // Hits take the inline paths: direct-mapped (no replacement order to keep) and not
    // 3C-classified (the classifier must see every access). Others take the full path.
    bool fast_hits = false;
    uint64_t stall_cycles = 0;
    uint64_t bytes_filled = 0;
    uint64_t bytes_written = 0;
    uint64_t bus_errors = 0;
    uint64_t repeated_fetch_hits = 0;  // fetches of the line just fetched (I$ only)
    std::vector<uint64_t> function_misses;
    uint64_t classified[3][3] = {};  // [AccessKind][MissClass]
    uint64_t class_stall[3] = {};    // stall cycles of the classified misses, by MissClass
    // Write-through path: the bus takes one write at a time (the bridge holds it until the
    // memory acknowledges); `accepted` keeps the cycles the bus took the last writes, a ring
    // of max(write_buffer_depth, 1) entries (a store leaves the buffer when the bus takes it).
    uint64_t write_port_free = 0;
    std::vector<uint64_t> accepted;
    size_t accepted_next = 0;
  };

  static void copy_in(uint32_t& value, const uint8_t* src, unsigned size);
  static void copy_out(uint8_t* dst, uint32_t value, unsigned size);
  static bool holds(const Region* region, uint32_t addr, unsigned size) {
    return region != nullptr && addr >= region->grant.start && addr + size - 1 <= region->grant.end;
  }
  // The DMI region for reads (loads, fetches, line copies) or for writes (stores) of the range,
  // asked for separately: a memory with a read-only range grants reads over all of it, so loads
  // keep one region, and writes only around the range, so stores into it take the bus and
  // fault (tlm/memory.h). Null: no DMI there, use the bus.
  const Region* region_for(uint64_t address, unsigned length, BusSide side, bool write);
  // A write-through store of `size` bytes from `data`: returns when it leaves the Memory stage.
  uint64_t write_through(CacheUnit& unit, uint64_t address, const uint8_t* data, unsigned size,
                         uint64_t cycle);
  // The full paths of fetch_stall, load and store, past their inline common cases.
  uint64_t fetch_through(uint32_t pc, uint64_t cycle);
  bool load_through(uint32_t addr, unsigned size, uint64_t cycle, uint32_t& value, uint64_t& stall);
  bool store_through(uint32_t addr, unsigned size, uint32_t value, uint64_t cycle, uint64_t& stall);
  // A store's D$ access (its data is in memory already): the stall cycles.
  uint64_t store_to_dcache(uint32_t addr, unsigned size, uint32_t value, uint64_t cycle);
  // A hit the cache recorded as quiet_hit: it costs the hit latency beyond the issue cycle.
  static uint64_t quiet_hit_stall(CacheUnit& unit) {
    const uint64_t stall = unit.timing.hit_latency_cycles - 1;
    unit.stall_cycles += stall;
    return stall;
  }
  // A fetch or load through `unit`: returns the stall cycles. Hits take an inline path; the
  // rest (misses, 3C-classified accesses) the full one.
  uint64_t cached_access(CacheUnit& unit, uint64_t address, cache::AccessKind kind, uint64_t cycle,
                         BusSide side);
  uint64_t cached_access_full(CacheUnit& unit, uint64_t address, cache::AccessKind kind,
                              uint64_t cycle, BusSide side, const uint8_t* store_data,
                              unsigned store_size);
  void copy_from_memory(uint64_t address, uint8_t* out, unsigned length);
  void trace_access(cache::AccessKind kind, uint64_t address, uint64_t cycle);
  void trace_miss(const CacheUnit& unit, uint64_t cycle, uint64_t address, cache::AccessKind kind,
                  const char* miss_class, const cache::CacheAccess& a);
  uint32_t current_function() const;
  uint32_t current_pc() const;
  // The I$ set of `address` (Cache's rule: line number modulo sets; direct-mapped, as every I$
  // with resident blocks): where its resident block is kept, so that a fetch through a set
  // forgets the one block it may evict.
  uint32_t resident_index(uint32_t address) const {
    return (address >> m_resident_shift) & m_resident_set_mask;
  }
  // The block of `pc`, fetched by a quiet I$ hit from `region`, is resident if the whole block
  // lies in the region (an entry elsewhere in it is then the same hit).
  void remember_resident(uint32_t pc, const Region& region) {
    const uint32_t block = pc & m_resident_block_mask;
    if (block >= region.grant.start && block + ~m_resident_block_mask <= region.grant.end) {
      m_resident_blocks[resident_index(block)] = block;
    }
  }
  void forget_resident_blocks() {
    std::fill(m_resident_blocks.begin(), m_resident_blocks.end(), kNoBlock);
  }

  BusPort& m_port;
  std::vector<cache::AddressSpan> m_uncached;
  std::unique_ptr<CacheUnit> m_icache;
  std::unique_ptr<CacheUnit> m_dcache;
  const Rv32Core* m_core = nullptr;
  const SymbolTable* m_symbols = nullptr;
  MissObserver* m_miss_observer = nullptr;

  std::vector<Region> m_regions;
  struct Refusal {
    uint64_t start, end;  // inclusive
    bool writes_only;     // refused for writes (a read-only range), reads may have DMI
  };
  std::vector<Refusal> m_no_dmi;  // ranges the bus refused
  const Region* m_last_data = nullptr;
  // Writable regions of the last two stores: stores alternate between the stack and the data
  // they produce, which a read-only range between them puts in two regions.
  const Region* m_last_store = nullptr;
  const Region* m_previous_store = nullptr;
  const Region* m_last_fetch = nullptr;
  bool m_last_fetch_cached = false;  // the last fetch_stall went through the I$
  // fetch_block_resident: by I$ set, the block resident there, or kNoBlock. Only where an I$
  // hit stalls nothing and takes the inline path (m_resident_hits); else one kNoBlock entry.
  static constexpr uint32_t kNoBlock = 1;  // never a block address (odd)
  std::vector<uint32_t> m_resident_blocks{kNoBlock};
  bool m_resident_hits = false;
  uint32_t m_resident_shift = 0;     // log2 of the I$ line
  uint32_t m_resident_set_mask = 0;  // I$ sets - 1 (0 without resident blocks)
  // ~(line bytes - 1): a shift pair in its place measured 2% slower (fetch_stall is inline in
  // the instruction loop).
  uint32_t m_resident_block_mask = ~0u;
  std::vector<uint8_t> m_scratch;  // line buffer for refills and write-backs

  std::unique_ptr<TraceFile> m_din;
  std::unique_ptr<TraceFile> m_misses;
  uint64_t m_uncached_accesses = 0;
  uint64_t m_store_release = 0;  // see take_store_release
};

// Fixed-size copies compile to single moves; a variable-size memcpy is a library call.
inline void CachedMemory::copy_in(uint32_t& value, const uint8_t* src, unsigned size) {
  switch (size) {
    case 1:
      value = *src;
      break;
    case 2: {
      uint16_t v;
      std::memcpy(&v, src, 2);
      value = v;
      break;
    }
    default:
      std::memcpy(&value, src, 4);
  }
}

inline void CachedMemory::copy_out(uint8_t* dst, uint32_t value, unsigned size) {
  switch (size) {
    case 1:
      *dst = static_cast<uint8_t>(value);
      break;
    case 2: {
      const uint16_t v = static_cast<uint16_t>(value);
      std::memcpy(dst, &v, 2);
      break;
    }
    default:
      std::memcpy(dst, &value, 4);
  }
}

inline uint64_t CachedMemory::fetch_stall(uint32_t pc, uint64_t cycle, uint64_t repeated) {
  if (m_last_fetch_cached) {
    m_icache->repeated_fetch_hits += repeated;
    // The common case, with nothing to call: the next line of cached code, present in the I$.
    const Region* r = m_last_fetch;
    if (r != nullptr && pc >= r->grant.start && pc + 3 <= r->grant.end && m_icache->fast_hits &&
        m_icache->cache.quiet_hit_direct_mapped(pc, cache::AccessKind::kFetch)) {
      if (m_resident_hits) remember_resident(pc, *r);
      return quiet_hit_stall(*m_icache);
    }
  }
  return fetch_through(pc, cycle);
}

inline bool CachedMemory::load(uint32_t addr, unsigned size, uint64_t cycle, uint32_t& value,
                               uint64_t& stall) {
  // The common case, with nothing to call: untraced, in the DMI region of the last access,
  // and either uncached or a D$ hit.
  const Region* r = m_last_data;
  if (m_din == nullptr && r != nullptr && addr >= r->grant.start &&
      addr + size - 1 <= r->grant.end) {
    if (!(m_dcache && r->cacheable)) {
      copy_in(value, r->grant.ptr + (addr - r->grant.start), size);
      stall = r->read_stall;
      return true;
    }
    if (m_dcache->fast_hits &&
        m_dcache->cache.quiet_hit_direct_mapped(addr, cache::AccessKind::kRead)) {
      copy_in(value, r->grant.ptr + (addr - r->grant.start), size);
      stall = quiet_hit_stall(*m_dcache);
      return true;
    }
  }
  return load_through(addr, size, cycle, value, stall);
}

inline bool CachedMemory::store(uint32_t addr, unsigned size, uint32_t value, uint64_t cycle,
                                uint64_t& stall) {
  // The common case: untraced, in the writable DMI region of the last store.
  const Region* r = m_last_store;
  if (m_din != nullptr || !holds(r, addr, size))
    return store_through(addr, size, value, cycle, stall);
  copy_out(r->grant.ptr + (addr - r->grant.start), value, size);
  stall = m_dcache && r->cacheable ? store_to_dcache(addr, size, value, cycle) : r->write_stall;
  return true;
}

}  // namespace accsim::cpu
