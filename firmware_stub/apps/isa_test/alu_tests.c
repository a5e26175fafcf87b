#include "isa_test.h"

#define MIN 0x80000000u
#define MAX 0x7FFFFFFFu
#define ALL 0xFFFFFFFFu

void test_alu(void) {
  check("add", RR("add", 5, 7), 12);
  check("add wraps", RR("add", ALL, 2), 1);
  check("add overflow", RR("add", MAX, 1), MIN);
  check("sub", RR("sub", 5, 7), (uint32_t)-2);
  check("sub wraps", RR("sub", MIN, 1), MAX);
  check("sll", RR("sll", 1, 31), MIN);
  check("sll uses low 5 bits", RR("sll", 1, 33), 2);
  check("srl", RR("srl", MIN, 31), 1);
  check("srl uses low 5 bits", RR("srl", MIN, 32), MIN);
  check("sra", RR("sra", MIN, 31), ALL);
  check("sra positive", RR("sra", MAX, 30), 1);
  check("slt signed", RR("slt", ALL, 1), 1);
  check("slt equal", RR("slt", 3, 3), 0);
  check("sltu unsigned", RR("sltu", ALL, 1), 0);
  check("sltu", RR("sltu", 1, ALL), 1);
  check("xor", RR("xor", 0xF0F0F0F0u, 0xFF00FF00u), 0x0FF00FF0u);
  check("or", RR("or", 0xF0F0F0F0u, 0x0F000000u), 0xFFF0F0F0u);
  check("and", RR("and", 0xF0F0F0F0u, 0xFF00FF00u), 0xF000F000u);

  check("addi negative", RI("addi", 5, -7), (uint32_t)-2);
  check("addi max imm", RI("addi", 0, 2047), 2047);
  check("addi min imm", RI("addi", 0, -2048), (uint32_t)-2048);
  check("slti", RI("slti", (uint32_t)-5, -4), 1);
  check("slti false", RI("slti", 5, -4), 0);
  check("sltiu -1 is max", RI("sltiu", 5, -1), 1);
  check("sltiu", RI("sltiu", ALL, -1), 0);
  check("xori -1 is not", RI("xori", 0x12345678u, -1), ~0x12345678u);
  check("ori", RI("ori", 0x100, 0x0FF), 0x1FF);
  check("andi sign-extends", RI("andi", 0xFFFF1234u, -16), 0xFFFF1230u);
  check("slli", RI("slli", 3, 30), 0xC0000000u);
  check("srli", RI("srli", MIN, 31), 1);
  check("srai", RI("srai", 0xF0000000u, 4), 0xFF000000u);
  check("srai 0", RI("srai", MIN, 0), MIN);

  uint32_t v;
  __asm__ volatile("lui %0, 0xABCDE" : "=r"(v));
  check("lui", v, 0xABCDE000u);
  uint32_t here, there;
  __asm__ volatile("1: auipc %0, 0\n la %1, 1b" : "=r"(here), "=r"(there));
  check("auipc", here, there);
  __asm__ volatile("1: auipc %0, 1\n la %1, 1b" : "=r"(here), "=r"(there));
  check("auipc offset", here, there + 0x1000);
  __asm__ volatile("addi x0, x0, 5\n mv %0, x0" : "=r"(v));
  check("x0 stays zero", v, 0);
}

void test_muldiv(void) {
  check("mul", RR("mul", 7, (uint32_t)-3), (uint32_t)-21);
  check("mul low word", RR("mul", 0x10000, 0x10000), 0);
  check("mulh", RR("mulh", MIN, MIN), 0x40000000u);
  check("mulh negative", RR("mulh", (uint32_t)-1, 5), ALL);
  check("mulh mixed", RR("mulh", MAX, (uint32_t)-2), ALL);
  check("mulhu", RR("mulhu", ALL, ALL), 0xFFFFFFFEu);
  check("mulhu small", RR("mulhu", 0x10000, 0x10000), 1);
  check("mulhsu", RR("mulhsu", (uint32_t)-1, ALL), ALL);
  check("mulhsu positive", RR("mulhsu", 2, ALL), 1);
  check("mulhsu min", RR("mulhsu", MIN, 2), ALL);

  check("div", RR("div", (uint32_t)-7, 2), (uint32_t)-3);
  check("div rounds toward zero", RR("div", 7, (uint32_t)-2), (uint32_t)-3);
  check("div by zero", RR("div", 42, 0), ALL);
  check("div overflow", RR("div", MIN, ALL), MIN);
  check("divu", RR("divu", ALL, 2), MAX);
  check("divu by zero", RR("divu", 42, 0), ALL);
  check("rem", RR("rem", (uint32_t)-7, 2), (uint32_t)-1);
  check("rem sign of dividend", RR("rem", 7, (uint32_t)-2), 1);
  check("rem by zero", RR("rem", (uint32_t)-42, 0), (uint32_t)-42);
  check("rem overflow", RR("rem", MIN, ALL), 0);
  check("remu", RR("remu", ALL, 10), 5);
  check("remu by zero", RR("remu", 42, 0), 42);
}
