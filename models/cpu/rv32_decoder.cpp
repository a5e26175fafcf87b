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

constexpr uint32_t kOpLoad = 0x03, kOpCustom0 = 0x0B, kOpMiscMem = 0x0F, kOpImm = 0x13,
                   kOpAuipc = 0x17, kOpStore = 0x23, kOpReg = 0x33, kOpLui = 0x37, kOpBranch = 0x63,
                   kOpJalr = 0x67, kOpJal = 0x6F, kOpSystem = 0x73;

}  // namespace

DecodedInsn decode(uint32_t raw) {
  DecodedInsn d;
  d.raw = raw;
  d.rd = (raw >> 7) & 0x1F;
  d.rs1 = (raw >> 15) & 0x1F;
  d.rs2 = (raw >> 20) & 0x1F;
  const uint32_t funct3 = (raw >> 12) & 7;
  const uint32_t funct7 = raw >> 25;
  if ((raw & 3) != 3) return d;  // compressed encodings are not part of RV32IM
  switch (raw & 0x7F) {
    case kOpLui:
      d.op = Op::kLui;
      d.imm = imm_u(raw);
      break;
    case kOpAuipc:
      d.op = Op::kAuipc;
      d.imm = imm_u(raw);
      break;
    case kOpJal:
      d.op = Op::kJal;
      d.imm = imm_j(raw);
      break;
    case kOpJalr:
      if (funct3 == 0) {
        d.op = Op::kJalr;
        d.imm = imm_i(raw);
      }
      break;
    case kOpBranch: {
      static constexpr Op kBranches[8] = {Op::kBeq, Op::kBne, Op::kIllegal, Op::kIllegal,
                                          Op::kBlt, Op::kBge, Op::kBltu,    Op::kBgeu};
      d.op = kBranches[funct3];
      d.imm = imm_b(raw);
      break;
    }
    case kOpLoad: {
      static constexpr Op kLoads[8] = {Op::kLb,  Op::kLh,  Op::kLw,      Op::kIllegal,
                                       Op::kLbu, Op::kLhu, Op::kIllegal, Op::kIllegal};
      d.op = kLoads[funct3];
      d.imm = imm_i(raw);
      break;
    }
    case kOpStore: {
      static constexpr Op kStores[8] = {Op::kSb,      Op::kSh,      Op::kSw,      Op::kIllegal,
                                        Op::kIllegal, Op::kIllegal, Op::kIllegal, Op::kIllegal};
      d.op = kStores[funct3];
      d.imm = imm_s(raw);
      break;
    }
    case kOpImm:
      d.imm = imm_i(raw);
      switch (funct3) {
        case 0:
          d.op = Op::kAddi;
          break;
        case 2:
          d.op = Op::kSlti;
          break;
        case 3:
          d.op = Op::kSltiu;
          break;
        case 4:
          d.op = Op::kXori;
          break;
        case 6:
          d.op = Op::kOri;
          break;
        case 7:
          d.op = Op::kAndi;
          break;
        case 1:
          if (funct7 == 0) {
            d.op = Op::kSlli;
            d.imm = d.rs2;
          }
          break;
        case 5:
          if (funct7 == 0) {
            d.op = Op::kSrli;
            d.imm = d.rs2;
          }
          if (funct7 == 0x20) {
            d.op = Op::kSrai;
            d.imm = d.rs2;
          }
          break;
      }
      break;
    case kOpReg:
      if (funct7 == 0) {
        static constexpr Op kAlu[8] = {Op::kAdd, Op::kSll, Op::kSlt, Op::kSltu,
                                       Op::kXor, Op::kSrl, Op::kOr,  Op::kAnd};
        d.op = kAlu[funct3];
      } else if (funct7 == 0x20) {
        if (funct3 == 0) d.op = Op::kSub;
        if (funct3 == 5) d.op = Op::kSra;
      } else if (funct7 == 1) {
        static constexpr Op kMulDiv[8] = {Op::kMul, Op::kMulh, Op::kMulhsu, Op::kMulhu,
                                          Op::kDiv, Op::kDivu, Op::kRem,    Op::kRemu};
        d.op = kMulDiv[funct3];
      }
      break;
    case kOpMiscMem:
      if (funct3 == 0) d.op = Op::kFence;
      if (funct3 == 1) d.op = Op::kFenceI;
      if (funct3 == 5 && d.rd == 0 && d.rs1 == 0) d.op = Op::kFlushDcache;
      break;
    case kOpSystem:
      if (funct3 == 0) {
        if (d.rd != 0 || d.rs1 != 0) break;
        switch (raw >> 20) {
          case 0x000:
            d.op = Op::kEcall;
            break;
          case 0x001:
            d.op = Op::kEbreak;
            break;
          case 0x302:
            d.op = Op::kMret;
            break;
          case 0x105:
            d.op = Op::kWfi;
            break;
        }
      } else if (funct3 != 4) {
        static constexpr Op kCsr[8] = {Op::kIllegal, Op::kCsrrw,  Op::kCsrrs,  Op::kCsrrc,
                                       Op::kIllegal, Op::kCsrrwi, Op::kCsrrsi, Op::kCsrrci};
        d.op = kCsr[funct3];
        d.aux = static_cast<uint16_t>(raw >> 20);
      }
      break;
    case kOpCustom0:
      d.op = Op::kCustom0;
      d.aux = static_cast<uint16_t>((funct7 << 3) | funct3);
      break;
  }
  // Zero the register fields an instruction does not read, so the hazard check (which reads
  // both) never sees a false dependency on immediate bits; x0 is always ready.
  const uint32_t opcode = raw & 0x7F;
  const bool reads_rs2 =
      opcode == kOpReg || opcode == kOpBranch || opcode == kOpStore || opcode == kOpCustom0;
  const bool reads_rs1 = reads_rs2 || opcode == kOpLoad || opcode == kOpImm || opcode == kOpJalr ||
                         (opcode == kOpSystem && funct3 >= 1 && funct3 <= 3);
  if (d.op >= Op::kCsrrwi && d.op <= Op::kCsrrci) d.imm = d.rs1;  // zimm
  if (!reads_rs2 || d.op == Op::kIllegal) d.rs2 = 0;
  if (!reads_rs1 || d.op == Op::kIllegal) d.rs1 = 0;
  if (d.op == Op::kIllegal || d.op == Op::kFence || d.op == Op::kFenceI ||
      d.op == Op::kFlushDcache) {
    d.rd = 0;
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

namespace {
const char* mnemonic(Op op) {
  switch (op) {
    case Op::kIllegal:
      return "illegal";
    case Op::kLui:
      return "lui";
    case Op::kAuipc:
      return "auipc";
    case Op::kJal:
      return "jal";
    case Op::kJalr:
      return "jalr";
    case Op::kBeq:
      return "beq";
    case Op::kBne:
      return "bne";
    case Op::kBlt:
      return "blt";
    case Op::kBge:
      return "bge";
    case Op::kBltu:
      return "bltu";
    case Op::kBgeu:
      return "bgeu";
    case Op::kLb:
      return "lb";
    case Op::kLh:
      return "lh";
    case Op::kLw:
      return "lw";
    case Op::kLbu:
      return "lbu";
    case Op::kLhu:
      return "lhu";
    case Op::kSb:
      return "sb";
    case Op::kSh:
      return "sh";
    case Op::kSw:
      return "sw";
    case Op::kAddi:
      return "addi";
    case Op::kSlti:
      return "slti";
    case Op::kSltiu:
      return "sltiu";
    case Op::kXori:
      return "xori";
    case Op::kOri:
      return "ori";
    case Op::kAndi:
      return "andi";
    case Op::kSlli:
      return "slli";
    case Op::kSrli:
      return "srli";
    case Op::kSrai:
      return "srai";
    case Op::kAdd:
      return "add";
    case Op::kSub:
      return "sub";
    case Op::kSll:
      return "sll";
    case Op::kSlt:
      return "slt";
    case Op::kSltu:
      return "sltu";
    case Op::kXor:
      return "xor";
    case Op::kSrl:
      return "srl";
    case Op::kSra:
      return "sra";
    case Op::kOr:
      return "or";
    case Op::kAnd:
      return "and";
    case Op::kMul:
      return "mul";
    case Op::kMulh:
      return "mulh";
    case Op::kMulhsu:
      return "mulhsu";
    case Op::kMulhu:
      return "mulhu";
    case Op::kDiv:
      return "div";
    case Op::kDivu:
      return "divu";
    case Op::kRem:
      return "rem";
    case Op::kRemu:
      return "remu";
    case Op::kFence:
      return "fence";
    case Op::kFenceI:
      return "fence.i";
    case Op::kEcall:
      return "ecall";
    case Op::kEbreak:
      return "ebreak";
    case Op::kMret:
      return "mret";
    case Op::kWfi:
      return "wfi";
    case Op::kCsrrw:
      return "csrrw";
    case Op::kCsrrs:
      return "csrrs";
    case Op::kCsrrc:
      return "csrrc";
    case Op::kCsrrwi:
      return "csrrwi";
    case Op::kCsrrsi:
      return "csrrsi";
    case Op::kCsrrci:
      return "csrrci";
    case Op::kCustom0:
      return "cfu";
    case Op::kFlushDcache:
      return "flush.dcache";
  }
  return "?";
}
}  // namespace

std::string disassemble(const DecodedInsn& d, uint32_t pc) {
  char buf[96];
  const char* m = mnemonic(d.op);
  const char* rd = register_name(d.rd);
  const char* rs1 = register_name(d.rs1);
  const char* rs2 = register_name(d.rs2);
  const unsigned target = pc + static_cast<uint32_t>(d.imm);
  switch (d.op) {
    case Op::kIllegal:
      std::snprintf(buf, sizeof buf, ".word 0x%08x (illegal)", d.raw);
      break;
    case Op::kLui:
    case Op::kAuipc:
      std::snprintf(buf, sizeof buf, "%s %s, 0x%x", m, rd, static_cast<unsigned>(d.imm) >> 12);
      break;
    case Op::kJal:
      std::snprintf(buf, sizeof buf, "%s %s, 0x%x", m, rd, target);
      break;
    case Op::kJalr:
      std::snprintf(buf, sizeof buf, "%s %s, %d(%s)", m, rd, d.imm, rs1);
      break;
    case Op::kBeq:
    case Op::kBne:
    case Op::kBlt:
    case Op::kBge:
    case Op::kBltu:
    case Op::kBgeu:
      std::snprintf(buf, sizeof buf, "%s %s, %s, 0x%x", m, rs1, rs2, target);
      break;
    case Op::kLb:
    case Op::kLh:
    case Op::kLw:
    case Op::kLbu:
    case Op::kLhu:
      std::snprintf(buf, sizeof buf, "%s %s, %d(%s)", m, rd, d.imm, rs1);
      break;
    case Op::kSb:
    case Op::kSh:
    case Op::kSw:
      std::snprintf(buf, sizeof buf, "%s %s, %d(%s)", m, rs2, d.imm, rs1);
      break;
    case Op::kAddi:
    case Op::kSlti:
    case Op::kSltiu:
    case Op::kXori:
    case Op::kOri:
    case Op::kAndi:
    case Op::kSlli:
    case Op::kSrli:
    case Op::kSrai:
      std::snprintf(buf, sizeof buf, "%s %s, %s, %d", m, rd, rs1, d.imm);
      break;
    case Op::kFence:
    case Op::kFenceI:
    case Op::kFlushDcache:
    case Op::kEcall:
    case Op::kEbreak:
    case Op::kMret:
    case Op::kWfi:
      std::snprintf(buf, sizeof buf, "%s", m);
      break;
    case Op::kCsrrw:
    case Op::kCsrrs:
    case Op::kCsrrc:
      std::snprintf(buf, sizeof buf, "%s %s, 0x%03x, %s", m, rd, d.aux, rs1);
      break;
    case Op::kCsrrwi:
    case Op::kCsrrsi:
    case Op::kCsrrci:
      std::snprintf(buf, sizeof buf, "%s %s, 0x%03x, %d", m, rd, d.aux, d.imm);
      break;
    case Op::kCustom0:
      std::snprintf(buf, sizeof buf, "cfu funct7=%u funct3=%u %s, %s, %s", d.aux >> 3, d.aux & 7,
                    rd, rs1, rs2);
      break;
    default:
      std::snprintf(buf, sizeof buf, "%s %s, %s, %s", m, rd, rs1, rs2);
  }
  return buf;
}

}  // namespace accsim::cpu
