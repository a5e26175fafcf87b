// The CPU memory system over a fake bus: which accesses become bus transactions, and what
// they cost.
#include "cached_memory.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "rv32_asm.h"
#include "rv32_core.h"
#include "stats.h"

using namespace accsim;
using namespace accsim::cpu;

namespace {

// 64 KiB of DMI memory at 0x40000000 with first-beat latency L and one cycle per further
// 4-byte beat; everything else is MMIO (no DMI) answering in 3 cycles. With `read_only`, its
// 4 KiB at kReadOnly are read-only as tlm/memory.h makes them: DMI for reads covers the whole
// memory (read access), DMI for writes only the stretches around them, bus writes there fail.
class FakeBus : public BusPort {
 public:
  explicit FakeBus(uint64_t latency) : m_latency(latency), m_bytes(64 * 1024, 0) {}
  struct Transaction {
    BusSide side;
    bool write;
    uint64_t address;
    unsigned length;
    uint64_t cycle;
    bool synchronised;
  };
  bool transact(BusSide side, bool write, uint64_t address, uint8_t* data, unsigned length,
                uint64_t cycle, uint64_t& cycles) override {
    log.push_back({side, write, address, length, cycle, false});
    m_error_reason.clear();
    if (write && in_read_only(address)) {
      cycles = 1;
      m_error_reason = "the test range is read-only";
      return false;
    }
    if (address >= kBase && address + length <= kBase + m_bytes.size()) {
      uint8_t* mem = &m_bytes[address - kBase];
      write ? std::memcpy(mem, data, length) : std::memcpy(data, mem, length);
      cycles = m_latency + (length + 3) / 4 - 1;
      return true;
    }
    cycles = 3;
    if (!write) std::memset(data, 0, length);
    return address < 0xF0000000u;  // MMIO below 0xF0000000 answers, above is unmapped
  }
  bool transact_synchronised(BusSide side, bool write, uint64_t address, uint8_t* data,
                             unsigned length, uint64_t cycle, uint64_t& cycles) override {
    synchronised_to = cycle;
    const bool ok = transact(side, write, address, data, length, cycle, cycles);
    log.back().synchronised = true;
    return ok;
  }
  bool dmi(BusSide, bool write, uint64_t address, DmiGrant& g, uint64_t& rs,
           uint64_t& re) override {
    ++(write ? dmi_write_requests : dmi_read_requests);
    if (address >= kBase && address < kBase + m_bytes.size()) {
      g = {kBase, kBase + m_bytes.size() - 1, m_bytes.data(), true, m_latency, m_latency};
      if (!read_only) return true;
      if (!write) {
        g.writable = false;
      } else if (in_read_only(address)) {
        rs = kReadOnly;
        re = kReadOnly + kReadOnlyBytes - 1;
        return false;
      } else if (address < kReadOnly) {
        g.end = kReadOnly - 1;
      } else {
        g.start = kReadOnly + kReadOnlyBytes;
        g.ptr += g.start - kBase;
      }
      return true;
    }
    rs = wide_refusal ? 0 : address;
    re = wide_refusal ? ~uint64_t{0} : address;
    return false;
  }
  bool wide_refusal = false;
  bool read_only = false;
  // Instruction words outside the DMI memory (code the CPU fetches over the bus, uncached).
  std::map<uint64_t, uint32_t> mmio_code;
  bool debug_read(uint64_t address, uint8_t* data, unsigned length) override {
    const auto word = mmio_code.find(address);
    if (word == mmio_code.end() || length != 4) return false;
    std::memcpy(data, &word->second, 4);
    return true;
  }
  void synchronise(uint64_t cycle) override { synchronised_to = cycle; }
  std::string error_reason() const override { return m_error_reason; }
  void set_word(uint64_t address, uint32_t word) {
    std::memcpy(&m_bytes.at(address - kBase), &word, 4);
  }
  bool in_read_only(uint64_t address) const {
    return read_only && address >= kReadOnly && address < kReadOnly + kReadOnlyBytes;
  }

  static constexpr uint64_t kBase = 0x40000000;
  static constexpr uint64_t kReadOnly = kBase + 0x8000, kReadOnlyBytes = 0x1000;
  int dmi_read_requests = 0, dmi_write_requests = 0;
  std::vector<Transaction> log;
  uint64_t synchronised_to = 0;

