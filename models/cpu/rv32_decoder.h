// Decoding and disassembly, both driven by the instruction table (rv32_isa.h): a word is
// decoded once per instruction address into a compact form the interpreter switches on.
#pragma once

#include <cstdint>
#include <string>

#include "rv32_isa.h"

namespace accsim::cpu {

struct DecodedInsn {
  Op op = Op::kIllegal;
  // Register fields the instruction does not use are 0, so the hazard check (which reads
  // both sources) never sees a false dependency on immediate bits; x0 is always ready.
  uint8_t rd = 0;
  uint8_t rs1 = 0;
  uint8_t rs2 = 0;
  int32_t imm = 0;
  uint16_t aux = 0;       // CSR number, or the CFU function_id = {funct7, funct3}
  uint16_t function = 0;  // SymbolTable index of the enclosing function (0 = unknown)
  uint32_t raw = 0;
};
static_assert(sizeof(DecodedInsn) == 16, "keep decoded instructions compact");

// The table row `raw` matches, or null (illegal instruction).
const InsnInfo* find_instruction(uint32_t raw);
DecodedInsn decode(uint32_t raw);

// "addi a0, a0, 1" style text (ABI register names), for diagnostics and traces.
std::string disassemble(const DecodedInsn& insn, uint32_t pc);
const char* register_name(unsigned index);

}  // namespace accsim::cpu
