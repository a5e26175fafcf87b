/* fault_vta_deadlock: a token program that can never finish. The load module loads an input
 * block but its instruction lacks the push_next flag (the l2c token the runtime would attach);
 * the GEMM that pops the load->compute queue then waits forever. The simulator must stop the
 * run with "error: VTA deadlock: ..." instead of letting the CPU poll CONTROL forever. Built
 * by hand, without the driver's token bookkeeping (which would refuse it). */
#include <stdio.h>

#include "accsim_vta/vta_program.h"
#include "vta_app.h"

static vta_insn_t insns[4] __attribute__((aligned(16)));
static int8_t input[64] __attribute__((aligned(16)));
static uint32_t uop;

int main(void) {
  vta_device_t dev;
  vta_arena_t arena;
  vta_app_open(&dev, &arena);
  const vta_uop_t u = {0, 0, 0};
  uop = vta_encode_uop(&dev.layout, u);

  vta_mem_insn_t load = {0};
  load.opcode = VTA_OPCODE_LOAD;
  load.memory_type = VTA_MEM_INP;
  load.dram_base = vta_dram_index(&dev, VTA_MEM_INP, input, 0);
  load.y_size = 1;
  load.x_size = 1;
  load.x_stride = 1;
  /* load.deps.push_next = 1 is what a correct program has here. */
  insns[0] = vta_encode_mem(&load);

  vta_mem_insn_t uop_load = load;
  uop_load.memory_type = VTA_MEM_UOP;
  uop_load.dram_base = vta_dram_index(&dev, VTA_MEM_UOP, &uop, 0);
  insns[1] = vta_encode_mem(&uop_load);

  vta_compute_insn_t gemm = {0};
  gemm.opcode = VTA_OPCODE_GEMM;
  gemm.deps.pop_prev = 1; /* waits for the l2c token that never comes */
  gemm.uop_bgn = 0;
  gemm.uop_end = 1;
  gemm.iter_out = 1;
  gemm.iter_in = 1;
  insns[2] = vta_encode_compute(&dev.layout, &gemm);

  vta_compute_insn_t finish = {0};
  finish.opcode = VTA_OPCODE_FINISH;
  insns[3] = vta_encode_compute(&dev.layout, &finish);

  printf("fault_vta_deadlock: launching a GEMM that pops a token no LOAD pushes\n");
  const uint32_t cycles = vta_run(&dev, insns, 4);
  printf("fault_vta_deadlock: FAIL: the VTA finished (%lu cycles) instead of deadlocking\n",
         (unsigned long)cycles);
  return 1;
}