 private:
  uint64_t m_latency;
  std::vector<uint8_t> m_bytes;
  std::string m_error_reason;
};

cache::CachesConfig vexriscv_caches() {
  cache::CachesConfig c;
  cache::CacheTiming t;
  t.params.size_bytes = 4096;
  t.params.line_bytes = 32;
  t.params.ways = 1;
  t.miss_overhead_cycles = 4;
  c.icache = t;
  t.miss_overhead_cycles = 4;
  t.write_buffer_depth = 1;
  c.dcache = t;
  c.uncached = {{0x80000000, 0x80000000}};
  return c;
}

}  // namespace

TEST_CASE("a load miss refills a line; the next load to it hits", "[cpu][cached_memory]") {
  FakeBus bus(10);
  CachedMemory mem(bus, vexriscv_caches());
  uint32_t value = 0;
  uint64_t stall = 0;
  REQUIRE(mem.load(0x40000104, 4, 100, value, stall));
  CHECK(stall == (10 + 7) + 4);  // 8-beat line refill + miss overhead
  REQUIRE(bus.log.size() == 1);
  CHECK(bus.log[0].address == 0x40000100);
  CHECK(bus.log[0].length == 32);
  CHECK_FALSE(bus.log[0].write);
  CHECK(bus.log[0].cycle == 101);  // the command leaves a cycle after the load issues
  CHECK_FALSE(bus.log[0].synchronised);
  REQUIRE(mem.load(0x4000011C, 2, 200, value, stall));
  CHECK(stall == 0);
  CHECK(bus.log.size() == 1);
}

TEST_CASE("a write-through store costs the bus write and does not allocate",
          "[cpu][cached_memory]") {
  auto caches = vexriscv_caches();
  caches.dcache->write_buffer_depth = 0;
  FakeBus bus(10);
  CachedMemory mem(bus, caches);
  uint64_t stall = 0;
  REQUIRE(mem.store(0x40000200, 4, 0xCAFE, 0, stall));
  // The store reaches the Memory stage at cycle 1, the bus takes the write at once and the
  // store leaves the stage at 2; the write occupies the bus until 1 + L.
  CHECK(stall == 0);
  CHECK(mem.take_store_release() == 2);
  CHECK(mem.take_store_release() == 0);  // taken once
  REQUIRE(bus.log.size() == 1);
  CHECK(bus.log[0].write);
  CHECK(bus.log[0].length == 4);
  CHECK(bus.log[0].cycle == 1);
  CHECK_FALSE(mem.dcache()->contains(0x40000200));
  // A second store one cycle later waits in the Memory stage for the first write's ACK.
  REQUIRE(mem.store(0x40000204, 4, 0xBEEF, 1, stall));
  CHECK(bus.log.back().cycle == 1 + 10);
  CHECK(mem.take_store_release() == 1 + 10 + 1);
  uint32_t value = 0;
  REQUIRE(mem.load(0x40000200, 4, 50, value, stall));
  CHECK(value == 0xCAFE);  // data went to memory
}

TEST_CASE("a write buffer lets stores leave the Memory stage until it is full",
          "[cpu][cached_memory]") {
  auto caches = vexriscv_caches();
  caches.dcache->write_buffer_depth = 2;
  FakeBus bus(10);
  CachedMemory mem(bus, caches);
  uint64_t stall = 0;
  std::vector<uint64_t> release;
  for (uint64_t t = 0; t < 4; ++t) {
    REQUIRE(mem.store(0x40000200 + 4 * t, 4, 1, t, stall));
    release.push_back(mem.take_store_release());
  }
  // The bus takes the writes at 1, 11, 21, 31. Stores 0-2 find room (at most 2 waiting);
  // store 3 waits until the bus has taken store 1 (at 11) and the buffer's flag says so (12).
  CHECK(bus.log[3].cycle == 31);
  CHECK(release == std::vector<uint64_t>{2, 3, 4, 13});
}

