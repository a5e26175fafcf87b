// The CPU's and its caches' action counts for the energy model (docs/energy.md), read from the
// counters the core, the pipeline timing and the caches keep anyway: nothing is counted twice
// and the instruction loop does no extra work for them.
#include <vector>

#include "cpu_module.h"

namespace accsim::cpu {

void CpuModule::add_action_counters(std::vector<ActionCounter>& out) const {
  const auto add = [&out](const char* action, const char* description,
                          std::function<uint64_t()> read) {
    out.push_back({"cpu", "cpu", action, "", description, 0, std::move(read)});
  };
  if (const RtlCpu* rtl = m_rtl.get()) {
    // The Verilated CPU shows its minstret and cycle only: no classes, no cache actions.
    if (rtl->has_instret()) {
      add("instruction", "Instructions retired", [rtl] { return rtl->instret(); });
    }
    add("cycle", "Clock cycles", [rtl] { return rtl->cycle(); });
    return;
  }
  const Rv32Core* c = m_core.get();
  struct Class {
    const char* action;
    TimingClass timing;
    const char* description;
  };
  static const Class kClasses[] = {
      {"multiply", TimingClass::kMultiply, "mul, mulh, mulhsu, mulhu retired"},
      {"divide", TimingClass::kDivide, "div, divu, rem, remu retired"},
      {"csr", TimingClass::kCsr, "CSR instructions retired"},
      {"trap_return", TimingClass::kTrapReturn, "mret retired"},
      {"system", TimingClass::kSystem, "fence, fence.i, wfi, ecall, ebreak retired"},
  };
  // Loads and stores: the D$'s read and write lookups (PipelineTiming::counts_retired says why
  // they are not counted per instruction); without a D$, or to MMIO, they count as alu.
  const CachedMemory* memory = m_memory.get();
  const auto dcache_lookups = [memory](cache::AccessKind kind) -> uint64_t {
    const cache::Cache* d = memory->dcache();
    return d ? d->counters().accesses[static_cast<int>(kind)] : 0;
  };
  add("instruction", "Instructions retired (every class)", [c] { return c->instret(); });
  // ALU instructions are what no other class counts (the commonest path counts nothing).
  add("alu", "ALU instructions retired (instructions less every other class)", [=] {
    uint64_t others = c->branches().conditional + c->branches().jumps + c->cfu_ops() +
                      dcache_lookups(cache::AccessKind::kRead) +
                      dcache_lookups(cache::AccessKind::kWrite);
    for (const Class& k : kClasses) others += c->retired(k.timing);
    const uint64_t all = c->instret();
    return all > others ? all - others : 0;
  });
  add("branch", "Conditional branches retired", [c] { return c->branches().conditional; });
  add("jump", "jal and jalr retired", [c] { return c->branches().jumps; });
  add("load", "Loads retired (the D$'s read lookups)",
      [=] { return dcache_lookups(cache::AccessKind::kRead); });
  add("store", "Stores retired (the D$'s write lookups)",
      [=] { return dcache_lookups(cache::AccessKind::kWrite); });
  for (const Class& k : kClasses) {
    const TimingClass timing = k.timing;
    add(k.action, k.description, [c, timing] { return c->retired(timing); });
  }
  add("cfu_issue", "custom-0 instructions issued to the CFU", [c] { return c->cfu_ops(); });
  // Busy and idle: every cycle is an instruction's issue or a stall (StallKind).
  add("issue_cycle", "Cycles an instruction issued", [c] { return c->instret(); });
  add("stall_cycle", "Cycles the pipeline stalled", [c] {
    const uint64_t cycle = c->cycle(), issued = c->instret();
    return cycle > issued ? cycle - issued : 0;
  });
  m_memory->add_action_counters(out, [c] { return c->unbooked_repeated_fetches(); });
}

void CachedMemory::add_action_counters(std::vector<ActionCounter>& out,
                                       std::function<uint64_t()> unbooked_fetches) const {
  for (const CacheUnit* unit : {m_icache.get(), m_dcache.get()}) {
    if (unit == nullptr) continue;
    const std::string name = unit->name;
    const uint64_t size = unit->timing.params.size_bytes;
    const uint64_t line = unit->timing.params.line_bytes;
    const auto add = [&](const char* action, const char* description,
                         std::function<uint64_t()> read) {
      out.push_back({name, "cache", action, "", description, size, std::move(read)});
    };
    const auto misses = [unit] {
      const cache::CacheCounters& c = unit->cache.counters();
      return c.misses[0] + c.misses[1] + c.misses[2];
    };
    // The I$'s repeated fetches include those the core has not handed over yet (they count as
    // hits of the block fetched last when it was cached).
    const bool icache = unit == m_icache.get();
    add("hit", "Lookups that hit (tag and data read)",
        [this, unit, misses, icache, unbooked_fetches] {
          const cache::CacheCounters& c = unit->cache.counters();
          const uint64_t pending = icache && m_last_fetch_cached ? unbooked_fetches() : 0;
          return c.accesses[0] + c.accesses[1] + c.accesses[2] + unit->repeated_fetch_hits +
                 pending - misses();
        });
    add("miss", "Lookups that missed", misses);
    add("fill_byte", "Bytes written into the array by line refills",
        [unit] { return unit->bytes_filled; });
    add("writeback_byte", "Bytes of dirty lines read out and written back",
        [unit, line] { return unit->cache.counters().writebacks * line; });
    add("write_through_byte", "Bytes of stores passed on to the bus (write-through)", [unit, line] {
      const uint64_t back = unit->cache.counters().writebacks * line;
      return unit->bytes_written > back ? unit->bytes_written - back : 0;
    });
  }
}

}  // namespace accsim::cpu
