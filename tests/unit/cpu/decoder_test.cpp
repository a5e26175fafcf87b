#include <catch2/catch.hpp>
#include <cstring>

#include "rv32_asm.h"
#include "rv32_decoder.h"

using namespace accsim::cpu;
namespace rv = accsim::test::rv;

TEST_CASE("decoder extracts immediates of every format", "[cpu][decoder]") {
  CHECK(decode(rv::addi(1, 2, -2048)).imm == -2048);
  CHECK(decode(rv::sw(1, 2, -1)).imm == -1);
  CHECK(decode(rv::sw(1, 2, 2047)).imm == 2047);
  CHECK(decode(rv::beq(1, 2, -4096)).imm == -4096);
  CHECK(decode(rv::beq(1, 2, 4094)).imm == 4094);
  CHECK(decode(rv::jal(1, -1048576)).imm == -1048576);
  CHECK(decode(rv::jal(1, 1048574)).imm == 1048574);
  CHECK(decode(rv::lui(1, 0xFFFFF)).imm == static_cast<int32_t>(0xFFFFF000u));
  CHECK(decode(rv::srai(1, 2, 31)).imm == 31);
}

TEST_CASE("decoder maps custom-0 to function_id = {funct7, funct3}", "[cpu][decoder]") {
  const DecodedInsn d = decode(rv::cfu(0x7F, 7, 3, 4, 5));
  CHECK(d.op == Op::kCustom0);
  CHECK(d.aux == 0x3FF);
  CHECK(d.rd == 3);
  CHECK(d.rs1 == 4);
  CHECK(d.rs2 == 5);
  CHECK(decode(rv::cfu(112, 0, 0, 0, 0)).aux == (112 << 3));
}

TEST_CASE("decoder knows VexRiscv's data-cache flush", "[cpu][decoder]") {
  CHECK(decode(0x0000500F).op == Op::kFlushDcache);
  CHECK(disassemble(decode(0x0000500F), 0) == "flush.dcache");
  CHECK(decode(0x0000508F).op == Op::kIllegal);  // rd != 0
}

TEST_CASE("decoder rejects encodings outside RV32IM", "[cpu][decoder]") {
  CHECK(decode(0x00000000).op == Op::kIllegal);
  CHECK(decode(0xFFFFFFFF).op == Op::kIllegal);
  CHECK(decode(0x00004501).op == Op::kIllegal);            // compressed c.li
  CHECK(decode(rv::slli(1, 2, 0x20)).op == Op::kIllegal);  // shamt[5] is RV64 only
  CHECK(decode(rv::r_type(0x02, 1, 2, 0, 3, 0x33)).op == Op::kIllegal);
  CHECK(decode(rv::i_type(0, 1, 3, 2, 0x03)).op == Op::kIllegal);  // ld
  CHECK(decode(rv::s_type(0, 1, 2, 3, 0x23)).op == Op::kIllegal);  // sd
  CHECK(decode(rv::b_type(8, 1, 2, 2)).op == Op::kIllegal);
  CHECK(decode(0x12000073).op == Op::kIllegal);  // sfence.vma
  CHECK(decode(0x00000007).op == Op::kIllegal);  // flw
}

TEST_CASE("decoder zeroes register fields an instruction does not read", "[cpu][decoder]") {
  CHECK(decode(rv::addi(1, 2, 31)).rs2 == 0);
  CHECK(decode(rv::lui(1, 0xFFFFF)).rs1 == 0);
  CHECK(decode(rv::csrrwi(1, 0x340, 17)).rs1 == 0);
  CHECK(decode(rv::csrrwi(1, 0x340, 17)).imm == 17);
}

TEST_CASE("disassembly uses ABI names", "[cpu][decoder]") {
  CHECK(disassemble(decode(rv::addi(10, 10, 1)), 0) == "addi a0, a0, 1");
  CHECK(disassemble(decode(rv::lw(5, 2, -8)), 0) == "lw t0, -8(sp)");
  CHECK(disassemble(decode(rv::sw(5, 2, 16)), 0) == "sw t0, 16(sp)");
  CHECK(disassemble(decode(rv::beq(10, 11, -8)), 0x100) == "beq a0, a1, 0xf8");
  CHECK(disassemble(decode(rv::jal(1, 0x40)), 0x100) == "jal ra, 0x140");
  CHECK(disassemble(decode(rv::csrrs(10, 0xB00, 0)), 0) == "csrrs a0, 0xb00, zero");
  CHECK(disassemble(decode(rv::cfu(33, 0, 10, 11, 12)), 0) == "cfu funct7=33 funct3=0 a0, a1, a2");
  CHECK(disassemble(decode(0), 0) == ".word 0x00000000 (illegal)");
}

