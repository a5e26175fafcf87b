// The instructions' functional semantics (execute<Op>: one switch over every Op) and the
// per-instruction path around them (step<Op>: operands, semantics, timing class; dispatch:
// the switch from a decoded instruction into its step). Part of Rv32Core, included by
// rv32_core.cpp only: everything here is inlined into the instruction loop, so an instruction
// costs one dispatch and no calls unless it leaves the core (memory, CSRs, the CFU).
#pragma once

#include "cached_memory.h"
#include "rv32_core.h"

#define ACCSIM_ALWAYS_INLINE inline __attribute__((always_inline))

namespace accsim::cpu {

ACCSIM_ALWAYS_INLINE void Rv32Core::trap(TrapCause cause, uint32_t tval, const DecodedInsn* insn,
                                         uint64_t& cycle) {
  m_timing.set_cycle(cycle);
  trap(cause, tval, insn);
  cycle = m_timing.cycle();
}

ACCSIM_ALWAYS_INLINE void Rv32Core::branch(const DecodedInsn& d, bool taken, uint64_t& cycle) {
  m_timing.conditional_branch(m_pc, d.imm, taken);
  if (taken) jump(d, m_pc + static_cast<uint32_t>(d.imm), cycle);
}

ACCSIM_ALWAYS_INLINE void Rv32Core::jump(const DecodedInsn& d, uint32_t target, uint64_t& cycle) {
  if (target & 3) {
    trap(TrapCause::kInstructionMisaligned, target, &d, cycle);
    return;
  }
  m_next_pc = target;
}

ACCSIM_ALWAYS_INLINE void Rv32Core::load(const DecodedInsn& d, unsigned size, bool sign,
                                         uint64_t& cycle) {
  const uint32_t addr = m_x[d.rs1] + static_cast<uint32_t>(d.imm);
  if ((addr & (size - 1)) != 0 && m_config.trap_misaligned) {
    trap(TrapCause::kLoadMisaligned, addr, &d, cycle);
    return;
  }
  uint32_t value = 0;
  uint64_t stall = 0;
  m_timing.set_cycle(cycle);  // an uncached load may wait, and others read the core's cycle
  if (!(m_cached ? m_cached->load(addr, size, cycle, value, stall)
                 : m_memory.load(addr, size, cycle, value, stall))) {
    trap(TrapCause::kLoadAccessFault, addr, &d, cycle);
    return;
  }
  if (sign) {
    const unsigned shift = 32 - 8 * size;
    value = static_cast<uint32_t>(static_cast<int32_t>(value << shift) >> shift);
  }
  m_timing.data_stall(stall, cycle);
  m_x[d.rd] = value;
}

ACCSIM_ALWAYS_INLINE void Rv32Core::store(const DecodedInsn& d, unsigned size, uint64_t& cycle) {
  const uint32_t addr = m_x[d.rs1] + static_cast<uint32_t>(d.imm);
  if ((addr & (size - 1)) != 0 && m_config.trap_misaligned) {
    trap(TrapCause::kStoreMisaligned, addr, &d, cycle);
    return;
  }
  uint64_t stall = 0;
  const uint32_t value = m_x[d.rs2];
  m_timing.set_cycle(cycle);  // an uncached store may wait, and others read the core's cycle
  if (!(m_cached ? m_cached->store(addr, size, value, cycle, stall)
                 : m_memory.store(addr, size, value, cycle, stall))) {
    trap(TrapCause::kStoreAccessFault, addr, &d, cycle);
    return;
  }
  m_timing.data_stall(stall, cycle);
  m_timing.store_release(m_cached ? m_cached->take_store_release() : m_memory.take_store_release());
  m_decoded.invalidate(addr, size);
}

template <Op kOp>
ACCSIM_ALWAYS_INLINE void Rv32Core::execute(const DecodedInsn& d, uint32_t pc, uint64_t& cycle) {
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
      x[d.rd] = pc + imm;
      break;
    case Op::kJal:
      jump(d, m_pc + imm, cycle);
      if (!m_trapped) x[d.rd] = m_pc + 4;
      break;
    case Op::kJalr:
      jump(d, (a + imm) & ~1u, cycle);
      if (!m_trapped) x[d.rd] = m_pc + 4;
      break;
    case Op::kBeq:
      branch(d, a == b, cycle);
      break;
    case Op::kBne:
      branch(d, a != b, cycle);
      break;
    case Op::kBlt:
      branch(d, sa < sb, cycle);
      break;
    case Op::kBge:
      branch(d, sa >= sb, cycle);
      break;
    case Op::kBltu:
      branch(d, a < b, cycle);
      break;
    case Op::kBgeu:
      branch(d, a >= b, cycle);
      break;
    case Op::kLb:
      load(d, 1, true, cycle);
      break;
    case Op::kLh:
      load(d, 2, true, cycle);
      break;
    case Op::kLw:
      load(d, 4, false, cycle);
      break;
    case Op::kLbu:
      load(d, 1, false, cycle);
      break;
    case Op::kLhu:
      load(d, 2, false, cycle);
      break;
    case Op::kSb:
      store(d, 1, cycle);
      break;
    case Op::kSh:
      store(d, 2, cycle);
      break;
    case Op::kSw:
      store(d, 4, cycle);
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
      m_timing.set_cycle(cycle);
      m_timing.data_stall(m_memory.flush_dcache(cycle), cycle);
      break;
    }
    case Op::kEcall:
      trap(TrapCause::kEcallFromM, 0, &d, cycle);
      break;
    case Op::kEbreak:
      trap(TrapCause::kBreakpoint, m_pc, &d, cycle);
      break;
    case Op::kMret: {
      const bool mpie = m_csr.mstatus & csr::kMstatusMpie;
      m_csr.mstatus =
          (m_csr.mstatus & ~csr::kMstatusMie) | (mpie ? csr::kMstatusMie : 0) | csr::kMstatusMpie;
      m_next_pc = m_csr.mepc;
      break;
    }
    case Op::kWfi:
      m_timing.set_cycle(cycle);  // it waits, and others read the core's cycle
      m_memory.wait_for_interrupt(cycle);
      break;
    case Op::kCsrrw:
    case Op::kCsrrs:
    case Op::kCsrrc:
    case Op::kCsrrwi:
    case Op::kCsrrsi:
    case Op::kCsrrci:
      m_timing.set_cycle(cycle);
      csr_op(d);
      cycle = m_timing.cycle();
      break;
    case Op::kCustom0:
      m_timing.set_cycle(cycle);
      cfu_op(d);
      cycle = m_timing.cycle();
      break;
    default:
      trap(TrapCause::kIllegalInstruction, d.raw, &d, cycle);
      break;
  }
}

