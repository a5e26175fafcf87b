// RV32IM + Zicsr + Zifencei + machine-mode system instructions + custom-0, decoded once per
// instruction address into a compact form the interpreter switches on.
#pragma once

#include <cstdint>
#include <string>

namespace accsim::cpu {

enum class Op : uint8_t {
  kIllegal,
  kLui,
  kAuipc,
  kJal,
  kJalr,
  kBeq,
  kBne,
  kBlt,
  kBge,
  kBltu,
  kBgeu,
  kLb,
  kLh,
  kLw,
  kLbu,
  kLhu,
  kSb,
  kSh,
  kSw,
  kAddi,
  kSlti,
  kSltiu,
  kXori,
  kOri,
  kAndi,
  kSlli,
  kSrli,
  kSrai,
  kAdd,
  kSub,
  kSll,
  kSlt,
  kSltu,
  kXor,
  kSrl,
  kSra,
  kOr,
  kAnd,
  kMul,
  kMulh,
  kMulhsu,
  kMulhu,
  kDiv,
  kDivu,
  kRem,
  kRemu,
  kFence,
  kFenceI,
  kEcall,
  kEbreak,
  kMret,
  kWfi,
  kCsrrw,
  kCsrrs,
  kCsrrc,
  kCsrrwi,
  kCsrrsi,
  kCsrrci,
  kCustom0,
  kFlushDcache,  // VexRiscv/LiteX flush_cpu_dcache: MISC-MEM funct3 = 5 (0x0000500F)
};

struct DecodedInsn {
  Op op = Op::kIllegal;
  uint8_t rd = 0;
  uint8_t rs1 = 0;  // for CSR immediate forms: the zimm value
  uint8_t rs2 = 0;
  int32_t imm = 0;
  uint16_t aux = 0;       // CSR number, or the CFU function_id = {funct7, funct3}
  uint16_t function = 0;  // SymbolTable index of the enclosing function (0 = unknown)
  uint32_t raw = 0;
};
static_assert(sizeof(DecodedInsn) == 16, "keep decoded instructions compact");

DecodedInsn decode(uint32_t raw);

// "addi a0, a0, 1" style text (ABI register names), for diagnostics.
std::string disassemble(const DecodedInsn& insn, uint32_t pc);
const char* register_name(unsigned index);

// Instruction classes the timing model cares about.
inline bool is_load(Op op) { return op >= Op::kLb && op <= Op::kLhu; }
inline bool is_store(Op op) { return op >= Op::kSb && op <= Op::kSw; }
inline bool is_branch(Op op) { return op >= Op::kBeq && op <= Op::kBgeu; }
inline bool is_multiply(Op op) { return op >= Op::kMul && op <= Op::kMulhu; }
inline bool is_divide(Op op) { return op >= Op::kDiv && op <= Op::kRemu; }
inline bool is_csr(Op op) { return op >= Op::kCsrrw && op <= Op::kCsrrci; }

}  // namespace accsim::cpu