TEST_CASE("every row of the instruction table decodes to itself", "[cpu][decoder]") {
  uint32_t lcg = 12345;
  for (size_t i = 0; i < kInstructionCount; ++i) {
    const InsnInfo& row = kInstructions[i];
    INFO(row.mnemonic);
    CHECK(static_cast<size_t>(row.op) == i + 1);  // Op order = row order
    CHECK(&instruction_info(row.op) == &row);
    CHECK((row.match & ~row.mask) == 0);
    CHECK(decode(row.match).op == row.op);
    // Whatever the bits outside the mask (registers, immediates) hold.
    for (int k = 0; k < 64; ++k) {
      lcg = lcg * 1664525u + 1013904223u;
      const uint32_t raw = row.match | (lcg & ~row.mask);
      CHECK(decode(raw).op == row.op);
      CHECK(find_instruction(raw) == &row);
    }
  }
}

TEST_CASE("no two rows of the instruction table match the same word", "[cpu][decoder]") {
  for (size_t i = 0; i < kInstructionCount; ++i) {
    for (size_t j = i + 1; j < kInstructionCount; ++j) {
      const InsnInfo& a = kInstructions[i];
      const InsnInfo& b = kInstructions[j];
      // Some word matches both unless they differ in a bit both masks fix.
      INFO(a.mnemonic << " and " << b.mnemonic);
      CHECK(((a.match ^ b.match) & a.mask & b.mask) != 0);
    }
  }
}

TEST_CASE("operand letters of every row are known", "[cpu][decoder]") {
  for (const InsnInfo& row : kInstructions) {
    INFO(row.mnemonic);
    CHECK(std::strspn(row.operands, "dstiuaEF,() ") == std::strlen(row.operands));
    CHECK(std::strlen(row.mnemonic) > 0);
  }
}

