/* An instruction stream under construction, with the VTA runtime's dependency-token rules
 * (docs/reference/vta-isa.md section 8):
 *  - vta_dep_push(from, to) sets the push flag of `from`'s last instruction when that is the
 *    stream's last instruction and its flag is free; otherwise it appends a no-op of `from`
 *    carrying the push (after any pops still pending for `from`);
 *  - vta_dep_pop(from, to) is folded into the next instruction `to` executes (a second pop of
 *    the same queue before then commits the first as a no-op);
 *  - vta_prog_finish() pops the tokens nobody consumed, then makes the compute module wait
 *    for the last load and store with a no-op that pops both, and appends FINISH.
 * The builder counts tokens per queue, so an unbalanced program is caught before launch.
 *
 * No-ops are LOAD/STORE instructions with x_size = 0 (a LOAD of INP for the load module, of
 * UOP for the compute module, a STORE for the store module), as upstream emits them. */
#ifndef ACCSIM_VTA_PROGRAM_H
#define ACCSIM_VTA_PROGRAM_H

#include <stdint.h>

#include "accsim_vta/vta_device.h"

/* Pipeline stages, ordered as upstream: a push to a later stage is push_next. */
typedef enum { VTA_STAGE_LOAD = 1, VTA_STAGE_COMPUTE = 2, VTA_STAGE_STORE = 3 } vta_stage_t;

/* Token queues. */
enum { VTA_Q_L2C = 0, VTA_Q_C2L = 1, VTA_Q_C2S = 2, VTA_Q_S2C = 3, VTA_NUM_QUEUES = 4 };

typedef struct {
  const vta_device_t* dev;
  vta_insn_t* insns; /* 16-byte aligned buffer in main RAM */
  uint32_t count, capacity;
  uint8_t pending_pop_prev[4], pending_pop_next[4]; /* by stage */
  int32_t tokens[VTA_NUM_QUEUES];                   /* pushed minus popped */
  int error;                                        /* first VTA_ERR_* hit, or VTA_OK */
} vta_prog_t;

/* GEMM/ALU loop nest: for i < iter_out, j < iter_in, uop in [uop_bgn, uop_end). */
typedef struct {
  uint32_t uop_bgn, uop_end;
  uint32_t iter_out, iter_in;
  uint32_t dst_out, dst_in, src_out, src_in, wgt_out, wgt_in;
} vta_loop_t;

void vta_prog_init(vta_prog_t* p, const vta_device_t* dev, vta_insn_t* buffer, uint32_t capacity);

/* 2D LOAD (dispatched by memory type: INP/WGT to load, UOP/ACC to compute). Rows of x_size
 * elements from dram_base + y * x_stride, zero padding around. */
void vta_load_2d(vta_prog_t* p, int memory_type, uint32_t sram, uint32_t dram, uint32_t y_size,
                 uint32_t x_size, uint32_t x_stride, uint32_t y_pad_0, uint32_t y_pad_1,
                 uint32_t x_pad_0, uint32_t x_pad_1);
static inline void vta_load_1d(vta_prog_t* p, int memory_type, uint32_t sram, uint32_t dram,
                               uint32_t count) {
  vta_load_2d(p, memory_type, sram, dram, 1, count, count, 0, 0, 0, 0);
}
/* STORE from OUT: y_size rows of x_size elements to dram + y * x_stride. */
void vta_store_2d(vta_prog_t* p, uint32_t sram, uint32_t dram, uint32_t y_size, uint32_t x_size,
                  uint32_t x_stride);
void vta_gemm(vta_prog_t* p, const vta_loop_t* loop, int reset);
void vta_alu(vta_prog_t* p, const vta_loop_t* loop, int alu_opcode, int use_imm, int32_t imm);

void vta_dep_push(vta_prog_t* p, vta_stage_t from, vta_stage_t to);
void vta_dep_pop(vta_prog_t* p, vta_stage_t from, vta_stage_t to);

/* Drains the outstanding tokens, synchronises and appends FINISH. Returns p->error. */
int vta_prog_finish(vta_prog_t* p);

/* vta_run() on the finished program; returns the VTA cycles (0 if p->error). */
uint32_t vta_prog_run(vta_prog_t* p);

#endif
