#include "rv32_core.h"

#include <cstdio>
#include <limits>

#include "cached_memory.h"
#include "rv32_execute.h"

namespace accsim::cpu {

namespace {
std::string hex32(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}
}  // namespace

const char* trap_cause_name(TrapCause cause) {
  switch (cause) {
    case TrapCause::kInstructionMisaligned:
      return "instruction address misaligned";
    case TrapCause::kInstructionAccessFault:
      return "instruction access fault";
    case TrapCause::kIllegalInstruction:
      return "illegal instruction";
    case TrapCause::kBreakpoint:
      return "breakpoint (ebreak)";
    case TrapCause::kLoadMisaligned:
      return "load address misaligned";
    case TrapCause::kLoadAccessFault:
      return "load access fault";
    case TrapCause::kStoreMisaligned:
      return "store address misaligned";
    case TrapCause::kStoreAccessFault:
      return "store access fault";
    case TrapCause::kEcallFromM:
      return "environment call (ecall)";
  }
  return "trap";
}

Rv32Core::Rv32Core(const CoreConfig& config, MemoryIf& memory, CfuIf& cfu)
    : m_config(config),
      m_memory(memory),
      m_cached(dynamic_cast<CachedMemory*>(&memory)),
      m_cfu(&cfu),
      m_timing(config.timing) {}

Rv32Core::~Rv32Core() = default;

void Rv32Core::reset(uint32_t pc) {
  m_x.fill(0);
  m_timing.reset();
  m_pc = pc;
  m_instret = 0;
  m_halted = false;
  m_halt_message.clear();
  m_csr = CsrFile{};
  const uint32_t block = m_memory.fetch_block_bytes();
  m_fetch_block_mask = ~(block - 1);
  m_current_fetch_block = 1;
  m_trace_fetches = m_memory.traces_fetches();
  m_repeated_fetch_base = 0;
  m_trapped_instructions = 0;
  m_profile.reset(m_symbols ? m_symbols->size() : 1);
  invalidate_decoded();
}

void Rv32Core::invalidate_decoded() { m_decoded.invalidate_all(); }

bool Rv32Core::decode_into(DecodedInsn& slot, uint32_t pc) {
  uint32_t word = 0;
  const uint64_t cycle = m_timing.cycle();
  if ((pc & 3) != 0) {
    // Only reachable by reset to a misaligned pc; jumps check their targets.
    trap(TrapCause::kInstructionMisaligned, pc, nullptr);
  } else if (!m_memory.fetch_word(pc, word)) {
    trap(TrapCause::kInstructionAccessFault, pc, nullptr);
  } else {
    slot = decode(word);
    slot.function = function_of(pc);
    // Straight-line code checks no function: mark where it enters a new one.
    if (pc < 4 || function_of(pc - 4) != slot.function) DecodedCache::mark_function_entry(slot);
    return true;
  }
  // A fetch fault is no instruction of any function.
  m_profile.unattributed(m_timing.cycle() - cycle);
  if (!m_halted) m_pc = m_next_pc;  // the handler
  return false;
}

uint16_t Rv32Core::function_of(uint32_t pc) const {
  const uint32_t function = m_symbols ? m_symbols->function_index(pc) : 0;
  return function <= std::numeric_limits<uint16_t>::max() ? static_cast<uint16_t>(function) : 0;
}

// Always inline: the compiler's own choice, a call from the loop's rare path, cost 8% of every
// benchmark (it happens every few instructions, at each new fetch block).
__attribute__((always_inline)) inline void Rv32Core::fetch(uint32_t pc, uint32_t block) {
  m_pc = pc;  // the I$ attributes a miss to it
  // The instructions executed since the previous block's first were fetched from it again.
  const uint64_t repeated = executed() - m_repeated_fetch_base;
  m_repeated_fetch_base = executed() + 1;
  const uint64_t cycle = m_timing.cycle();
  m_settled_cycle = cycle;  // the fetch may wait (uncached code): profile settled up to here
  const uint64_t stall = m_cached ? m_cached->fetch_stall(pc, cycle, repeated)
                                  : m_memory.fetch_stall(pc, cycle, repeated);
  m_timing.fetch(stall);
  m_profile.unattributed(stall);
  m_current_fetch_block = block;
}

std::string Rv32Core::where(uint32_t pc, const DecodedInsn* insn) const {
  std::string text = "pc " + hex32(pc);
  const std::string symbol = m_symbols ? m_symbols->describe(pc) : "";
  if (!symbol.empty()) text += " (" + symbol + ")";
  if (insn) text += ", instruction " + hex32(insn->raw) + " `" + disassemble(*insn, pc) + "`";
  text += ", cycle " + std::to_string(m_timing.cycle());
  return text;
}

void Rv32Core::trap(TrapCause cause, uint32_t tval, const DecodedInsn* insn,
                    const std::string& why) {
  m_trapped = true;
  if (!m_csr.mtvec_written) {
    std::string message = std::string(trap_cause_name(cause)) + " at " + where(m_pc, insn);
    if (!why.empty()) {
      m_halted = true;
      m_halt_message = message + ": " + why;
      m_next_pc = m_pc;
      request_stop();
      return;
    }
    if (cause != TrapCause::kIllegalInstruction && cause != TrapCause::kBreakpoint &&
        cause != TrapCause::kEcallFromM) {
      message += ", address " + hex32(tval);
      const std::string reached = m_address_namer ? m_address_namer(tval) : "";
      if (!reached.empty()) message += " (" + reached + ")";
    }
    if (cause == TrapCause::kLoadAccessFault || cause == TrapCause::kStoreAccessFault) {
      const std::string reason = m_memory.access_fault_reason();
      if (!reason.empty()) message += ": " + reason;
    }
    message += " (no trap handler: mtvec not set)";
    m_halted = true;
    m_halt_message = message;
    m_next_pc = m_pc;
    request_stop();
    return;
  }
  ++m_traps;
  m_csr.mepc = m_pc;
  m_csr.mcause = static_cast<uint32_t>(cause);
  m_csr.mtval = tval;
  const bool mie = m_csr.mstatus & csr::kMstatusMie;
  m_csr.mstatus =
      (m_csr.mstatus & ~(csr::kMstatusMie | csr::kMstatusMpie)) | (mie ? csr::kMstatusMpie : 0);
  m_next_pc = m_csr.mtvec;
  m_timing.trap_entry();
}

uint64_t Rv32Core::run(uint64_t stop_cycle) {
  m_stop_cycle = stop_cycle;
  const uint64_t start_instret = m_instret;
  if (m_observer != nullptr || m_trace_fetches) {
    run_instructions<true>();
  } else {
    run_instructions<false>();  // tracing off costs nothing per instruction
  }
  report_repeated_fetches();
  return m_instret - start_instret;
}

template <bool kObserved>
void Rv32Core::run_instructions() {
  // Books the per-function profile however the loop ends: up to now, or up to the start of
  // the instruction that halted the core (it is not counted).
  struct BookProfile {
    Rv32Core& core;
    bool halted_in_instruction = false;
    ~BookProfile() {
      core.m_in_run = false;
      core.m_profile.book(halted_in_instruction ? core.m_settled_cycle : core.m_timing.cycle(),
                          core.executed());
    }
  };
  BookProfile book{*this};
  m_in_run = true;
  // The timing model's cycle, kept in a local (a host register) while instructions run; handed
  // over wherever something else reads or moves it (PipelineTiming), and on every way out,
  // before `book` reads it.
  uint64_t cycle = m_timing.cycle();
  struct HandBack {
    PipelineTiming& timing;
    const uint64_t& cycle;
    ~HandBack() { timing.set_cycle(cycle); }
  };
  const HandBack hand_back{m_timing, cycle};

  const auto executed_so_far = [this] { return executed(); };
  // The profile learns an instruction's function where it may change: after a jump, a taken
  // branch or a trap (enter_at), and at the first instruction of a function reached in
  // sequence (a marked slot, DecodedCache::function_entry); straight-line code checks nothing.
  const auto enter_at = [&](uint32_t target) {
    DecodedInsn* slot = &m_decoded.slot(target);
    if (slot->op != DecodedCache::kEmpty) {  // else its decode enters it
      m_profile.enter(slot->function, cycle, executed_so_far);
    }
    return slot;
  };
  // Fixed while instructions run, and read by every instruction: in a local, since a store to
  // the register file (uint32_t, like the member) may alias it and GCC would reload it.
  const uint32_t fetch_block_mask = m_fetch_block_mask;
  uint32_t pc = m_pc;
  DecodedInsn* d = enter_at(pc);
  while (cycle < m_stop_cycle) {
    // m_pc is the current instruction's pc for whatever may read it: its traps and semantics, a
    // fetch's miss attribution, the observer. step() sets it for instructions that do more than
    // compute; the loop only where else it is read.
    if constexpr (kObserved) m_pc = pc;
    const DecodedInsn* insn = d;  // what executes: the slot, or its plain copy (a marked slot)
    if (__builtin_expect(DecodedCache::needs_attention(*d), 0)) {
      if (d->op == DecodedCache::kEmpty) {
        m_pc = pc;                // a fetch fault's mepc
        d = &m_decoded.slot(pc);  // `d` may be a page's end marker (DecodedCache::next_slot)
        m_timing.set_cycle(cycle);
        const bool decoded = d->op != DecodedCache::kEmpty || decode_into(*d, pc);
        cycle = m_timing.cycle();
        if (!decoded) {
          if (m_halted) return;
          pc = m_pc;  // the trap handler
          d = enter_at(pc);
          continue;
        }
        insn = d;
      }
      m_profile.enter(d->function, cycle, executed_so_far);
      if (DecodedCache::function_entry(*d)) {
        m_plain_copy = DecodedCache::plain(*d);
        insn = &m_plain_copy;
      }
    }
    const uint64_t first_cycle = cycle;
    [[maybe_unused]] StallCounters stalls_before;
    [[maybe_unused]] DecodedInsn observed;
    if constexpr (kObserved) {
      stalls_before = m_timing.stalls();
      observed = *insn;  // as fetched: a store may empty the slot while the instruction executes
      if (m_trace_fetches) m_memory.trace_fetch(pc, first_cycle);
    }
    // A repeated fetch (the same block) is counted by instruction count.
    const uint32_t block = pc & fetch_block_mask;
    if (__builtin_expect(block != m_current_fetch_block || m_timing.store_hold_pending(), 0)) {
      if (block != m_current_fetch_block) {
        if (m_cached != nullptr && m_cached->fetch_block_resident(block)) {
          m_current_fetch_block = block;  // its fetch counts with the repeated ones
        } else {
          m_timing.set_cycle(cycle);
          fetch(pc, block);
          cycle = m_timing.cycle();
        }
      }
      // Without a hand-over: after every store, the two next instructions come here.
      if (const uint64_t held = m_timing.store_hold(cycle); held != 0) {
        if (m_cached) {
          m_cached->store_hold_stalled(held);
        } else {
          m_memory.store_hold_stalled(held);
        }
        m_profile.unattributed(held);
      }
    }
    const uint64_t next = dispatch(*insn, pc, cycle);
    if (next == kHalted) {
      book.halted_in_instruction = true;
      --m_repeated_fetch_base;  // it was fetched: counts as a repeated fetch unless first
      return;
    }
    if constexpr (kObserved) {
      m_timing.set_cycle(cycle);
      if (m_observer != nullptr) notify_observer(observed, first_cycle, stalls_before);
      // Instructions that never trap do not clear the flag (step), and the observer must not
      // see a trap carried over to the handler's first instruction.
      m_trapped = false;
    }
    d = next == pc + 4 ? &m_decoded.next_slot(*d) : enter_at(static_cast<uint32_t>(next));
    pc = static_cast<uint32_t>(next);
  }
  m_pc = pc;
}

void Rv32Core::settle_profile() {
  if (m_in_run) m_profile.book(m_settled_cycle, executed());
}

void Rv32Core::report_repeated_fetches() {
  const uint64_t repeated = executed() - m_repeated_fetch_base;
  m_repeated_fetch_base = executed();
  if (repeated != 0) m_memory.count_repeated_fetches(repeated);
}

void Rv32Core::notify_observer(const DecodedInsn& d, uint64_t first_cycle,
                               const StallCounters& before) {
  const StallCounters& a = m_timing.stalls();
  const StallCounters delta{a.branch - before.branch,   a.load_use - before.load_use,
                            a.mul_div - before.mul_div, a.fetch - before.fetch,
                            a.data - before.data,       a.cfu - before.cfu,
                            a.csr - before.csr,         a.trap - before.trap};
  m_observer->on_instruction({first_cycle, m_timing.cycle(), m_pc, &d, delta, m_trapped});
}

void Rv32Core::csr_op(const DecodedInsn& d) {
  const uint16_t number = d.aux;
  // funct3: bit 2 = immediate form (zimm), bits 1:0 = 1 write, 2 set, 3 clear.
  const uint32_t funct3 = (d.raw >> 12) & 7;
  const bool immediate = (funct3 & 4) != 0;
  const uint32_t kind = funct3 & 3;
  const uint32_t operand = immediate ? static_cast<uint32_t>(d.imm) : m_x[d.rs1];
  // csrrs/csrrc with rs1 = x0 (or zimm = 0) only read; csrrw with rd = x0 only writes.
  const bool writes = kind == 1 || (immediate ? d.imm != 0 : d.rs1 != 0);
  const bool reads = kind != 1 || d.rd != 0;
  m_timing.csr_access();
  const uint64_t now = m_timing.cycle();
  uint32_t old = 0;
  if (!m_csr.read(number, now, m_instret, old) && (reads || writes)) {
    trap(TrapCause::kIllegalInstruction, d.raw, &d);
    return;
  }
  if (writes) {
    uint32_t value = operand;
    if (kind == 2) value = old | operand;
    if (kind == 3) value = old & ~operand;
    if (!m_csr.write(number, value, now, m_instret)) {
      trap(TrapCause::kIllegalInstruction, d.raw, &d);
      return;
    }
  }
  if (d.rd != 0) m_x[d.rd] = old;
}

void Rv32Core::cfu_op(const DecodedInsn& d) {
  const CfuIf::Result r = m_cfu->execute(d.aux, m_x[d.rs1], m_x[d.rs2], m_timing.cycle());
  if (r.status == CfuIf::Result::Status::kIllegalInstruction) {
    trap(TrapCause::kIllegalInstruction, d.raw, &d, r.error);
    return;
  }
  if (r.status == CfuIf::Result::Status::kError) {
    m_timing.cfu_gave_up(r.response_cycle);
    m_trapped = true;  // it does not retire
    m_halted = true;
    m_halt_message = "CFU error: " + r.error + " at " + where(m_pc, &d);
    request_stop();
    return;
  }
  ++m_cfu_ops;
  m_timing.cfu_answered(r.accept_cycle, r.response_cycle, d.rd);
  m_x[d.rd] = r.value;
}

}  // namespace accsim::cpu
