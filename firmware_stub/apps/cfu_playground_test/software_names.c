/* Compiled with CFU_SOFTWARE_DEFINED, as a CFU-Playground project builds its software CFU:
 * cfu_opN then calls the project's software_cfu(N, funct7, rs1, rs2), defined here to record
 * its arguments. */
#include "cfu.h"
#include "expect.h"

static int calls;
static uint32_t last_funct3, last_funct7, last_rs1, last_rs2;

uint32_t software_cfu(int funct3, int funct7, uint32_t rs1, uint32_t rs2) {
  ++calls;
  last_funct3 = (uint32_t)funct3;
  last_funct7 = (uint32_t)funct7;
  last_rs1 = rs1;
  last_rs2 = rs2;
  return rs1 ^ rs2;
}

static void expect_call(const char* what, uint32_t funct3, uint32_t funct7, uint32_t rs1,
                        uint32_t rs2) {
  expect(last_funct3 == funct3, what, last_funct3, funct3);
  expect(last_funct7 == funct7, what, last_funct7, funct7);
  expect(last_rs1 == rs1, what, last_rs1, rs1);
  expect(last_rs2 == rs2, what, last_rs2, rs2);
}

void check_software_names(void) {
  const uint32_t rd = cfu_op5(0x33, 7, 9);
  expect_call("cfu_op5(0x33, 7, 9) with CFU_SOFTWARE_DEFINED: funct3, funct7, rs1, rs2", 5, 0x33, 7,
              9);
  expect(rd == (7u ^ 9u), "cfu_op5(0x33, 7, 9) with CFU_SOFTWARE_DEFINED: rd", rd, 7u ^ 9u);
  cfu_op2_sw(0x41, 0x1234, 0x5678);
  expect_call("cfu_op2_sw(0x41, 0x1234, 0x5678): funct3, funct7, rs1, rs2", 2, 0x41, 0x1234,
              0x5678);
  expect(calls == 2, "software_cfu calls", (unsigned long)calls, 2);
}