TEST_CASE("VexRiscv's write path: two stores in a row go on, a third waits for a write's ACK",
          "[cpu][cached_memory]") {
  // One write on the bus, one in the skid buffer (write_buffer_depth 1). Measured on
  // VexRiscv_FullCfu.v: sw; sw; 40 nops costs what 40 nops cost at any L; a third sw costs L.
  for (uint64_t latency : {10, 20}) {
    FakeBus bus(latency);
    CachedMemory mem(bus, vexriscv_caches());
    uint64_t stall = 0;
    std::vector<uint64_t> release;
    for (uint64_t t = 0; t < 3; ++t) {
      REQUIRE(mem.store(0x40000200 + 4 * t, 4, 1, t, stall));
      CHECK(stall == 0);
      release.push_back(mem.take_store_release());
    }
    // Unheld, a store issued at t leaves at t + 2: the first two do; the third is held until
    // the bus has taken the second write (L after the first), then the buffer flag turns.
    CHECK(release == std::vector<uint64_t>{2, 3, 3 + latency});
  }
}

TEST_CASE("a D$ refill waits for the pending write-through stores", "[cpu][cached_memory]") {
  // Measured on VexRiscv_FullCfu.v: a load-miss loop costs L + 16 per iteration, and L more
  // for each store before the load (L = 1, 10, 20).
  for (uint64_t stores = 0; stores < 4; ++stores) {
    FakeBus bus(10);
    CachedMemory mem(bus, vexriscv_caches());
    uint64_t stall = 0;
    uint64_t t = 0;
    for (; t < stores; ++t) REQUIRE(mem.store(0x40000200 + 4 * t, 4, 1, t, stall));
    uint32_t value = 0;
    REQUIRE(mem.load(0x40000400, 4, t, value, stall));
    // Writes are taken at 1, 11, 21: the refill goes when the last one is acknowledged.
    const uint64_t refill_start = stores == 0 ? t + 1 : 1 + 10 * stores;
    CHECK(bus.log.back().cycle == refill_start);
    CHECK(stall == refill_start - t + (10 + 7) + 3);
  }
}

TEST_CASE("a jump out of a line refills the next line when the fetch had entered it",
          "[cpu][cached_memory]") {
  FakeBus bus(10);
  CachedMemory mem(bus, vexriscv_caches());
  CHECK(mem.fetch_stall(0x40000000, 0, 0) == (10 + 7) + 4);  // cold
  // The next line is missing: refilled like any miss.
  CHECK(mem.fetch_fall_through(0x40000020, 30) == (10 + 7) + 4);
  CHECK(bus.log.back().address == 0x40000020);
  CHECK(mem.icache()->contains(0x40000020));
  // Present now: nothing to refill, no bus traffic.
  const size_t transactions = bus.log.size();
  CHECK(mem.fetch_fall_through(0x40000020, 60) == 0);
  CHECK(bus.log.size() == transactions);
  // Uncached addresses are never refilled.
  CHECK(mem.fetch_fall_through(0x90000000, 90) == 0);
}

TEST_CASE("a write-back cache writes a dirty line back when it is evicted",
          "[cpu][cached_memory]") {
  auto caches = vexriscv_caches();
  caches.dcache->params.write_policy = cache::WritePolicy::kWriteBack;
  caches.dcache->params.write_allocate = true;
  FakeBus bus(1);
  CachedMemory mem(bus, caches);
  uint64_t stall = 0;
  mem.store(0x40000000, 4, 7, 0, stall);  // miss: refill
  CHECK(stall == (1 + 7) + 4);
  mem.store(0x40000004, 4, 8, 10, stall);  // hit: no bus traffic
  CHECK(stall == 0);
  CHECK(bus.log.size() == 1);
  uint32_t value;
  mem.load(0x40001000, 4, 20, value, stall);  // same set: write back, then refill
  REQUIRE(bus.log.size() == 3);
  CHECK(bus.log[1].write);
  CHECK(bus.log[1].address == 0x40000000);
  CHECK(bus.log[1].length == 32);
  CHECK(bus.log[2].cycle == 20 + 8 + 1);  // the refill's command follows the write-back
  CHECK(stall == 8 + 8 + 4);
}

TEST_CASE("instruction fetches use the I$ per line", "[cpu][cached_memory]") {
  FakeBus bus(1);
  CachedMemory mem(bus, vexriscv_caches());
  CHECK(mem.fetch_block_bytes() == 32);
  CHECK(mem.fetch_stall(0x40000000, 0, 0) == (1 + 7) + 4);  // L + 11 at L = 1 (measured: 12)
  CHECK(mem.fetch_stall(0x40000000, 20, 0) == 0);
  CHECK(bus.log.at(0).side == BusSide::kInstruction);
  mem.fence_i();
  CHECK(mem.fetch_stall(0x40000000, 40, 0) == 12);
}

