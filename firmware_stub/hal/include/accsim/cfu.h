/* CFU-Playground custom instructions: R-type on custom-0 (opcode 0x0B),
 * function_id = {funct7, funct3}. */
#ifndef ACCSIM_CFU_H
#define ACCSIM_CFU_H

#include <stdint.h>

#define cfu_op(funct3, funct7, rs1, rs2)                                                      \
  ({                                                                                          \
    uint32_t rd_;                                                                             \
    __asm__ volatile(".insn r CUSTOM_0, %1, %2, %0, %3, %4"                                   \
                     : "=r"(rd_)                                                              \
                     : "i"(funct3), "i"(funct7), "r"((uint32_t)(rs1)), "r"((uint32_t)(rs2))); \
    rd_;                                                                                      \
  })
#define cfu_op0(funct7, rs1, rs2) cfu_op(0, funct7, rs1, rs2)

#endif
