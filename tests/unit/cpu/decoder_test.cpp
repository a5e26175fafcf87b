#include <catch2/catch.hpp>

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