TEST_CASE("uncached and non-DMI accesses bypass the caches", "[cpu][cached_memory]") {
  FakeBus bus(1);
  CachedMemory mem(bus, vexriscv_caches());
  uint32_t value = 0;
  uint64_t stall = 0;
  REQUIRE(mem.load(0x90000000, 4, 500, value, stall));  // MMIO: synchronised transaction
  CHECK(stall == 2);
  REQUIRE(bus.log.size() == 1);
  CHECK(bus.log[0].synchronised);
  CHECK(bus.synchronised_to == 500);
  CHECK(mem.dcache()->counters().accesses[0] == 0);
  CHECK_FALSE(mem.load(0xF0000000, 4, 600, value, stall));  // bus error: access fault
}

TEST_CASE("a refusal covering everything does not disable DMI elsewhere", "[cpu][cached_memory]") {
  FakeBus bus(1);
  bus.wide_refusal = true;
  CachedMemory mem(bus, vexriscv_caches());
  uint32_t value = 0;
  uint64_t stall = 0;
  mem.load(0x90000000, 4, 0, value, stall);  // refused, with a 0..max range
  bus.log.clear();
  REQUIRE(mem.load(0x40000000, 4, 10, value, stall));
  REQUIRE(bus.log.size() == 1);
  CHECK(bus.log[0].length == 32);  // a cached line refill, not an uncached access
  CHECK_FALSE(bus.log[0].synchronised);
}

TEST_CASE("a read-only range: loads keep one DMI region, stores into it fault with the reason",
          "[cpu][cached_memory]") {
  FakeBus bus(1);
  bus.read_only = true;
  CachedMemory mem(bus, vexriscv_caches());
  uint32_t value = 0;
  uint64_t stall = 0;
  // Stores either side of the range write through DMI (a write-through, not synchronised).
  REQUIRE(mem.store(FakeBus::kBase + 0x100, 4, 0x11, 0, stall));
  REQUIRE(mem.store(FakeBus::kReadOnly + FakeBus::kReadOnlyBytes, 4, 0x22, 10, stall));
  CHECK(bus.log.size() == 2);
  CHECK_FALSE(bus.log.back().synchronised);
  CHECK(mem.access_fault_reason().empty());
  // A store into it goes to the bus, fails, and says why; its DMI refusal is remembered.
  CHECK_FALSE(mem.store(FakeBus::kReadOnly + 0x10, 4, 0xBAD, 20, stall));
  CHECK(bus.log.back().synchronised);
  CHECK(bus.log.back().address == FakeBus::kReadOnly + 0x10);
  CHECK(mem.access_fault_reason() == "the test range is read-only");
  const int write_requests = bus.dmi_write_requests;
  CHECK_FALSE(mem.store(FakeBus::kReadOnly + 0x20, 1, 0xBAD, 30, stall));
  CHECK(bus.dmi_write_requests == write_requests);
  // Loads anywhere in the memory use the one read region, the range included, and see the
  // refused stores did not land.
  REQUIRE(mem.load(FakeBus::kBase + 0x100, 4, 40, value, stall));
  CHECK(value == 0x11);
  REQUIRE(mem.load(FakeBus::kReadOnly + 0x10, 4, 50, value, stall));
  CHECK(value == 0);
  REQUIRE(mem.load(FakeBus::kReadOnly + FakeBus::kReadOnlyBytes, 4, 60, value, stall));
  CHECK(value == 0x22);
  CHECK(bus.dmi_read_requests == 1);
}

TEST_CASE("a DMI region inside an uncached range is not cached", "[cpu][cached_memory]") {
  auto caches = vexriscv_caches();
  caches.uncached = {{0x40000000, 0x1000}};
  FakeBus bus(10);
  CachedMemory mem(bus, caches);
  uint32_t value = 0;
  uint64_t stall = 0;
  REQUIRE(mem.load(0x40008000, 4, 0, value, stall));
  CHECK(stall == 10 - 1);  // DMI latency, no refill
  CHECK(bus.log.empty());
}

