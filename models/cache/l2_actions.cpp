// The L2's action counts and those of the memory behind it, for the energy model
// (docs/energy.md), read from the counters its statistics report.
#include <vector>

#include "l2_cache.h"

namespace accsim {

void L2Cache::add_action_counters(std::vector<ActionCounter>& out, const std::string& memory_name,
                                  bool dram) const {
  // Named as its statistics are (report): cache.l2.* in front of main_ram.
  const std::string name = memory_name == "main_ram" ? "l2" : "l2_" + memory_name;
  const uint64_t size = m_params.cache.size_bytes;
  const auto add = [&](const char* action, const char* description,
                       std::function<uint64_t()> read) {
    out.push_back({name, "cache", action, "", description, size, std::move(read)});
  };
  const auto misses = [this] {
    const cache::CacheCounters& c = m_cache.counters();
    return c.misses[0] + c.misses[1] + c.misses[2];
  };
  add("hit", "Lookups that hit (per L2 line touched)", [this, misses] {
    const cache::CacheCounters& c = m_cache.counters();
    return c.accesses[0] + c.accesses[1] + c.accesses[2] - misses();
  });
  add("miss", "Lookups that missed", misses);
  add("fill_byte", "Bytes written into the array by line fills", [this] { return m_bytes_filled; });
  add("writeback_byte", "Bytes of dirty lines read out and written back",
      [this] { return m_bytes_written_back; });

  // The memory behind it sees the fills as reads and the write-backs as writes; a direct
  // access (a DMA on its own controller port) has no direction here, and is priced as a read.
  const std::string table_class = dram ? "dram" : "sram";
  const auto add_memory = [&](const char* action, const char* description,
                              std::function<uint64_t()> read) {
    out.push_back({memory_name, table_class, action, "", description, 0, std::move(read)});
  };
  add_memory("read_byte", "Bytes read by L2 line fills", [this] { return m_bytes_filled; });
  add_memory("write_byte", "Bytes written by L2 write-backs",
             [this] { return m_bytes_written_back; });
  add_memory("direct_byte", "Bytes accessed past the L2 (DirectToMemory)",
             [this] { return m_direct_bytes; });
  if (dram) {
    add_memory("activate", "Row activations, each with the precharge of the row it replaces",
               [this] { return m_dram.row_misses(); });
    add_memory("row_hit", "Accesses to an already open row", [this] { return m_dram.row_hits(); });
  }
  add_memory("busy_cycle", "Cycles of memory accesses for fills, write-backs and direct accesses",
             [this] { return m_dram_cycles; });
}

}  // namespace accsim
