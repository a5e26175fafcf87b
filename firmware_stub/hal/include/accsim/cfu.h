/* CFU-Playground custom instructions: R-type on custom-0, function_id = {funct7, funct3} (the
 * layout is the contract accsim/hw/cfu_isa.h; the assembler's CUSTOM_0 is its opcode).
 *
 * Compiled for anything but RISC-V (the host unit tests build the very same kernels natively),
 * cfu_op() becomes a call to accsim_host_cfu(), which the host program provides on top of a
 * software CFU model; the kernels then run unchanged against that model. */
#ifndef ACCSIM_CFU_H
#define ACCSIM_CFU_H

#include <stdint.h>

#if defined(__riscv)

#define cfu_op(funct3, funct7, rs1, rs2)                                                      \
  ({                                                                                          \
    uint32_t rd_;                                                                             \
    __asm__ volatile(".insn r CUSTOM_0, %1, %2, %0, %3, %4"                                   \
                     : "=r"(rd_)                                                              \
                     : "i"(funct3), "i"(funct7), "r"((uint32_t)(rs1)), "r"((uint32_t)(rs2))); \
    rd_;                                                                                      \
  })

#else /* host build */

#ifdef __cplusplus
extern "C" {
#endif
/* Executes one CFU instruction on the host's CFU model and returns rd. */
uint32_t accsim_host_cfu(int funct3, int funct7, uint32_t in0, uint32_t in1);
#ifdef __cplusplus
}
#endif

#define cfu_op(funct3, funct7, rs1, rs2) \
  accsim_host_cfu((funct3), (funct7), (uint32_t)(rs1), (uint32_t)(rs2))

#endif

/* CFU-Playground's names (its common/src/cfu.h), for code written for it: cfu_opN(funct7, rs1,
 * rs2) is the instruction with funct3 = N; cfu_opN_hw always the instruction; cfu_opN_sw calls
 * software_cfu(N, funct7, rs1, rs2), the C model of the CFU a CFU-Playground project provides;
 * defining CFU_SOFTWARE_DEFINED turns every cfu_opN into its _sw form. */
#ifdef __cplusplus
extern "C" {
#endif
uint32_t software_cfu(int funct3, int funct7, uint32_t rs1, uint32_t rs2);
#ifdef __cplusplus
}
#endif
#define cfu_op_sw(funct3, funct7, rs1, rs2) \
  software_cfu((funct3), (funct7), (uint32_t)(rs1), (uint32_t)(rs2))
#ifdef CFU_SOFTWARE_DEFINED
#define cfu_op_hw_or_sw cfu_op_sw
#else
#define cfu_op_hw_or_sw cfu_op
#endif

#define cfu_op0_hw(funct7, rs1, rs2) cfu_op(0, funct7, rs1, rs2)
#define cfu_op1_hw(funct7, rs1, rs2) cfu_op(1, funct7, rs1, rs2)
#define cfu_op2_hw(funct7, rs1, rs2) cfu_op(2, funct7, rs1, rs2)
#define cfu_op3_hw(funct7, rs1, rs2) cfu_op(3, funct7, rs1, rs2)
#define cfu_op4_hw(funct7, rs1, rs2) cfu_op(4, funct7, rs1, rs2)
#define cfu_op5_hw(funct7, rs1, rs2) cfu_op(5, funct7, rs1, rs2)
#define cfu_op6_hw(funct7, rs1, rs2) cfu_op(6, funct7, rs1, rs2)
#define cfu_op7_hw(funct7, rs1, rs2) cfu_op(7, funct7, rs1, rs2)

#define cfu_op0_sw(funct7, rs1, rs2) cfu_op_sw(0, funct7, rs1, rs2)
#define cfu_op1_sw(funct7, rs1, rs2) cfu_op_sw(1, funct7, rs1, rs2)
#define cfu_op2_sw(funct7, rs1, rs2) cfu_op_sw(2, funct7, rs1, rs2)
#define cfu_op3_sw(funct7, rs1, rs2) cfu_op_sw(3, funct7, rs1, rs2)
#define cfu_op4_sw(funct7, rs1, rs2) cfu_op_sw(4, funct7, rs1, rs2)
#define cfu_op5_sw(funct7, rs1, rs2) cfu_op_sw(5, funct7, rs1, rs2)
#define cfu_op6_sw(funct7, rs1, rs2) cfu_op_sw(6, funct7, rs1, rs2)
#define cfu_op7_sw(funct7, rs1, rs2) cfu_op_sw(7, funct7, rs1, rs2)

#define cfu_op0(funct7, rs1, rs2) cfu_op_hw_or_sw(0, funct7, rs1, rs2)
#define cfu_op1(funct7, rs1, rs2) cfu_op_hw_or_sw(1, funct7, rs1, rs2)
#define cfu_op2(funct7, rs1, rs2) cfu_op_hw_or_sw(2, funct7, rs1, rs2)
#define cfu_op3(funct7, rs1, rs2) cfu_op_hw_or_sw(3, funct7, rs1, rs2)
#define cfu_op4(funct7, rs1, rs2) cfu_op_hw_or_sw(4, funct7, rs1, rs2)
#define cfu_op5(funct7, rs1, rs2) cfu_op_hw_or_sw(5, funct7, rs1, rs2)
#define cfu_op6(funct7, rs1, rs2) cfu_op_hw_or_sw(6, funct7, rs1, rs2)
#define cfu_op7(funct7, rs1, rs2) cfu_op_hw_or_sw(7, funct7, rs1, rs2)

#endif