TEST_CASE("flushing the D$ walks every line and writes back the dirty ones",
          "[cpu][cached_memory]") {
  auto caches = vexriscv_caches();
  caches.dcache->params.write_policy = cache::WritePolicy::kWriteBack;
  caches.dcache->params.write_allocate = true;
  FakeBus bus(1);
  CachedMemory mem(bus, caches);
  uint64_t stall = 0;
  mem.store(0x40000000, 4, 1, 0, stall);
  mem.store(0x40000040, 4, 2, 0, stall);
  bus.log.clear();
  CHECK(mem.flush_dcache(100) == 128 + 2 * 8);
  CHECK(bus.log.size() == 2);
  CHECK_FALSE(mem.dcache()->contains(0x40000000));
}

TEST_CASE("the din trace records every access with Dinero labels", "[cpu][cached_memory]") {
  const auto dir = std::filesystem::temp_directory_path() / "accsim_cached_memory_test";
  std::filesystem::create_directories(dir);
  MemoryTraceOptions traces;
  traces.din_path = (dir / "mem.din").string();
  traces.misses_path = (dir / "misses.csv").string();
  traces.limits.window_begin = 10;
  {
    FakeBus bus(1);
    CachedMemory mem(bus, vexriscv_caches(), traces);
    // Every fetch is traced, apart from the once-per-line timing, which tracing leaves alone.
    CHECK(mem.fetch_block_bytes() == 32);
    CHECK(mem.traces_fetches());
    uint32_t v;
    uint64_t stall;
    mem.load(0x40000010, 4, 5, v, stall);  // before the window: not traced
    mem.trace_fetch(0x40000020, 10);
    mem.fetch_stall(0x40000020, 10, 0);
    mem.load(0x40000010, 4, 11, v, stall);
    mem.store(0x400000a0, 1, 3, 12, stall);
  }
  std::ifstream din(dir / "mem.din");
  std::stringstream text;
  text << din.rdbuf();
  CHECK(text.str() == "2 40000020\n0 40000010\n1 400000a0\n");
  std::ifstream csv(dir / "misses.csv");
  std::string header, row;
  std::getline(csv, header);
  CHECK(header == "cycle,cache,pc,address,kind,class,evicted,function");
  std::getline(csv, row);
  CHECK(row == "10,I,0x00000000,0x40000020,fetch,compulsory,,");
  std::getline(csv, row);
  CHECK(row == "12,D,0x00000000,0x400000a0,write,compulsory,,");
}

TEST_CASE("a trace cap truncates and says so", "[cpu][cached_memory]") {
  const auto dir = std::filesystem::temp_directory_path() / "accsim_cached_memory_cap";
  std::filesystem::create_directories(dir);
  MemoryTraceOptions traces;
  traces.din_path = (dir / "mem.din").string();
  traces.limits.max_rows = 3;
  FakeBus bus(1);
  CachedMemory mem(bus, vexriscv_caches(), traces);
  for (uint32_t i = 0; i < 10; ++i) mem.trace_fetch(0x40000000 + 4 * i, i);
  mem.flush_traces();
  const auto notes = mem.trace_notes();
  REQUIRE(notes.size() == 1);
  CHECK_THAT(notes[0], Catch::Contains("truncated after 3 rows"));
}

TEST_CASE("the fetches that follow a line's fetch count as I$ hits", "[cpu][cached_memory]") {
  FakeBus bus(1);
  CachedMemory mem(bus, vexriscv_caches());
  CHECK_FALSE(mem.traces_fetches());
  mem.fetch_stall(0x40000000, 0, 0);  // a miss: the line is filled
  mem.count_repeated_fetches(7);      // the line's other 7 instructions
  Stats stats;
  mem.report(stats);
  CHECK(stats.get("cache.icache.accesses.fetch") == 8);
  CHECK(stats.get("cache.icache.misses.fetch") == 1);
  CHECK(stats.get("cache.icache.hits") == 7);
}

