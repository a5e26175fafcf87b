// Functional semantics of every RV32IM instruction, one small program each.
#include <catch2/catch.hpp>

#include "core_harness.h"
#include "rv32_asm.h"

using namespace accsim;
using namespace accsim::test;
namespace rv = accsim::test::rv;

namespace {

// Runs `insn` with x1 = a, x2 = b and returns x3.
uint32_t alu(uint32_t insn, uint32_t a, uint32_t b = 0) {
  CoreHarness h;
  h.preset = {{1, a}, {2, b}};
  h.run({insn});
  REQUIRE(h.stopped_at_end());
  return h.core.reg(3);
}

constexpr uint32_t kMin = 0x80000000u;
constexpr uint32_t kAll = 0xFFFFFFFFu;

}  // namespace

TEST_CASE("register-register ALU instructions", "[cpu][semantics]") {
  CHECK(alu(rv::add(3, 1, 2), 5, 7) == 12);
  CHECK(alu(rv::add(3, 1, 2), kAll, 2) == 1);
  CHECK(alu(rv::sub(3, 1, 2), 5, 7) == static_cast<uint32_t>(-2));
  CHECK(alu(rv::sll(3, 1, 2), 1, 33) == 2);  // shift amount is rs2[4:0]
  CHECK(alu(rv::srl(3, 1, 2), kMin, 31) == 1);
  CHECK(alu(rv::sra(3, 1, 2), kMin, 31) == kAll);
  CHECK(alu(rv::slt(3, 1, 2), kAll, 1) == 1);
  CHECK(alu(rv::slt(3, 1, 2), 1, kAll) == 0);
  CHECK(alu(rv::sltu(3, 1, 2), kAll, 1) == 0);
  CHECK(alu(rv::sltu(3, 1, 2), 1, kAll) == 1);
  CHECK(alu(rv::xor_(3, 1, 2), 0xF0F0, 0xFF00) == 0x0FF0);
  CHECK(alu(rv::or_(3, 1, 2), 0xF0F0, 0xFF00) == 0xFFF0);
  CHECK(alu(rv::and_(3, 1, 2), 0xF0F0, 0xFF00) == 0xF000);
}

TEST_CASE("register-immediate ALU instructions sign-extend their immediates", "[cpu][semantics]") {
  CHECK(alu(rv::addi(3, 1, -1), 0) == kAll);
  CHECK(alu(rv::addi(3, 1, 2047), 1) == 2048);
  CHECK(alu(rv::addi(3, 1, -2048), 0) == static_cast<uint32_t>(-2048));
  CHECK(alu(rv::slti(3, 1, -1), static_cast<uint32_t>(-2)) == 1);
  CHECK(alu(rv::sltiu(3, 1, -1), 5) == 1);  // -1 is the largest unsigned value
  CHECK(alu(rv::sltiu(3, 1, -1), kAll) == 0);
  CHECK(alu(rv::xori(3, 1, -1), 0x1234) == ~0x1234u);
  CHECK(alu(rv::ori(3, 1, 0x0F0), 0x100) == 0x1F0);
  CHECK(alu(rv::andi(3, 1, -16), 0x12345678) == 0x12345670);
  CHECK(alu(rv::slli(3, 1, 31), 3) == kMin);
  CHECK(alu(rv::srli(3, 1, 4), kMin) == 0x08000000);
  CHECK(alu(rv::srai(3, 1, 4), kMin) == 0xF8000000u);
}

TEST_CASE("lui and auipc", "[cpu][semantics]") {
  CHECK(alu(rv::lui(3, 0xABCDE), 0) == 0xABCDE000u);
  CoreHarness h;
  h.run({rv::nop(), rv::auipc(3, 0x1)});
  CHECK(h.core.reg(3) == 0x1004);
}

TEST_CASE("writes to x0 are discarded", "[cpu][semantics]") {
  CoreHarness h;
  h.run({rv::addi(0, 0, 5), rv::add(3, 0, 0)});
  CHECK(h.core.reg(0) == 0);
  CHECK(h.core.reg(3) == 0);
}

