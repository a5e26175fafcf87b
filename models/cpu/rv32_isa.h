// The instruction set as data: the Op enum and a table with one row per instruction, both
// generated from rv32_insns.def (RV32IM + Zicsr + Zifencei + machine-mode system instructions +
// custom-0 + VexRiscv's D$ flush). The decoder, the disassembler and the timing model read
// the table; only Rv32Core::execute has a case per instruction.
#pragma once

#include <cstddef>
#include <cstdint>

namespace accsim::cpu {

// Where an instruction's immediate (DecodedInsn::imm) and aux field come from.
enum class Format : uint8_t {
  kNone,    // neither
  kR,       // neither (register-register)
  kI,       // imm = raw[31:20], sign-extended
  kShift,   // imm = shamt = raw[24:20]
  kS,       // imm = {raw[31:25], raw[11:7]}, sign-extended
  kB,       // imm = branch offset
  kU,       // imm = raw[31:12] << 12
  kJ,       // imm = jump offset
  kCsr,     // aux = CSR number raw[31:20]
  kCsrImm,  // aux = CSR number, imm = zimm raw[19:15]
  kCustom,  // aux = CFU function_id = {funct7, funct3}
};

// The VexRiscv pipeline rules an instruction follows beyond its issue cycle (PipelineTiming).
enum class TimingClass : uint8_t {
  kAlu,           // none: issues in one cycle, result bypassed to the next instruction
  kJump,          // jal: predicted taken (taken penalty), unless prediction is off
  kJumpIndirect,  // jalr: never predicted (jalr penalty)
  kBranch,        // conditional branch: the branch predictor's penalty
  kLoad,          // data-access stalls; the result is ready load_use_stall cycles late
  kStore,         // data-access stalls; a write-through store holds the Memory stage
  kShift,         // sll/srl/sra and immediates: the result is ready shift_use_stall cycles late
  kMultiply,      // the result is ready mul_use_stall cycles late
  kDivide,        // occupies the pipeline for divide_cycles
  kCsr,           // serialises the pipeline (and drains the CFU path after custom-0 ops)
  kCfu,           // waits for the CFU to accept and answer
  kTrapReturn,    // mret: flushes the pipeline (trap_cycles)
  kSystem,        // none of its own (trap entry, cache flushes and wfi report their cycles)
};

enum class Op : uint8_t {
  kIllegal,
#define ACCSIM_RV32_INSN(op, ...) op,
#include "rv32_insns.def"
#undef ACCSIM_RV32_INSN
};

namespace isa_detail {
constexpr bool mentions(const char* text, char c) {
  for (; *text != '\0'; ++text) {
    if (*text == c) return true;
  }
  return false;
}
}  // namespace isa_detail

// One row of rv32_insns.def, plus what its operands say about the register fields.
struct InsnInfo {
  Op op;
  const char* mnemonic;
  const char* operands;
  uint32_t match;
  uint32_t mask;
  Format format;
  TimingClass timing;
  bool writes_rd;
  bool reads_rs1;
  bool reads_rs2;
};

inline constexpr InsnInfo kInstructions[] = {
#define ACCSIM_RV32_INSN(op, mnemonic, operands, match, mask, format, timing) \
  {Op::op,                                                                    \
   mnemonic,                                                                  \
   operands,                                                                  \
   match,                                                                     \
   mask,                                                                      \
   Format::format,                                                            \
   TimingClass::timing,                                                       \
   isa_detail::mentions(operands, 'd'),                                       \
   isa_detail::mentions(operands, 's'),                                       \
   isa_detail::mentions(operands, 't')},
#include "rv32_insns.def"
#undef ACCSIM_RV32_INSN
};
inline constexpr size_t kInstructionCount = sizeof(kInstructions) / sizeof(kInstructions[0]);

// Op values index the table; a decoded-instruction slot uses the byte's top bit: 0xFF marks an
// empty slot, the bit on an Op a function's first instruction (DecodedCache).
static_assert(kInstructionCount < 0x7F, "every Op (with kIllegal) must fit below the top bit");

// What an undecodable word is: no fields, no timing of its own (it traps).
inline constexpr InsnInfo kIllegalInsn = {
    Op::kIllegal, "illegal", "", 0, 0, Format::kNone, TimingClass::kSystem, false, false, false};

// The row of `op` (rows are in Op order: Op value = row index + 1).
constexpr const InsnInfo& instruction_info(Op op) {
  return op == Op::kIllegal ? kIllegalInsn : kInstructions[static_cast<size_t>(op) - 1];
}

}  // namespace accsim::cpu