TEST_CASE("disassembly of every instruction", "[cpu][decoder]") {
  struct Case {
    uint32_t raw;
    uint32_t pc;
    const char* text;
  };
  const Case cases[] = {
      {rv::lui(10, 0xFFFFF), 0x0, "lui a0, 0xfffff"},
      {rv::auipc(2, 0x12), 0x100, "auipc sp, 0x12"},
      {rv::jal(1, -0x40), 0x100, "jal ra, 0xc0"},
      {rv::jal(0, 0x7FE), 0x0, "jal zero, 0x7fe"},
      {rv::jalr(0, 1, 0), 0x0, "jalr zero, 0(ra)"},
      {rv::jalr(5, 6, -12), 0x0, "jalr t0, -12(t1)"},
      {rv::beq(10, 11, -8), 0x200, "beq a0, a1, 0x1f8"},
      {rv::bne(1, 0, 16), 0x200, "bne ra, zero, 0x210"},
      {rv::blt(5, 6, 4094), 0x200, "blt t0, t1, 0x11fe"},
      {rv::bge(5, 6, -4096), 0x200, "bge t0, t1, 0xfffff200"},
      {rv::bltu(7, 8, 8), 0x200, "bltu t2, s0, 0x208"},
      {rv::bgeu(9, 10, 12), 0x200, "bgeu s1, a0, 0x20c"},
      {rv::lb(5, 2, -1), 0x0, "lb t0, -1(sp)"},
      {rv::lh(6, 3, 2), 0x0, "lh t1, 2(gp)"},
      {rv::lw(5, 2, -8), 0x0, "lw t0, -8(sp)"},
      {rv::lbu(7, 8, 2047), 0x0, "lbu t2, 2047(s0)"},
      {rv::lhu(9, 10, -2048), 0x0, "lhu s1, -2048(a0)"},
      {rv::sb(5, 2, -1), 0x0, "sb t0, -1(sp)"},
      {rv::sh(6, 3, 2), 0x0, "sh t1, 2(gp)"},
      {rv::sw(5, 2, 16), 0x0, "sw t0, 16(sp)"},
      {rv::addi(10, 10, 1), 0x0, "addi a0, a0, 1"},
      {rv::addi(0, 0, 0), 0x0, "addi zero, zero, 0"},
      {rv::slti(5, 6, -7), 0x0, "slti t0, t1, -7"},
      {rv::sltiu(5, 6, 7), 0x0, "sltiu t0, t1, 7"},
      {rv::xori(5, 6, -1), 0x0, "xori t0, t1, -1"},
      {rv::ori(5, 6, 255), 0x0, "ori t0, t1, 255"},
      {rv::andi(5, 6, 15), 0x0, "andi t0, t1, 15"},
      {rv::slli(5, 6, 3), 0x0, "slli t0, t1, 3"},
      {rv::srli(5, 6, 31), 0x0, "srli t0, t1, 31"},
      {rv::srai(5, 6, 1), 0x0, "srai t0, t1, 1"},
      {rv::add(10, 11, 12), 0x0, "add a0, a1, a2"},
      {rv::sub(10, 11, 12), 0x0, "sub a0, a1, a2"},
      {rv::sll(1, 2, 3), 0x0, "sll ra, sp, gp"},
      {rv::slt(1, 2, 3), 0x0, "slt ra, sp, gp"},
      {rv::sltu(1, 2, 3), 0x0, "sltu ra, sp, gp"},
      {rv::xor_(28, 29, 30), 0x0, "xor t3, t4, t5"},
      {rv::srl(1, 2, 3), 0x0, "srl ra, sp, gp"},
      {rv::sra(1, 2, 3), 0x0, "sra ra, sp, gp"},
      {rv::or_(1, 2, 3), 0x0, "or ra, sp, gp"},
      {rv::and_(1, 2, 31), 0x0, "and ra, sp, t6"},
      {rv::mul(10, 11, 12), 0x0, "mul a0, a1, a2"},
      {rv::mulh(10, 11, 12), 0x0, "mulh a0, a1, a2"},
      {rv::mulhsu(10, 11, 12), 0x0, "mulhsu a0, a1, a2"},
      {rv::mulhu(10, 11, 12), 0x0, "mulhu a0, a1, a2"},
      {rv::div(10, 11, 12), 0x0, "div a0, a1, a2"},
      {rv::divu(10, 11, 12), 0x0, "divu a0, a1, a2"},
      {rv::rem(10, 11, 12), 0x0, "rem a0, a1, a2"},
      {rv::remu(10, 11, 12), 0x0, "remu a0, a1, a2"},
      {rv::fence(), 0x0, "fence"},
      {rv::fence_i(), 0x0, "fence.i"},
      {rv::ecall(), 0x0, "ecall"},
      {rv::ebreak(), 0x0, "ebreak"},
      {rv::mret(), 0x0, "mret"},
      {rv::wfi(), 0x0, "wfi"},
      {rv::csrrw(0, 0x305, 10), 0x0, "csrrw zero, 0x305, a0"},
      {rv::csrrs(10, 0xB00, 0), 0x0, "csrrs a0, 0xb00, zero"},
      {rv::csrrc(11, 0x300, 12), 0x0, "csrrc a1, 0x300, a2"},
      {rv::csrrwi(1, 0x340, 17), 0x0, "csrrwi ra, 0x340, 17"},
      {rv::csrrsi(1, 0x300, 8), 0x0, "csrrsi ra, 0x300, 8"},
      {rv::csrrci(0, 0x300, 31), 0x0, "csrrci zero, 0x300, 31"},
      {rv::cfu(33, 0, 10, 11, 12), 0x0, "cfu funct7=33 funct3=0 a0, a1, a2"},
      {rv::cfu(0x7F, 7, 0, 1, 2), 0x0, "cfu funct7=127 funct3=7 zero, ra, sp"},
      {0x0000500Fu, 0x0, "flush.dcache"},
      {0x0000508Fu, 0x0, ".word 0x0000508f (illegal)"},
      {0x00000000u, 0x0, ".word 0x00000000 (illegal)"},
      {0x12000073u, 0x0, ".word 0x12000073 (illegal)"},
      {0x00004501u, 0x0, ".word 0x00004501 (illegal)"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK(disassemble(decode(c.raw), c.pc) == c.text);
  }
}