TEST_CASE("multiply instructions", "[cpu][semantics]") {
  CHECK(alu(rv::mul(3, 1, 2), 7, static_cast<uint32_t>(-3)) == static_cast<uint32_t>(-21));
  CHECK(alu(rv::mulh(3, 1, 2), kMin, kMin) == 0x40000000u);
  CHECK(alu(rv::mulh(3, 1, 2), kAll, 5) == kAll);
  CHECK(alu(rv::mulhu(3, 1, 2), kAll, kAll) == 0xFFFFFFFEu);
  CHECK(alu(rv::mulhsu(3, 1, 2), kAll, kAll) == kAll);  // -1 * (2^32 - 1)
  CHECK(alu(rv::mulhsu(3, 1, 2), 2, kAll) == 1);
}

TEST_CASE("divide instructions and their special cases", "[cpu][semantics]") {
  CHECK(alu(rv::div(3, 1, 2), static_cast<uint32_t>(-7), 2) == static_cast<uint32_t>(-3));
  CHECK(alu(rv::div(3, 1, 2), 42, 0) == kAll);
  CHECK(alu(rv::div(3, 1, 2), kMin, kAll) == kMin);
  CHECK(alu(rv::divu(3, 1, 2), kAll, 2) == 0x7FFFFFFFu);
  CHECK(alu(rv::divu(3, 1, 2), 42, 0) == kAll);
  CHECK(alu(rv::rem(3, 1, 2), static_cast<uint32_t>(-7), 2) == kAll);
  CHECK(alu(rv::rem(3, 1, 2), 42, 0) == 42);
  CHECK(alu(rv::rem(3, 1, 2), kMin, kAll) == 0);
  CHECK(alu(rv::remu(3, 1, 2), kAll, 10) == 5);
  CHECK(alu(rv::remu(3, 1, 2), 42, 0) == 42);
}

TEST_CASE("loads sign- or zero-extend", "[cpu][semantics]") {
  CoreHarness h;
  h.memory.set_word(0x1000, 0x8081F0FFu);
  h.preset = {{1, 0x1000}};
  h.run({rv::lw(3, 1, 0), rv::lb(4, 1, 0), rv::lbu(5, 1, 3), rv::lh(6, 1, 2), rv::lhu(7, 1, 0),
         rv::lb(8, 1, 1)});
  CHECK(h.core.reg(3) == 0x8081F0FFu);
  CHECK(h.core.reg(4) == 0xFFFFFFFFu);
  CHECK(h.core.reg(5) == 0x80);
  CHECK(h.core.reg(6) == 0xFFFF8081u);
  CHECK(h.core.reg(7) == 0xF0FF);
  CHECK(h.core.reg(8) == 0xFFFFFFF0u);
}

TEST_CASE("stores write only their width", "[cpu][semantics]") {
  CoreHarness h;
  h.memory.set_word(0x1000, 0x11223344u);
  h.memory.set_word(0x1004, 0x11223344u);
  h.preset = {{1, 0x1000}, {2, 0xAABBCCDDu}};
  h.run({rv::sb(2, 1, 1), rv::sh(2, 1, 6), rv::sw(2, 1, 8)});
  CHECK(h.memory.word(0x1000) == 0x1122DD44u);
  CHECK(h.memory.word(0x1004) == 0xCCDD3344u);
  CHECK(h.memory.word(0x1008) == 0xAABBCCDDu);
}

TEST_CASE("conditional branches compare signed or unsigned", "[cpu][semantics]") {
  // x3 = 1 if the branch skipped the addi.
  auto taken = [](uint32_t insn, uint32_t a, uint32_t b) {
    CoreHarness h;
    h.preset = {{1, a}, {2, b}, {3, 1}};
    h.run({insn, rv::addi(3, 0, 0)});
    return h.core.reg(3);
  };
  CHECK(taken(rv::beq(1, 2, 8), 4, 4) == 1);
  CHECK(taken(rv::beq(1, 2, 8), 4, 5) == 0);
  CHECK(taken(rv::bne(1, 2, 8), 4, 5) == 1);
  CHECK(taken(rv::blt(1, 2, 8), kAll, 1) == 1);
  CHECK(taken(rv::blt(1, 2, 8), 1, kAll) == 0);
  CHECK(taken(rv::bge(1, 2, 8), 1, kAll) == 1);
  CHECK(taken(rv::bge(1, 2, 8), 3, 3) == 1);
  CHECK(taken(rv::bltu(1, 2, 8), 1, kAll) == 1);
  CHECK(taken(rv::bltu(1, 2, 8), kAll, 1) == 0);
  CHECK(taken(rv::bgeu(1, 2, 8), kAll, 1) == 1);
  CHECK(taken(rv::bgeu(1, 2, 8), 1, 2) == 0);
}

