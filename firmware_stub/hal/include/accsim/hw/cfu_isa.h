/* CFU-Playground's custom instruction layout: an R-type instruction on custom-0 whose funct7
 * and funct3 form the 10-bit function_id the CFU sees, function_id = {funct7, funct3} (the
 * cmd_payload_function_id port of cfu.v). The CPU model forms it when it decodes custom-0;
 * the CFU models, the Verilated CFU adapter and the test drivers take it apart with these
 * macros. Part of accsim/hw/, the contracts both sides include (README.md there). */
#ifndef ACCSIM_HW_CFU_ISA_H
#define ACCSIM_HW_CFU_ISA_H

#define CFU_OPCODE_CUSTOM0 0x0Bu /* the major opcode of every CFU instruction */
#define CFU_FUNCT3_BITS 3
#define CFU_FUNCT7_BITS 7

#define CFU_FUNCTION_ID(funct3, funct7) (((funct7) << CFU_FUNCT3_BITS) | ((funct3)&7u))
#define CFU_FUNCT3(function_id) ((function_id)&7u)
#define CFU_FUNCT7(function_id) ((function_id) >> CFU_FUNCT3_BITS)

#endif
