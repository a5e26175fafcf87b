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

#define cfu_op0(funct7, rs1, rs2) cfu_op(0, funct7, rs1, rs2)

#endif