TEST_CASE("jal and jalr link and jump; jalr clears bit 0", "[cpu][semantics]") {
  CoreHarness h;
  h.preset = {{5, 17}};  // jalr target 17 -> 16
  h.run({rv::jal(1, 8), rv::addi(3, 0, 1), rv::jalr(2, 5, -1 + 0), rv::addi(4, 0, 1),
         rv::addi(6, 0, 7)});
  CHECK(h.core.reg(1) == 4);
  CHECK(h.core.reg(3) == 0);   // skipped by jal
  CHECK(h.core.reg(2) == 12);  // link of the jalr at 8
  CHECK(h.core.reg(4) == 0);   // skipped: jalr went to (17 - 1) & ~1 = 16
  CHECK(h.core.reg(6) == 7);
}

TEST_CASE("CSR instructions read, set, clear and write", "[cpu][semantics]") {
  CoreHarness h;
  h.preset = {{1, 0xF0}, {2, 0x30}};
  h.run({rv::csrrw(0, 0x340, 1), rv::csrrs(3, 0x340, 2), rv::csrrc(4, 0x340, 1),
         rv::csrrwi(5, 0x340, 9), rv::csrrsi(6, 0x340, 6), rv::csrrci(7, 0x340, 1),
         rv::csrrs(8, 0x340, 0), rv::csrrs(9, 0x301, 0), rv::csrrs(10, 0xF14, 0)});
  CHECK(h.core.reg(3) == 0xF0);
  CHECK(h.core.reg(4) == 0xF0);  // old value after the set: 0xF0 | 0x30 = 0xF0
  CHECK(h.core.reg(5) == 0x00);  // cleared all of 0xF0
  CHECK(h.core.reg(6) == 9);
  CHECK(h.core.reg(7) == 15);
  CHECK(h.core.reg(8) == 14);
  CHECK(h.core.reg(9) == 0x40001100u);  // misa: RV32IM
  CHECK(h.core.reg(10) == 0);           // mhartid
}

TEST_CASE("minstret counts retired instructions, mcycle counts cycles", "[cpu][semantics]") {
  CoreHarness h;
  h.run({rv::csrrs(1, 0xB02, 0), rv::nop(), rv::nop(), rv::csrrs(2, 0xB02, 0),
         rv::csrrs(3, 0xB00, 0), rv::nop(), rv::csrrs(4, 0xB00, 0)});
  CHECK(h.core.reg(2) - h.core.reg(1) == 3);
  CHECK(h.core.reg(4) - h.core.reg(3) == 3 + 1);  // csrr occupies 3 cycles, nop 1
  CHECK(h.core.instret() == 7);
}

TEST_CASE("writing a read-only or unknown CSR is an illegal instruction", "[cpu][semantics]") {
  for (uint32_t insn : {rv::csrrw(0, 0xC00, 1), rv::csrrs(1, 0x7C0, 0)}) {
    CoreHarness h;
    h.run({insn});
    REQUIRE(h.core.halted());
    CHECK_THAT(h.core.halt_message(), Catch::StartsWith("illegal instruction at pc 0x00000000"));
  }
}

TEST_CASE("perf counters count cycles only while enabled", "[cpu][semantics]") {
  CoreHarness h;
  h.preset = {{1, 1}};
  // enable counter 2 (0xB09), 4 nops, disable, 4 nops, read value (0xB08)
  h.run({rv::csrrw(0, 0xB09, 1), rv::nop(), rv::nop(), rv::nop(), rv::nop(), rv::csrrw(0, 0xB09, 0),
         rv::nop(), rv::nop(), rv::nop(), rv::nop(), rv::csrrs(3, 0xB08, 0),
         rv::csrrs(4, 0xB0A, 0)});
  CHECK(h.core.reg(3) == 3 + 4);  // the enabling csrw's own 3 cycles, then 4 nops
  CHECK(h.core.reg(4) == 0);
}