TEST_CASE("cache statistics appear under cache.<name>", "[cpu][cached_memory]") {
  FakeBus bus(1);
  auto caches = vexriscv_caches();
  caches.dcache->classify_misses = true;
  CachedMemory mem(bus, caches);
  uint32_t v;
  uint64_t stall;
  for (uint32_t a : {0x40000000u, 0x40000004u, 0x40001000u, 0x40000000u}) {
    mem.load(a, 4, 0, v, stall);
  }
  Stats stats;
  mem.report(stats);
  CHECK(stats.get("cache.dcache.accesses.read") == 4);
  CHECK(stats.get("cache.dcache.misses.read") == 3);
  CHECK(stats.get("cache.dcache.misses.compulsory") == 2);
  CHECK(stats.get("cache.dcache.misses.conflict") == 1);
  CHECK(stats.get("cache.dcache.misses.read.conflict") == 1);
  CHECK(stats.get("cache.dcache.misses.read.compulsory") == 2);
  CHECK(stats.get("cache.dcache.bytes_filled") == 96);
}

TEST_CASE("a line fetched by a stall-free I$ hit stays resident until the I$ may change",
          "[cpu][cached_memory]") {
  FakeBus bus(1);
  CachedMemory mem(bus, vexriscv_caches());
  const uint32_t a = 0x40000000, b = 0x40000020, a_set = a + 4096;  // 4 KiB direct-mapped
  mem.fetch_stall(a + 8, 0, 0);                                     // a miss: not resident
  CHECK_FALSE(mem.fetch_block_resident(a));
  mem.fetch_stall(a + 4, 20, 0);  // a quiet hit: the whole line is
  CHECK(mem.fetch_block_resident(a));
  CHECK_FALSE(mem.fetch_block_resident(a + 32));
  mem.fetch_stall(b, 30, 0);  // a miss in another set leaves it
  CHECK(mem.fetch_block_resident(a));
  CHECK_FALSE(mem.fetch_block_resident(b));
  mem.fetch_stall(b, 50, 0);
  CHECK(mem.fetch_block_resident(b));
  mem.fetch_stall(a_set, 60, 0);  // a miss in its set evicts it
  CHECK_FALSE(mem.fetch_block_resident(a));
  CHECK_FALSE(mem.fetch_block_resident(a_set));
  CHECK(mem.fetch_block_resident(b));
  mem.fetch_stall(a_set, 80, 0);
  REQUIRE(mem.fetch_block_resident(a_set));
  mem.fetch_stall(0x90000000, 90, 0);  // uncached code: its fetches are no I$ hits
  CHECK_FALSE(mem.fetch_block_resident(a_set));
  CHECK_FALSE(mem.fetch_block_resident(b));
  mem.fetch_stall(b, 100, 0);  // the I$ still holds b: a hit, from the full path
  mem.fetch_stall(b, 101, 0);
  REQUIRE(mem.fetch_block_resident(b));
  mem.fence_i();
  CHECK_FALSE(mem.fetch_block_resident(b));
  mem.fetch_stall(b, 110, 0);
  mem.fetch_stall(b, 130, 0);
  REQUIRE(mem.fetch_block_resident(b));
  mem.invalidate_dmi(b, b + 3);  // the code's region may be gone
  CHECK_FALSE(mem.fetch_block_resident(b));
}

TEST_CASE("no line is resident where an I$ hit stalls or takes the full path",
          "[cpu][cached_memory]") {
  auto caches = vexriscv_caches();
  SECTION("a hit latency of 2") { caches.icache->hit_latency_cycles = 2; }
  SECTION("two ways (replacement order)") { caches.icache->params.ways = 2; }
  SECTION("3C classification") { caches.icache->classify_misses = true; }
  FakeBus bus(1);
  CachedMemory mem(bus, caches);
  mem.fetch_stall(0x40000000, 0, 0);
  mem.fetch_stall(0x40000000, 20, 0);
  CHECK(mem.icache()->counters().misses[2] == 1);  // the second fetch hit
  CHECK_FALSE(mem.fetch_block_resident(0x40000000));
}

