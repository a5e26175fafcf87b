#include <stdio.h>

#include "accsim_vta/vta_program.h"

void vta_prog_init(vta_prog_t* p, const vta_device_t* dev, vta_insn_t* buffer, uint32_t capacity) {
  p->dev = dev;
  p->insns = buffer;
  p->count = 0;
  p->capacity = capacity;
  for (int s = 0; s < 4; ++s) p->pending_pop_prev[s] = p->pending_pop_next[s] = 0;
  for (int q = 0; q < VTA_NUM_QUEUES; ++q) p->tokens[q] = 0;
  p->error = VTA_OK;
}

static void fail(vta_prog_t* p, int code, const char* why) {
  if (p->error == VTA_OK) {
    printf("vta: program error: %s\n", why);
    p->error = code;
  }
}

/* The stage that executes an instruction (the fetch unit's dispatch rule). */
static vta_stage_t stage_of(vta_insn_t insn) {
  const uint8_t op = vta_insn_opcode(insn);
  if (op == VTA_OPCODE_STORE) return VTA_STAGE_STORE;
  if (op == VTA_OPCODE_LOAD) {
    const vta_mem_insn_t m = vta_decode_mem(insn);
    if (m.memory_type == VTA_MEM_INP || m.memory_type == VTA_MEM_WGT) return VTA_STAGE_LOAD;
  }
  return VTA_STAGE_COMPUTE;
}

/* Takes the pops pending for `stage` into the flags of its next instruction. */
static vta_deps_t take_pops(vta_prog_t* p, vta_stage_t stage) {
  vta_deps_t d = {p->pending_pop_prev[stage], p->pending_pop_next[stage], 0, 0};
  p->pending_pop_prev[stage] = p->pending_pop_next[stage] = 0;
  return d;
}

static void append(vta_prog_t* p, vta_insn_t insn) {
  if (p->count >= p->capacity) {
    fail(p, VTA_ERR_PROGRAM, "instruction buffer full");
    return;
  }
  p->insns[p->count++] = insn;
}

static void emit_mem(vta_prog_t* p, int opcode, vta_stage_t stage, int memory_type, uint32_t sram,
                     uint32_t dram, uint32_t y_size, uint32_t x_size, uint32_t x_stride,
                     uint32_t y_pad_0, uint32_t y_pad_1, uint32_t x_pad_0, uint32_t x_pad_1,
                     vta_deps_t extra) {
  vta_mem_insn_t m = {0};
  m.opcode = (uint8_t)opcode;
  m.deps = take_pops(p, stage);
  m.deps.push_prev = extra.push_prev;
  m.deps.push_next = extra.push_next;
  m.memory_type = (uint8_t)memory_type;
  m.sram_base = sram;
  m.dram_base = dram;
  m.y_size = y_size;
  m.x_size = x_size;
  m.x_stride = x_stride;
  m.y_pad_0 = y_pad_0;
  m.y_pad_1 = y_pad_1;
  m.x_pad_0 = x_pad_0;
  m.x_pad_1 = x_pad_1;
  if (y_size > 0xffffu || x_size > 0xffffu || x_stride > 0xffffu || sram > 0xffffu ||
      y_pad_0 > 15 || y_pad_1 > 15 || x_pad_0 > 15 || x_pad_1 > 15) {
    fail(p, VTA_ERR_PROGRAM, "LOAD/STORE field out of range");
  }
  append(p, vta_encode_mem(&m));
}

/* A no-op of `stage` with the given flags (pending pops included). */
static void push_noop(vta_prog_t* p, vta_stage_t stage, int push_prev, int push_next) {
  const vta_deps_t extra = {0, 0, (uint8_t)push_prev, (uint8_t)push_next};
  if (stage == VTA_STAGE_STORE) {
    emit_mem(p, VTA_OPCODE_STORE, stage, VTA_MEM_OUT, 0, 0, 0, 0, 0, 0, 0, 0, 0, extra);
  } else {
    emit_mem(p, VTA_OPCODE_LOAD, stage, stage == VTA_STAGE_LOAD ? VTA_MEM_INP : VTA_MEM_UOP, 0, 0,
             0, 0, 0, 0, 0, 0, 0, extra);
  }
}

