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
      m_timing(config.timing),
      m_pages(size_t{1} << (32 - kPageBits)) {}

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
  text += ", cycle " + std::to_string(m_timing.cycle());
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
  m_timing.trap_entry();
}

uint64_t Rv32Core::run(uint64_t stop_cycle) {
  m_stop_cycle = stop_cycle;
  const uint64_t start_instret = m_instret;
  while (m_timing.cycle() < m_stop_cycle) {
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
    const uint64_t first_cycle = m_timing.cycle();
    StallCounters stalls_before;
    if (m_observer) stalls_before = m_timing.stalls();
    if (m_trace_fetches) m_memory.trace_fetch(m_pc, first_cycle);
    const uint32_t block = m_pc & m_fetch_block_mask;
    if (block != m_current_fetch_block) {
      report_repeated_fetches();
      m_timing.fetch(m_memory.fetch_stall(m_pc, first_cycle));
      m_current_fetch_block = block;
    } else {
      ++m_repeated_fetches;
    }
    if (const uint64_t held = m_timing.store_hold(); held != 0) m_memory.store_hold_stalled(held);
    const uint64_t begin = m_timing.cycle();
    m_next_pc = m_pc + 4;
    dispatch(d);
    if (m_halted) break;
    m_func_cycles[d.function] += m_timing.cycle() - begin;
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
  const StallCounters& a = m_timing.stalls();
  const StallCounters delta{a.branch - before.branch,   a.load_use - before.load_use,
                            a.mul_div - before.mul_div, a.fetch - before.fetch,
                            a.data - before.data,       a.cfu - before.cfu,
                            a.csr - before.csr,         a.trap - before.trap};
  m_observer->on_instruction({first_cycle, m_timing.cycle(), m_pc, &d, delta, m_trapped});
}

void Rv32Core::branch(const DecodedInsn& d, bool taken) {
  m_timing.conditional_branch(m_pc, d.imm, taken);
  if (taken) jump(d, m_pc + static_cast<uint32_t>(d.imm));
}

void Rv32Core::jump(const DecodedInsn& d, uint32_t target) {
  if (target & 3) {
    trap(TrapCause::kInstructionMisaligned, target, &d);
    return;
  }
  m_next_pc = target;
}

void Rv32Core::load(const DecodedInsn& d, unsigned size, bool sign) {
  const uint32_t addr = m_x[d.rs1] + static_cast<uint32_t>(d.imm);
  if ((addr & (size - 1)) != 0 && m_config.trap_misaligned) {
    trap(TrapCause::kLoadMisaligned, addr, &d);
    return;
  }
  uint32_t value = 0;
  uint64_t stall = 0;
  if (!m_memory.load(addr, size, m_timing.cycle(), value, stall)) {
    trap(TrapCause::kLoadAccessFault, addr, &d);
    return;
  }
  if (sign) {
    const unsigned shift = 32 - 8 * size;
    value = static_cast<uint32_t>(static_cast<int32_t>(value << shift) >> shift);
  }
  m_timing.data_stall(stall);
  m_x[d.rd] = value;
}

void Rv32Core::store(const DecodedInsn& d, unsigned size) {
  const uint32_t addr = m_x[d.rs1] + static_cast<uint32_t>(d.imm);
  if ((addr & (size - 1)) != 0 && m_config.trap_misaligned) {
    trap(TrapCause::kStoreMisaligned, addr, &d);
    return;
  }
  uint64_t stall = 0;
  if (!m_memory.store(addr, size, m_x[d.rs2], m_timing.cycle(), stall)) {
    trap(TrapCause::kStoreAccessFault, addr, &d);
    return;
  }
  m_timing.data_stall(stall);
  m_timing.store_release(m_memory.take_store_release());
  invalidate_code_word(addr);
  if (size == 4 && (addr & 3)) invalidate_code_word(addr + 3);
  if (size == 2 && (addr & 3) == 3) invalidate_code_word(addr + 1);
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
    trap(TrapCause::kIllegalInstruction, d.raw, &d);
    return;
  }
  if (r.status == CfuIf::Result::Status::kError) {
    m_timing.cfu_gave_up(r.response_cycle);
    m_halted = true;
    m_halt_message = "CFU error: " + r.error + " at " + where(m_pc, &d);
    request_stop();
    return;
  }
  ++m_cfu_ops;
  m_timing.cfu_answered(r.accept_cycle, r.response_cycle, d.rd);
  m_x[d.rd] = r.value;
}

void Rv32Core::dispatch(const DecodedInsn& d) {
  switch (d.op) {
#define ACCSIM_RV32_INSN(op, ...) \
  case Op::op:                    \
    return step<Op::op>(d);
#include "rv32_insns.def"
#undef ACCSIM_RV32_INSN
    case Op::kIllegal:
      break;
  }
  step<Op::kIllegal>(d);
}

template <Op kOp>
inline void Rv32Core::step(const DecodedInsn& d) {
  static constexpr InsnInfo kInfo = instruction_info(kOp);
  m_timing.wait_for_operands<kInfo.reads_rs1, kInfo.reads_rs2>(d.rs1, d.rs2);
  m_trapped = false;
  execute<kOp>(d);
  if (m_halted) return;
  m_x[0] = 0;
  if (m_trapped) {
    m_timing.issue();
  } else {
    m_timing.retire<kInfo.timing>(d.rd);
    ++m_instret;
  }
}

template <Op kOp>
inline void Rv32Core::execute(const DecodedInsn& d) {
  uint32_t* x = m_x.data();
  const uint32_t a = x[d.rs1];
  const uint32_t b = x[d.rs2];
  const int32_t sa = static_cast<int32_t>(a);
  const int32_t sb = static_cast<int32_t>(b);
  const uint32_t imm = static_cast<uint32_t>(d.imm);
  switch (kOp) {
    case Op::kLui:
      x[d.rd] = imm;
      break;
    case Op::kAuipc:
      x[d.rd] = m_pc + imm;
      break;
    case Op::kJal:
      jump(d, m_pc + imm);
      if (!m_trapped) x[d.rd] = m_pc + 4;
      break;
    case Op::kJalr:
      jump(d, (a + imm) & ~1u);
      if (!m_trapped) x[d.rd] = m_pc + 4;
      break;
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
      if (kOp == Op::kMul) {
        r = a * b;
      } else if (kOp == Op::kMulh) {
        r = static_cast<uint32_t>((int64_t{sa} * int64_t{sb}) >> 32);
      } else if (kOp == Op::kMulhsu) {
        r = static_cast<uint32_t>((int64_t{sa} * static_cast<int64_t>(uint64_t{b})) >> 32);
      } else {
        r = static_cast<uint32_t>((uint64_t{a} * uint64_t{b}) >> 32);
      }
      x[d.rd] = r;
      break;
    }
    case Op::kDiv:
    case Op::kDivu:
    case Op::kRem:
    case Op::kRemu: {
      uint32_t r;
      switch (kOp) {
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
      m_timing.data_stall(m_memory.flush_dcache(m_timing.cycle()));
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
      break;
    }
    case Op::kWfi:
      m_memory.wait_for_interrupt(m_timing.cycle());
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
