// The fabric's action counts for the energy model (docs/energy.md), read from the counters the
// memories, their L2 and the bus keep for their statistics.
#include <algorithm>
#include <vector>

#include "bus.h"
#include "memory.h"

namespace accsim {

void Memory::add_action_counters(std::vector<ActionCounter>& out) const {
  const std::string name = basename();
  const bool dram = m_kind == MemoryKind::kDram;
  if (m_cache) {
    // What reaches the memory is what its L2 sends on: fills, write-backs, direct accesses.
    m_cache->add_action_counters(out, name, dram);
    return;
  }
  const std::string table_class = dram ? "dram" : "sram";
  // An on-chip memory's energy per access scales with its size; a DRAM's does not.
  const uint64_t size = dram ? 0 : m_size;
  const auto add = [&](const char* action, const char* description,
                       std::function<uint64_t()> read) {
    out.push_back({name, table_class, action, "", description, size, std::move(read)});
  };
  add("read_byte", "Bytes read over the bus (DMI accesses are not seen by the memory)",
      [this] { return m_bytes_read; });
  add("write_byte", "Bytes written over the bus", [this] { return m_bytes_written; });
  if (dram) {
    add("activate", "Row activations, each with the precharge of the row it replaces",
        [this] { return m_timing.row_misses(); });
    add("row_hit", "Accesses to an already open row", [this] { return m_timing.row_hits(); });
  }
  add("busy_cycle", "Cycles spent serving bus transactions", [this] { return m_busy_cycles; });
}

void Bus::add_action_counters(std::vector<ActionCounter>& out) const {
  // Initiators are named when they connect; their counters appear with their first
  // transaction (hence the bounds check in the read).
  const size_t initiators = std::max(m_initiator_names.size(), m_by_initiator.size());
  for (size_t i = 0; i < initiators; ++i) {
    const std::string initiator = i < m_initiator_names.size() && !m_initiator_names[i].empty()
                                      ? m_initiator_names[i]
                                      : "port" + std::to_string(i);
    out.push_back({"bus", "bus", "byte", initiator, "Bytes moved by this initiator's transactions",
                   0,
                   [this, i] { return i < m_by_initiator.size() ? m_by_initiator[i].bytes : 0; }});
  }
}

}  // namespace accsim