static void commit_pending_pops(vta_prog_t* p, vta_stage_t stage) {
  if (p->pending_pop_prev[stage] || p->pending_pop_next[stage]) push_noop(p, stage, 0, 0);
}

void vta_load_2d(vta_prog_t* p, int memory_type, uint32_t sram, uint32_t dram, uint32_t y_size,
                 uint32_t x_size, uint32_t x_stride, uint32_t y_pad_0, uint32_t y_pad_1,
                 uint32_t x_pad_0, uint32_t x_pad_1) {
  const vta_stage_t stage = (memory_type == VTA_MEM_INP || memory_type == VTA_MEM_WGT)
                                ? VTA_STAGE_LOAD
                                : VTA_STAGE_COMPUTE;
  const vta_deps_t none = {0, 0, 0, 0};
  emit_mem(p, VTA_OPCODE_LOAD, stage, memory_type, sram, dram, y_size, x_size, x_stride, y_pad_0,
           y_pad_1, x_pad_0, x_pad_1, none);
}

void vta_store_2d(vta_prog_t* p, uint32_t sram, uint32_t dram, uint32_t y_size, uint32_t x_size,
                  uint32_t x_stride) {
  const vta_deps_t none = {0, 0, 0, 0};
  emit_mem(p, VTA_OPCODE_STORE, VTA_STAGE_STORE, VTA_MEM_OUT, sram, dram, y_size, x_size, x_stride,
           0, 0, 0, 0, none);
}

static void emit_compute(vta_prog_t* p, int opcode, const vta_loop_t* loop, int reset,
                         int alu_opcode, int use_imm, int32_t imm) {
  vta_compute_insn_t c = {0};
  c.opcode = (uint8_t)opcode;
  c.deps = take_pops(p, VTA_STAGE_COMPUTE);
  if (loop) {
    const vta_layout_t* l = &p->dev->layout;
    const uint32_t acc_max = 1u << l->log_acc_depth, inp_max = 1u << l->log_inp_depth;
    const uint32_t wgt_max = 1u << l->log_wgt_depth;
    if (loop->uop_end > (1u << l->log_uop_depth) || loop->uop_bgn >= loop->uop_end ||
        loop->iter_out >= (1u << VTA_LOOP_ITER_BITS) ||
        loop->iter_in >= (1u << VTA_LOOP_ITER_BITS) || loop->dst_out >= acc_max ||
        loop->dst_in >= acc_max ||
        loop->src_out >= (opcode == VTA_OPCODE_GEMM ? inp_max : acc_max) ||
        loop->src_in >= (opcode == VTA_OPCODE_GEMM ? inp_max : acc_max) ||
        loop->wgt_out >= wgt_max || loop->wgt_in >= wgt_max) {
      fail(p, VTA_ERR_PROGRAM, "GEMM/ALU loop field out of range");
    }
    c.reset_reg = (uint8_t)reset;
    c.uop_bgn = loop->uop_bgn;
    c.uop_end = loop->uop_end;
    c.iter_out = loop->iter_out;
    c.iter_in = loop->iter_in;
    c.dst_factor_out = loop->dst_out;
    c.dst_factor_in = loop->dst_in;
    c.src_factor_out = loop->src_out;
    c.src_factor_in = loop->src_in;
    c.wgt_factor_out = loop->wgt_out;
    c.wgt_factor_in = loop->wgt_in;
    c.alu_opcode = (uint8_t)alu_opcode;
    c.use_imm = (uint8_t)use_imm;
    c.imm = imm;
    if (use_imm && (imm < -32768 || imm > 32767)) fail(p, VTA_ERR_PROGRAM, "ALU imm out of range");
  }
  append(p, vta_encode_compute(&p->dev->layout, &c));
}