namespace {
// The memory system as any MemoryIf: the core then calls fetch_stall for every block it enters
// (it leaves fetches out only for a CachedMemory it knows).
class PlainMemory : public MemoryIf {
 public:
  explicit PlainMemory(CachedMemory& memory) : m(memory) {}
  bool fetch_word(uint32_t pc, uint32_t& word) override { return m.fetch_word(pc, word); }
  uint64_t fetch_stall(uint32_t pc, uint64_t cycle, uint64_t repeated) override {
    return m.fetch_stall(pc, cycle, repeated);
  }
  uint32_t fetch_block_bytes() const override { return m.fetch_block_bytes(); }
  void count_repeated_fetches(uint64_t count) override { m.count_repeated_fetches(count); }
  bool load(uint32_t addr, unsigned size, uint64_t cycle, uint32_t& value,
            uint64_t& stall) override {
    return m.load(addr, size, cycle, value, stall);
  }
  bool store(uint32_t addr, unsigned size, uint32_t value, uint64_t cycle,
             uint64_t& stall) override {
    return m.store(addr, size, value, cycle, stall);
  }
  uint64_t take_store_release() override { return m.take_store_release(); }
  void store_hold_stalled(uint64_t cycles) override { m.store_hold_stalled(cycles); }
  void fence_i() override { m.fence_i(); }

 private:
  CachedMemory& m;
};
}  // namespace

TEST_CASE("a core leaving out the fetches of resident lines counts and times them all",
          "[cpu][cached_memory]") {
  using namespace accsim::test::rv;
  // Nested loops whose inner one spans two I$ lines. Before it, a call to a function in the
  // I$ set of the loop's first line evicts that line and returns into it; after it, a call to
  // code outside DMI memory (uncached, fetched over the bus) returns into the loop's second
  // line. A fence.i every fourth outer iteration.
  const uint32_t base = FakeBus::kBase, function = base + 0x1000, uncached = 0x90000000;
  const std::vector<std::pair<uint32_t, uint32_t>> program = {
      {base + 0x00, addi(5, 0, 12)},  // outer count
      {base + 0x04, addi(8, 0, 0)},
      {base + 0x08, addi(6, 0, 9)},  // outer: inner count
      {base + 0x0c, jal(1, static_cast<int32_t>(function - (base + 0x0c)))},
      {base + 0x10, addi(0, 0, 0)},
      {base + 0x14, addi(7, 7, 3)},  // inner, over the lines at 0x00 and 0x20
      {base + 0x18, xor_(8, 8, 7)},
      {base + 0x1c, addi(6, 6, -1)},
      {base + 0x20, slli(9, 8, 1)},
      {base + 0x24, bne(6, 0, 0x14 - 0x24)},
      {base + 0x28, lui(13, uncached >> 12)},
      {base + 0x2c, jalr(1, 13, 0)},
      {base + 0x30, addi(5, 5, -1)},
      {base + 0x34, andi(10, 5, 3)},
      {base + 0x38, bne(10, 0, 0x40 - 0x38)},
      {base + 0x3c, 0x0000100f},  // fence.i
      {base + 0x40, bne(5, 0, 0x08 - 0x40)},
      {base + 0x44, 0x00100073},  // ebreak: halts (no handler)
      {function, jal(0, 0x10)},
      {function + 0x10, addi(8, 8, 1)},
      {function + 0x14, jalr(0, 1, 0)},
      {uncached, addi(12, 12, 1)},
      {uncached + 0x4, jalr(0, 1, 0)},
  };
  struct Result {
    uint64_t cycle, instret;
    nlohmann::json stats;
  };
  auto run = [&](bool through_plain_interface) {
    FakeBus bus(2);
    for (const auto& [address, word] : program) {
      if (address >= uncached) {
        bus.mmio_code[address] = word;
      } else {
        bus.set_word(address, word);
      }
    }
    CachedMemory mem(bus, vexriscv_caches());
    PlainMemory plain(mem);
    NoCfu cfu;
    Rv32Core core({}, through_plain_interface ? static_cast<MemoryIf&>(plain) : mem, cfu);
    core.reset(base);
    core.run(1'000'000);
    REQUIRE(core.halted());
    Stats stats;
    mem.report(stats);
    return Result{core.cycle(), core.instret(), stats.to_json()};
  };
  const Result direct = run(false);
  const Result plain = run(true);
  CHECK(direct.instret == 12 * (2 + 9 * 5 + 8 + 4) + 3 + 2);  // loops, calls, fences
  CHECK(direct.cycle == plain.cycle);
  CHECK(direct.instret == plain.instret);
  CHECK(direct.stats == plain.stats);
  CHECK(direct.stats.at("cache.icache.misses.fetch").get<uint64_t>() > 12 * 2);
  CHECK(direct.stats.at("cpu.uncached_accesses").get<uint64_t>() == 12);  // its fetches
}
