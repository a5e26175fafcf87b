#include "rv32_core.h"

#include <cstdio>
#include <limits>

namespace accsim::cpu {

namespace {
constexpr Op kUndecoded = static_cast<Op>(0xFF);

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

struct Rv32Core::DecodedPage {
  DecodedInsn slots[1u << (kPageBits - 2)];
  DecodedPage() {
    for (auto& s : slots) s.op = kUndecoded;
  }
};

Rv32Core::Rv32Core(const CoreConfig& config, MemoryIf& memory, CfuIf& cfu)
    : m_config(config),
      m_memory(memory),
      m_cfu(&cfu),
      m_predictor(config.timing),
      m_pages(size_t{1} << (32 - kPageBits)) {}

Rv32Core::~Rv32Core() = default;

void Rv32Core::reset(uint32_t pc) {
  m_x.fill(0);
  m_ready.fill(0);
  m_pc = pc;
  m_cycle = 0;
  m_store_hold = {0, 0};
  m_cfu_since_csr = false;
  m_bubbles = 0;
  m_bubbles_end = 0;
  m_instret = 0;
  m_halted = false;
  m_halt_message.clear();
  m_csr = CsrFile{};
  m_stalls = {};
  m_branches = {};
  const uint32_t block = m_memory.fetch_block_bytes();
  m_fetch_block_mask = ~(block - 1);
  m_current_fetch_block = 1;
  m_trace_fetches = m_memory.traces_fetches();
  m_repeated_fetches = 0;
  const size_t functions = m_symbols ? m_symbols->size() : 1;
  m_func_cycles.assign(functions, 0);
  m_func_instret.assign(functions, 0);
  invalidate_decoded();
}

void Rv32Core::invalidate_decoded() {
  for (auto& page : m_pages) page.reset();
}

void Rv32Core::invalidate_code_word(uint32_t address) {
  DecodedPage* page = m_pages[address >> kPageBits].get();
  if (page) page->slots[(address >> 2) & ((1u << (kPageBits - 2)) - 1)].op = kUndecoded;
}

bool Rv32Core::decode_slot(DecodedInsn& slot, uint32_t pc) {
  uint32_t word = 0;
  if (!m_memory.fetch_word(pc, word)) return false;
  slot = decode(word);
  uint32_t function = m_symbols ? m_symbols->function_index(pc) : 0;
  slot.function = function <= std::numeric_limits<uint16_t>::max() ? function : 0;
  return true;
}

Rv32Core::DecodedPage* Rv32Core::new_page(uint32_t pc) {
  auto& page = m_pages[pc >> kPageBits];
  page = std::make_unique<DecodedPage>();
  return page.get();
}

inline DecodedInsn& Rv32Core::decoded_at(uint32_t pc) {
  DecodedPage* page = m_pages[pc >> kPageBits].get();
  if (__builtin_expect(page == nullptr, 0)) page = new_page(pc);  // off the hot path
  return page->slots[(pc >> 2) & ((1u << (kPageBits - 2)) - 1)];
}

std::string Rv32Core::where(uint32_t pc, const DecodedInsn* insn) const {
  std::string text = "pc " + hex32(pc);
  const std::string symbol = m_symbols ? m_symbols->describe(pc) : "";
  if (!symbol.empty()) text += " (" + symbol + ")";
  if (insn) text += ", instruction " + hex32(insn->raw) + " `" + disassemble(*insn, pc) + "`";
  text += ", cycle " + std::to_string(m_cycle);
  return text;
}

void Rv32Core::trap(TrapCause cause, uint32_t tval, const DecodedInsn* insn) {
  m_trapped = true;
  if (!m_csr.mtvec_written) {
    std::string message = std::string(trap_cause_name(cause)) + " at " + where(m_pc, insn);
    if (cause != TrapCause::kIllegalInstruction && cause != TrapCause::kBreakpoint &&
        cause != TrapCause::kEcallFromM) {
      message += ", address " + hex32(tval);
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
  m_cycle += m_config.timing.trap_cycles;
  m_stalls.trap += m_config.timing.trap_cycles;
}

uint64_t Rv32Core::run(uint64_t stop_cycle) {
  m_stop_cycle = stop_cycle;
  const uint64_t start_instret = m_instret;
  while (m_cycle < m_stop_cycle) {
    DecodedInsn& slot = decoded_at(m_pc);
    if (slot.op == kUndecoded) {
      if ((m_pc & 3) != 0) {
        // Only reachable by reset to a misaligned pc; jumps check their targets.
        trap(TrapCause::kInstructionMisaligned, m_pc, nullptr);
        if (m_halted) break;
        m_pc = m_next_pc;
        continue;
      }
      if (!decode_slot(slot, m_pc)) {
        slot.op = kUndecoded;
        trap(TrapCause::kInstructionAccessFault, m_pc, nullptr);
        if (m_halted) break;
        m_pc = m_next_pc;
        continue;
      }
    }
    const DecodedInsn d = slot;  // a store may invalidate the slot while executing
    const uint64_t first_cycle = m_cycle;
    StallCounters stalls_before;
    if (m_observer) stalls_before = m_stalls;
    if (m_trace_fetches) m_memory.trace_fetch(m_pc, m_cycle);
    const uint32_t block = m_pc & m_fetch_block_mask;
    if (block != m_current_fetch_block) {
      report_repeated_fetches();
      const uint64_t stall = m_memory.fetch_stall(m_pc, m_cycle);
      m_cycle += stall;
      m_stalls.fetch += stall;
      m_current_fetch_block = block;
    } else {
      ++m_repeated_fetches;
    }
    if ((m_store_hold[0] | m_store_hold[1]) != 0) apply_store_hold();
    const uint64_t begin = m_cycle;
    m_next_pc = m_pc + 4;
    m_trapped = false;
    execute(d);
    if (m_halted) break;
    m_x[0] = 0;
    m_cycle += 1;  // the issue cycle every instruction occupies
    if (!m_trapped) ++m_instret;
    m_func_cycles[d.function] += m_cycle - begin;
    ++m_func_instret[d.function];
    if (m_observer) notify_observer(d, first_cycle, stalls_before);
    m_pc = m_next_pc;
  }
  report_repeated_fetches();
  return m_instret - start_instret;
}

void Rv32Core::report_repeated_fetches() {
  if (m_repeated_fetches == 0) return;
  m_memory.count_repeated_fetches(m_repeated_fetches);
  m_repeated_fetches = 0;
}

void Rv32Core::notify_observer(const DecodedInsn& d, uint64_t first_cycle,
                               const StallCounters& before) {
  const StallCounters& a = m_stalls;
  const StallCounters delta{a.branch - before.branch,   a.load_use - before.load_use,
                            a.mul_div - before.mul_div, a.fetch - before.fetch,
                            a.data - before.data,       a.cfu - before.cfu,
                            a.csr - before.csr,         a.trap - before.trap};
  m_observer->on_instruction({first_cycle, m_cycle, m_pc, &d, delta, m_trapped});
}

void Rv32Core::apply_store_hold() {
  if (m_store_hold[0] > m_cycle) {
    const uint64_t stall = m_store_hold[0] - m_cycle;
    m_cycle = m_store_hold[0];
    m_stalls.data += stall;
    m_memory.store_hold_stalled(stall);
  }
  m_store_hold[0] = m_store_hold[1];
  m_store_hold[1] = 0;
}

uint32_t Rv32Core::operand_ready_stall(const DecodedInsn& d) {
  const uint64_t ready = std::max(m_ready[d.rs1], m_ready[d.rs2]);
  return ready > m_cycle ? static_cast<uint32_t>(ready - m_cycle) : 0;
}

void Rv32Core::branch(const DecodedInsn& d, bool taken) {
  ++m_branches.conditional;
  const bool predicted = m_predictor.predict_and_update(m_pc, d.imm, taken);
  uint32_t penalty = 0;
  if (predicted != taken) {
    ++m_branches.mispredicted;
    penalty = m_config.timing.mispredict_penalty;
  } else if (taken) {
    penalty = m_config.timing.taken_penalty;
  }
  if (taken) {
    ++m_branches.taken;
    const uint32_t target = m_pc + static_cast<uint32_t>(d.imm);
    if (target & 3) {
      trap(TrapCause::kInstructionMisaligned, target, &d);
      return;
    }
    m_next_pc = target;
  }
  m_cycle += penalty;
  m_stalls.branch += penalty;
  m_bubbles = penalty;
  m_bubbles_end = m_cycle + 1;
}

void Rv32Core::load(const DecodedInsn& d, unsigned size, bool sign) {
  const uint32_t addr = m_x[d.rs1] + static_cast<uint32_t>(d.imm);
  if ((addr & (size - 1)) != 0 && m_config.trap_misaligned) {
    trap(TrapCause::kLoadMisaligned, addr, &d);
    return;
  }
  uint32_t value = 0;
  uint64_t stall = 0;
  if (!m_memory.load(addr, size, m_cycle, value, stall)) {
    trap(TrapCause::kLoadAccessFault, addr, &d);
    return;
  }
  if (sign) {
    const unsigned shift = 32 - 8 * size;
    value = static_cast<uint32_t>(static_cast<int32_t>(value << shift) >> shift);
  }
  m_cycle += stall;
  m_stalls.data += stall;
  if (d.rd != 0) {
    m_x[d.rd] = value;
    m_ready[d.rd] = m_cycle + 1 + m_config.timing.load_use_stall;
    m_producer[d.rd] = Producer::kLoad;
  }
}

void Rv32Core::store(const DecodedInsn& d, unsigned size) {
  const uint32_t addr = m_x[d.rs1] + static_cast<uint32_t>(d.imm);
  if ((addr & (size - 1)) != 0 && m_config.trap_misaligned) {
    trap(TrapCause::kStoreMisaligned, addr, &d);
    return;
  }
  uint64_t stall = 0;
  if (!m_memory.store(addr, size, m_x[d.rs2], m_cycle, stall)) {
    trap(TrapCause::kStoreAccessFault, addr, &d);
    return;
  }
  m_cycle += stall;
  m_stalls.data += stall;
  if (const uint64_t release = m_memory.take_store_release(); release != 0) {
    // The next instruction issues behind the store; the one after waits for the release.
    m_store_hold[1] = std::max(m_store_hold[1], release);
  }
  invalidate_code_word(addr);
  if (size == 4 && (addr & 3)) invalidate_code_word(addr + 3);
  if (size == 2 && (addr & 3) == 3) invalidate_code_word(addr + 1);
}

void Rv32Core::csr_op(const DecodedInsn& d) {
  const uint16_t number = d.aux;
  const bool immediate = d.op >= Op::kCsrrwi;
  const uint32_t operand = immediate ? static_cast<uint32_t>(d.imm) : m_x[d.rs1];
  const Op kind = immediate ? static_cast<Op>(static_cast<int>(d.op) - 3) : d.op;
  // csrrs/csrrc with rs1 = x0 (or zimm = 0) only read; csrrw with rd = x0 only writes.
  const bool writes = kind == Op::kCsrrw || (immediate ? d.imm != 0 : d.rs1 != 0);
  const bool reads = kind != Op::kCsrrw || d.rd != 0;
  // A CSR instruction accesses its register csr_cycles - 1 cycles after the previous
  // instruction finished executing; the bubbles of a taken branch or jump right before it
  // overlap with that wait (measured: 100 mispredicted bne read 301, not 303).
  uint64_t previous_end = m_cycle;
  if (m_cycle == m_bubbles_end) previous_end -= m_bubbles;
  const uint64_t wait_until =
      previous_end + (m_config.timing.csr_cycles > 1 ? m_config.timing.csr_cycles - 1 : 0);
  if (wait_until > m_cycle) {
    m_stalls.csr += wait_until - m_cycle;
    m_cycle = wait_until;
  }
  if (m_cfu_since_csr) {
    // Measured on VexRiscv: the first CSR access after custom-0 ops comes cfu_csr_drain
    // cycles later still (the CFU response path drains first), whatever the CFU's latency.
    m_cfu_since_csr = false;
    m_cycle += m_config.timing.cfu_csr_drain;
    m_stalls.cfu += m_config.timing.cfu_csr_drain;
  }
  uint32_t old = 0;
  if (!m_csr.read(number, m_cycle, m_instret, old) && (reads || writes)) {
    trap(TrapCause::kIllegalInstruction, d.raw, &d);
    return;
  }
  if (writes) {
    uint32_t value = operand;
    if (kind == Op::kCsrrs) value = old | operand;
    if (kind == Op::kCsrrc) value = old & ~operand;
    if (!m_csr.write(number, value, m_cycle, m_instret)) {
      trap(TrapCause::kIllegalInstruction, d.raw, &d);
      return;
    }
  }
  if (d.rd != 0) m_x[d.rd] = old;
}

void Rv32Core::cfu_op(const DecodedInsn& d) {
  const CfuIf::Result r = m_cfu->execute(d.aux, m_x[d.rs1], m_x[d.rs2], m_cycle);
  if (r.status == CfuIf::Result::Status::kIllegalInstruction) {
    trap(TrapCause::kIllegalInstruction, d.raw, &d);
    return;
  }
  if (r.status == CfuIf::Result::Status::kError) {
    // A CFU that timed out kept the CPU waiting until then: the run ends there, not at issue.
    if (r.response_cycle > m_cycle) {
      m_stalls.cfu += r.response_cycle - m_cycle;
      m_cycle = r.response_cycle;
    }
    m_halted = true;
    m_halt_message = "CFU error: " + r.error + " at " + where(m_pc, &d);
    request_stop();
    return;
  }
  ++m_cfu_ops;
  m_cfu_since_csr = true;
  // The next instruction issues once the CFU has accepted the command and, as the response
  // is taken in the Memory stage, not before the response; dependents wait one more cycle.
  const uint64_t next =
      std::max(r.accept_cycle + 1, r.response_cycle) + m_config.timing.cfu_issue_cycles;
  const uint64_t extra = next > m_cycle + 1 ? next - (m_cycle + 1) : 0;
  m_stalls.cfu += extra;
  m_cycle += extra;
  if (d.rd != 0) {
    m_x[d.rd] = r.value;
    m_ready[d.rd] = std::max<uint64_t>(r.response_cycle + 1, next);
    m_producer[d.rd] = Producer::kCfu;
  }
}

void Rv32Core::execute(const DecodedInsn& d) {
  // Operand hazards first: the instruction cannot issue before its inputs are ready.
  const uint32_t hazard = operand_ready_stall(d);
  if (hazard != 0) {
    m_cycle += hazard;
    // Attribute the wait to what produced the late register.
    const uint8_t late = m_ready[d.rs1] >= m_ready[d.rs2] ? d.rs1 : d.rs2;
    switch (m_producer[late]) {
      case Producer::kLoad:
        m_stalls.load_use += hazard;
        break;
      case Producer::kMultiply:
        m_stalls.mul_div += hazard;
        break;
      case Producer::kCfu:
        m_stalls.cfu += hazard;
        break;
    }
  }
  uint32_t* x = m_x.data();
  const uint32_t a = x[d.rs1];
  const uint32_t b = x[d.rs2];
  const int32_t sa = static_cast<int32_t>(a);
  const int32_t sb = static_cast<int32_t>(b);
  const uint32_t imm = static_cast<uint32_t>(d.imm);
  switch (d.op) {
    case Op::kLui:
      x[d.rd] = imm;
      break;
    case Op::kAuipc:
      x[d.rd] = m_pc + imm;
      break;
    case Op::kJal: {
      const uint32_t target = m_pc + imm;
      if (target & 3) {
        trap(TrapCause::kInstructionMisaligned, target, &d);
        return;
      }
      x[d.rd] = m_pc + 4;
      m_next_pc = target;
      ++m_branches.jumps;
      const uint32_t penalty = m_predictor.predicts_jal() ? m_config.timing.taken_penalty
                                                          : m_config.timing.mispredict_penalty;
      m_cycle += penalty;
      m_stalls.branch += penalty;
      m_bubbles = penalty;
      m_bubbles_end = m_cycle + 1;
      break;
    }
    case Op::kJalr: {
      const uint32_t target = (a + imm) & ~1u;
      if (target & 3) {
        trap(TrapCause::kInstructionMisaligned, target, &d);
        return;
      }
      x[d.rd] = m_pc + 4;
      m_next_pc = target;
      ++m_branches.jumps;
      m_cycle += m_config.timing.jalr_penalty;
      m_stalls.branch += m_config.timing.jalr_penalty;
      m_bubbles = m_config.timing.jalr_penalty;
      m_bubbles_end = m_cycle + 1;
      break;
    }
    case Op::kBeq:
      branch(d, a == b);
      break;
    case Op::kBne:
      branch(d, a != b);
      break;
    case Op::kBlt:
      branch(d, sa < sb);
      break;
    case Op::kBge:
      branch(d, sa >= sb);
      break;
    case Op::kBltu:
      branch(d, a < b);
      break;
    case Op::kBgeu:
      branch(d, a >= b);
      break;
    case Op::kLb:
      load(d, 1, true);
      break;
    case Op::kLh:
      load(d, 2, true);
      break;
    case Op::kLw:
      load(d, 4, false);
      break;
    case Op::kLbu:
      load(d, 1, false);
      break;
    case Op::kLhu:
      load(d, 2, false);
      break;
    case Op::kSb:
      store(d, 1);
      break;
    case Op::kSh:
      store(d, 2);
      break;
    case Op::kSw:
      store(d, 4);
      break;
    case Op::kAddi:
      x[d.rd] = a + imm;
      break;
    case Op::kSlti:
      x[d.rd] = sa < d.imm;
      break;
    case Op::kSltiu:
      x[d.rd] = a < imm;
      break;
    case Op::kXori:
      x[d.rd] = a ^ imm;
      break;
    case Op::kOri:
      x[d.rd] = a | imm;
      break;
    case Op::kAndi:
      x[d.rd] = a & imm;
      break;
    case Op::kSlli:
      x[d.rd] = a << (imm & 31);
      break;
    case Op::kSrli:
      x[d.rd] = a >> (imm & 31);
      break;
    case Op::kSrai:
      x[d.rd] = static_cast<uint32_t>(sa >> (imm & 31));
      break;
    case Op::kAdd:
      x[d.rd] = a + b;
      break;
    case Op::kSub:
      x[d.rd] = a - b;
      break;
    case Op::kSll:
      x[d.rd] = a << (b & 31);
      break;
    case Op::kSlt:
      x[d.rd] = sa < sb;
      break;
    case Op::kSltu:
      x[d.rd] = a < b;
      break;
    case Op::kXor:
      x[d.rd] = a ^ b;
      break;
    case Op::kSrl:
      x[d.rd] = a >> (b & 31);
      break;
    case Op::kSra:
      x[d.rd] = static_cast<uint32_t>(sa >> (b & 31));
      break;
    case Op::kOr:
      x[d.rd] = a | b;
      break;
    case Op::kAnd:
      x[d.rd] = a & b;
      break;
    case Op::kMul:
    case Op::kMulh:
    case Op::kMulhsu:
    case Op::kMulhu: {
      uint32_t r;
      if (d.op == Op::kMul) {
        r = a * b;
      } else if (d.op == Op::kMulh) {
        r = static_cast<uint32_t>((int64_t{sa} * int64_t{sb}) >> 32);
      } else if (d.op == Op::kMulhsu) {
        r = static_cast<uint32_t>((int64_t{sa} * static_cast<int64_t>(uint64_t{b})) >> 32);
      } else {
        r = static_cast<uint32_t>((uint64_t{a} * uint64_t{b}) >> 32);
      }
      x[d.rd] = r;
      if (d.rd != 0) {
        m_ready[d.rd] = m_cycle + 1 + m_config.timing.mul_use_stall;
        m_producer[d.rd] = Producer::kMultiply;
      }
      break;
    }
    case Op::kDiv:
    case Op::kDivu:
    case Op::kRem:
    case Op::kRemu: {
      uint32_t r;
      switch (d.op) {
        case Op::kDiv:
          r = b == 0 ? ~0u : (sa == INT32_MIN && sb == -1) ? a : static_cast<uint32_t>(sa / sb);
          break;
        case Op::kDivu:
          r = b == 0 ? ~0u : a / b;
          break;
        case Op::kRem:
          r = b == 0 ? a : (sa == INT32_MIN && sb == -1) ? 0 : static_cast<uint32_t>(sa % sb);
          break;
        default:
          r = b == 0 ? a : a % b;
          break;
      }
      x[d.rd] = r;
      const uint32_t extra =
          m_config.timing.divide_cycles > 1 ? m_config.timing.divide_cycles - 1 : 0;
      m_cycle += extra;
      m_stalls.mul_div += extra;
      break;
    }
    case Op::kFence:
      break;
    case Op::kFenceI:
      m_memory.fence_i();
      invalidate_decoded();
      m_current_fetch_block = 1;
      break;
    case Op::kFlushDcache: {
      const uint64_t stall = m_memory.flush_dcache(m_cycle);
      m_cycle += stall;
      m_stalls.data += stall;
      break;
    }
    case Op::kEcall:
      trap(TrapCause::kEcallFromM, 0, &d);
      break;
    case Op::kEbreak:
      trap(TrapCause::kBreakpoint, m_pc, &d);
      break;
    case Op::kMret: {
      const bool mpie = m_csr.mstatus & csr::kMstatusMpie;
      m_csr.mstatus =
          (m_csr.mstatus & ~csr::kMstatusMie) | (mpie ? csr::kMstatusMie : 0) | csr::kMstatusMpie;
      m_next_pc = m_csr.mepc;
      m_cycle += m_config.timing.trap_cycles;
      m_stalls.trap += m_config.timing.trap_cycles;
      break;
    }
    case Op::kWfi:
      m_memory.wait_for_interrupt(m_cycle);
      break;
    case Op::kCsrrw:
    case Op::kCsrrs:
    case Op::kCsrrc:
    case Op::kCsrrwi:
    case Op::kCsrrsi:
    case Op::kCsrrci:
      csr_op(d);
      break;
    case Op::kCustom0:
      cfu_op(d);
      break;
    default:
      trap(TrapCause::kIllegalInstruction, d.raw, &d);
      break;
  }
}

}  // namespace accsim::cpu