void vta_gemm(vta_prog_t* p, const vta_loop_t* loop, int reset) {
  emit_compute(p, VTA_OPCODE_GEMM, loop, reset, 0, 0, 0);
}

void vta_alu(vta_prog_t* p, const vta_loop_t* loop, int alu_opcode, int use_imm, int32_t imm) {
  emit_compute(p, VTA_OPCODE_ALU, loop, 0, alu_opcode, use_imm, imm);
}

static int queue_of(vta_stage_t from, vta_stage_t to) {
  if (from == VTA_STAGE_LOAD && to == VTA_STAGE_COMPUTE) return VTA_Q_L2C;
  if (from == VTA_STAGE_COMPUTE && to == VTA_STAGE_LOAD) return VTA_Q_C2L;
  if (from == VTA_STAGE_COMPUTE && to == VTA_STAGE_STORE) return VTA_Q_C2S;
  if (from == VTA_STAGE_STORE && to == VTA_STAGE_COMPUTE) return VTA_Q_S2C;
  return -1;
}

void vta_dep_push(vta_prog_t* p, vta_stage_t from, vta_stage_t to) {
  const int q = queue_of(from, to);
  if (q < 0) {
    fail(p, VTA_ERR_PROGRAM, "no token queue between these stages");
    return;
  }
  ++p->tokens[q];
  /* A pop still pending for `from` must happen before this push: give it its own no-op. */
  commit_pending_pops(p, from);
  if (p->count > 0 && stage_of(p->insns[p->count - 1]) == from) {
    vta_insn_t* last = &p->insns[p->count - 1];
    /* push_prev is bit 5, push_next bit 6 in every instruction format. */
    const uint64_t bit = (uint64_t)1 << (from < to ? 6 : 5);
    if ((last->lo & bit) == 0) {
      last->lo |= bit;
      return;
    }
  }
  push_noop(p, from, from > to, from < to);
}

void vta_dep_pop(vta_prog_t* p, vta_stage_t from, vta_stage_t to) {
  const int q = queue_of(from, to);
  if (q < 0) {
    fail(p, VTA_ERR_PROGRAM, "no token queue between these stages");
    return;
  }
  --p->tokens[q];
  uint8_t* pending = from < to ? &p->pending_pop_prev[to] : &p->pending_pop_next[to];
  if (*pending) commit_pending_pops(p, to);
  *pending = 1;
}

int vta_prog_finish(vta_prog_t* p) {
  /* Tokens pushed for a buffer nobody reused: their consumers pop them now, so the queues are
   * empty when FINISH executes and the next launch starts clean. */
  while (p->tokens[VTA_Q_C2L] > 0) vta_dep_pop(p, VTA_STAGE_COMPUTE, VTA_STAGE_LOAD);
  while (p->tokens[VTA_Q_S2C] > 0) vta_dep_pop(p, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
  while (p->tokens[VTA_Q_L2C] > 0) vta_dep_pop(p, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);
  while (p->tokens[VTA_Q_C2S] > 0) vta_dep_pop(p, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);
  commit_pending_pops(p, VTA_STAGE_LOAD);
  commit_pending_pops(p, VTA_STAGE_STORE);
  commit_pending_pops(p, VTA_STAGE_COMPUTE);
  /* FINISH runs on the compute module: make it wait for the last store and the last load. */
  vta_dep_push(p, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
  vta_dep_push(p, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);
  vta_dep_pop(p, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
  vta_dep_pop(p, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);
  commit_pending_pops(p, VTA_STAGE_COMPUTE);
  emit_compute(p, VTA_OPCODE_FINISH, 0, 0, 0, 0, 0);
  for (int q = 0; q < VTA_NUM_QUEUES; ++q) {
    if (p->tokens[q] != 0) fail(p, VTA_ERR_PROGRAM, "unbalanced dependency tokens");
  }
  return p->error;
}

uint32_t vta_prog_run(vta_prog_t* p) {
  if (p->error != VTA_OK) return 0;
  return vta_run(p->dev, p->insns, p->count);
}