namespace {
// Instructions that only compute: they never trap, jump, halt or leave the core (no memory,
// CSR or CFU access), and read the pc only as step's argument.
constexpr bool computes_only(Op op) {
  const TimingClass timing = instruction_info(op).timing;
  return timing == TimingClass::kAlu || timing == TimingClass::kShift ||
         timing == TimingClass::kMultiply || timing == TimingClass::kDivide;
}
// Instructions that never trap, jump or halt: the next one is always at pc + 4.
constexpr bool falls_through(Op op) {
  return computes_only(op) || op == Op::kFence || op == Op::kFenceI || op == Op::kWfi ||
         op == Op::kFlushDcache;
}
}  // namespace

template <Op kOp>
ACCSIM_ALWAYS_INLINE uint64_t Rv32Core::step(const DecodedInsn& d, uint32_t pc, uint64_t& cycle) {
  static constexpr InsnInfo kInfo = instruction_info(kOp);
  if constexpr (!computes_only(kOp)) {
    // What its traps, the memory's miss attribution and the profile (settle_profile, a halt
    // during the instruction: its cycles count from here) need; an instruction that only
    // computes needs neither.
    m_pc = pc;
    m_settled_cycle = cycle;
  }
  m_timing.wait_for_operands<kInfo.reads_rs1, kInfo.reads_rs2>(d.rs1, d.rs2, cycle);
  if constexpr (falls_through(kOp)) {
    execute<kOp>(d, pc, cycle);
    m_x[0] = 0;
    m_timing.retire<kInfo.timing>(d.rd, cycle);
    ++m_instret;
    return pc + 4;
  } else {
    m_next_pc = pc + 4;
    m_trapped = false;
    execute<kOp>(d, pc, cycle);
    if (__builtin_expect(m_trapped, 0)) {
      if (m_halted) return kHalted;
      ++m_trapped_instructions;
      PipelineTiming::issue(cycle);
      return m_next_pc;
    }
    m_x[0] = 0;
    m_timing.retire<kInfo.timing>(d.rd, cycle);
    if constexpr (kInfo.timing == TimingClass::kBranch ||
                  kInfo.timing == TimingClass::kJumpIndirect) {
      // Redirected from Execute while the fetch had moved on into the next I$ line: VexRiscv's
      // I$ finishes that line's refill before the jump's target is fetched (docs/timing.md).
      if (((pc + 4) & ~m_fetch_block_mask) == 0 && m_next_pc != pc + 4 && m_cached != nullptr &&
          (kInfo.timing == TimingClass::kJumpIndirect || m_timing.branch_redirected_in_execute()) &&
          (m_next_pc & m_fetch_block_mask) != pc + 4) {
        m_timing.set_cycle(cycle);
        m_timing.fall_through_refill(m_cached->fetch_fall_through(pc + 4, cycle), cycle);
      }
    }
    ++m_instret;
    return m_next_pc;
  }
}

ACCSIM_ALWAYS_INLINE uint64_t Rv32Core::dispatch(const DecodedInsn& d, uint32_t pc,
                                                 uint64_t& cycle) {
  switch (d.op) {
#define ACCSIM_RV32_INSN(op, ...) \
  case Op::op:                    \
    return step<Op::op>(d, pc, cycle);
#include "rv32_insns.def"
#undef ACCSIM_RV32_INSN
    case Op::kIllegal:
      break;
    default:
      // Every decoded op has its case (a slot is decoded before it is dispatched): telling the
      // compiler so drops the jump table's range check from every instruction.
      __builtin_unreachable();
  }
  return step<Op::kIllegal>(d, pc, cycle);
}

}  // namespace accsim::cpu
