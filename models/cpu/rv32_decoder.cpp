#include "rv32_decoder.h"

#include <cstdio>

namespace accsim::cpu {

namespace {

int32_t imm_i(uint32_t r) { return static_cast<int32_t>(r) >> 20; }
int32_t imm_s(uint32_t r) {
  return (static_cast<int32_t>(r & 0xFE000000) >> 20) | static_cast<int32_t>((r >> 7) & 0x1F);
}
int32_t imm_b(uint32_t r) {
  return (static_cast<int32_t>(r & 0x80000000) >> 19) | static_cast<int32_t>((r & 0x80) << 4) |
         static_cast<int32_t>((r >> 20) & 0x7E0) | static_cast<int32_t>((r >> 7) & 0x1E);
}
int32_t imm_u(uint32_t r) { return static_cast<int32_t>(r & 0xFFFFF000); }
int32_t imm_j(uint32_t r) {
  return (static_cast<int32_t>(r & 0x80000000) >> 11) | static_cast<int32_t>(r & 0xFF000) |
         static_cast<int32_t>((r >> 9) & 0x800) | static_cast<int32_t>((r >> 20) & 0x7FE);
}

}  // namespace

const InsnInfo* find_instruction(uint32_t raw) {
  // A linear scan: decoding happens once per instruction address, not per execution.
  for (const InsnInfo& row : kInstructions) {
    if ((raw & row.mask) == row.match) return &row;
  }
  return nullptr;
}

DecodedInsn decode(uint32_t raw) {
  DecodedInsn d;
  d.raw = raw;
  const InsnInfo* row = find_instruction(raw);
  if (row == nullptr) return d;
  d.op = row->op;
  if (row->writes_rd) d.rd = (raw >> 7) & 0x1F;
  if (row->reads_rs1) d.rs1 = (raw >> 15) & 0x1F;
  if (row->reads_rs2) d.rs2 = (raw >> 20) & 0x1F;
  switch (row->format) {
    case Format::kNone:
    case Format::kR:
      break;
    case Format::kI:
      d.imm = imm_i(raw);
      break;
    case Format::kShift:
      d.imm = static_cast<int32_t>((raw >> 20) & 0x1F);
      break;
    case Format::kS:
      d.imm = imm_s(raw);
      break;
    case Format::kB:
      d.imm = imm_b(raw);
      break;
    case Format::kU:
      d.imm = imm_u(raw);
      break;
    case Format::kJ:
      d.imm = imm_j(raw);
      break;
    case Format::kCsr:
      d.aux = static_cast<uint16_t>(raw >> 20);
      break;
    case Format::kCsrImm:
      d.aux = static_cast<uint16_t>(raw >> 20);
      d.imm = static_cast<int32_t>((raw >> 15) & 0x1F);
      break;
    case Format::kCustom:
      d.aux = static_cast<uint16_t>(((raw >> 25) << 3) | ((raw >> 12) & 7));
      break;
  }
  return d;
}

const char* register_name(unsigned index) {
  static const char* const kNames[32] = {"zero", "ra", "sp",  "gp",  "tp", "t0", "t1", "t2",
                                         "s0",   "s1", "a0",  "a1",  "a2", "a3", "a4", "a5",
                                         "a6",   "a7", "s2",  "s3",  "s4", "s5", "s6", "s7",
                                         "s8",   "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
  return index < 32 ? kNames[index] : "?";
}

std::string disassemble(const DecodedInsn& d, uint32_t pc) {
  char buf[96];
  if (d.op == Op::kIllegal) {
    std::snprintf(buf, sizeof buf, ".word 0x%08x (illegal)", d.raw);
    return buf;
  }
  const InsnInfo& row = instruction_info(d.op);
  std::string text = row.mnemonic;
  if (row.operands[0] != '\0') text += ' ';
  // The operand letters of rv32_insns.def, in the row's order.
  for (const char* p = row.operands; *p != '\0'; ++p) {
    switch (*p) {
      case 'd':
        text += register_name(d.rd);
        break;
      case 's':
        text += register_name(d.rs1);
        break;
      case 't':
        text += register_name(d.rs2);
        break;
      case 'i':
        text += std::to_string(d.imm);
        break;
      case 'u':
        std::snprintf(buf, sizeof buf, "0x%x", static_cast<unsigned>(d.imm) >> 12);
        text += buf;
        break;
      case 'a':
        std::snprintf(buf, sizeof buf, "0x%x", pc + static_cast<uint32_t>(d.imm));
        text += buf;
        break;
      case 'E':
        std::snprintf(buf, sizeof buf, "0x%03x", d.aux);
        text += buf;
        break;
      case 'F':
        std::snprintf(buf, sizeof buf, "funct7=%u funct3=%u", d.aux >> 3u, d.aux & 7u);
        text += buf;
        break;
      case ',':
        text += ", ";
        break;
      default:
        text += *p;
    }
  }
  return text;
}

}  // namespace accsim::cpu
