/* VTA's instruction set: 128-bit instructions and 32-bit micro-ops, encoded and decoded here
 * for both sides, the firmware driver (C) and the simulator's model (C++, models/vta/).
 *
 * Field positions follow upstream VTA (hw_spec.h): LOAD/STORE fields are fixed; the GEMM and
 * ALU index fields and the micro-op fields are as wide as the buffer depths they index
 * (log2 depth bits). With the default configuration the positions are those of
 * docs/reference/vta-isa.md section 2, and the GEMM/ALU upper word and the micro-op are exactly
 * full. vta_layout_init() derives the positions for any configuration and refuses one whose
 * fields do not fit (upstream refuses it with a static_assert).
 *
 * An instruction is two little-endian 64-bit words: bits [63:0] in `lo`, [127:64] in `hi`.
 * Part of accsim/hw/, the contracts both sides include (README.md there). */
#ifndef ACCSIM_HW_VTA_ISA_H
#define ACCSIM_HW_VTA_ISA_H

#include <stdint.h>
#include <string.h>

enum {
  VTA_OPCODE_LOAD = 0,
  VTA_OPCODE_STORE = 1,
  VTA_OPCODE_GEMM = 2,
  VTA_OPCODE_FINISH = 3,
  VTA_OPCODE_ALU = 4
};
enum { VTA_ALU_MIN = 0, VTA_ALU_MAX = 1, VTA_ALU_ADD = 2, VTA_ALU_SHR = 3, VTA_ALU_MUL = 4 };
enum { VTA_MEM_UOP = 0, VTA_MEM_WGT = 1, VTA_MEM_INP = 2, VTA_MEM_ACC = 3, VTA_MEM_OUT = 4 };

/* Fixed widths (upstream constants). */
#define VTA_OPCODE_BITS 3
#define VTA_MEMTYPE_BITS 3
#define VTA_SRAM_ADDR_BITS 16
#define VTA_DRAM_ADDR_BITS 32
#define VTA_SIZE_BITS 16
#define VTA_STRIDE_BITS 16
#define VTA_PAD_BITS 4
#define VTA_LOOP_ITER_BITS 14
#define VTA_ALU_OPCODE_BITS 3
#define VTA_ALU_IMM_BITS 16

typedef struct {
  uint64_t lo; /* bits [63:0] */
  uint64_t hi; /* bits [127:64] */
} vta_insn_t;

/* Dependency flags, common to all instructions (bits 3..6). */
typedef struct {
  uint8_t pop_prev, pop_next, push_prev, push_next;
} vta_deps_t;

/* LOAD and STORE. */
typedef struct {
  uint8_t opcode; /* VTA_OPCODE_LOAD or VTA_OPCODE_STORE */
  vta_deps_t deps;
  uint8_t memory_type;
  uint32_t sram_base; /* in elements of memory_type */
  uint32_t dram_base; /* in elements of memory_type */
  uint32_t y_size, x_size, x_stride;
  uint32_t y_pad_0, y_pad_1, x_pad_0, x_pad_1;
} vta_mem_insn_t;

/* GEMM and ALU share their loop fields; alu_opcode/use_imm/imm are ALU only and the wgt
 * factors GEMM only. FINISH uses only opcode and deps. */
typedef struct {
  uint8_t opcode; /* VTA_OPCODE_GEMM, VTA_OPCODE_ALU or VTA_OPCODE_FINISH */
  vta_deps_t deps;
  uint8_t reset_reg;
  uint32_t uop_bgn, uop_end;
  uint32_t iter_out, iter_in;
  uint32_t dst_factor_out, dst_factor_in;
  uint32_t src_factor_out, src_factor_in;
  uint32_t wgt_factor_out, wgt_factor_in; /* GEMM */
  uint8_t alu_opcode;                     /* ALU */
  uint8_t use_imm;                        /* ALU */
  int32_t imm;                            /* ALU: signed 16-bit */
} vta_compute_insn_t;

typedef struct {
  uint32_t dst_idx; /* ACC index */
  uint32_t src_idx; /* INP index (GEMM) or ACC index (ALU) */
  uint32_t wgt_idx; /* WGT index (GEMM) */
} vta_uop_t;

/* Field widths of one configuration (log2 of the buffer depths, in elements). */
typedef struct {
  unsigned log_uop_depth, log_inp_depth, log_wgt_depth, log_acc_depth;
} vta_layout_t;

/* vta_layout_init() results. */
enum {
  VTA_LAYOUT_OK = 0,
  VTA_LAYOUT_COMPUTE_LO_OVERFLOW = 1, /* flags + uop_bgn/uop_end + iterations exceed 64 bits */
  VTA_LAYOUT_GEMM_HI_OVERFLOW = 2,    /* the six GEMM factors exceed 64 bits */
  VTA_LAYOUT_ALU_HI_OVERFLOW = 3,     /* the ALU factors + opcode + imm exceed 64 bits */
  VTA_LAYOUT_UOP_OVERFLOW = 4,        /* dst + src + wgt indices exceed 32 bits */
  VTA_LAYOUT_SRAM_ADDR_OVERFLOW = 5   /* a depth exceeds the 16-bit LOAD/STORE sram_base */
};

static inline int vta_layout_init(vta_layout_t* l, unsigned log_uop_depth, unsigned log_inp_depth,
                                  unsigned log_wgt_depth, unsigned log_acc_depth) {
  l->log_uop_depth = log_uop_depth;
  l->log_inp_depth = log_inp_depth;
  l->log_wgt_depth = log_wgt_depth;
  l->log_acc_depth = log_acc_depth;
  if (log_uop_depth > VTA_SRAM_ADDR_BITS || log_inp_depth > VTA_SRAM_ADDR_BITS ||
      log_wgt_depth > VTA_SRAM_ADDR_BITS || log_acc_depth > VTA_SRAM_ADDR_BITS) {
    return VTA_LAYOUT_SRAM_ADDR_OVERFLOW;
  }
  if (VTA_OPCODE_BITS + 4 + 1 + log_uop_depth + (log_uop_depth + 1) + 2 * VTA_LOOP_ITER_BITS > 64) {
    return VTA_LAYOUT_COMPUTE_LO_OVERFLOW;
  }
  if (2 * (log_acc_depth + log_inp_depth + log_wgt_depth) > 64) return VTA_LAYOUT_GEMM_HI_OVERFLOW;
  if (2 * (log_acc_depth + log_inp_depth) + VTA_ALU_OPCODE_BITS + 1 + VTA_ALU_IMM_BITS > 64) {
    return VTA_LAYOUT_ALU_HI_OVERFLOW;
  }
  if (log_acc_depth + log_inp_depth + log_wgt_depth > 32) return VTA_LAYOUT_UOP_OVERFLOW;
  return VTA_LAYOUT_OK;
}

static inline const char* vta_layout_error(int code) {
  switch (code) {
    case VTA_LAYOUT_OK:
      return "ok";
    case VTA_LAYOUT_COMPUTE_LO_OVERFLOW:
      return "the UOP buffer is too deep: GEMM/ALU uop_bgn/uop_end no longer fit the lower 64-bit "
             "word";
    case VTA_LAYOUT_GEMM_HI_OVERFLOW:
      return "the ACC/INP/WGT buffers are too deep: the GEMM index factors no longer fit the "
             "upper 64-bit word";
    case VTA_LAYOUT_ALU_HI_OVERFLOW:
      return "the ACC/INP buffers are too deep: the ALU index factors no longer fit the upper "
             "64-bit word";
    case VTA_LAYOUT_UOP_OVERFLOW:
      return "the ACC/INP/WGT buffers are too deep: a micro-op's three indices no longer fit 32 "
             "bits";
    case VTA_LAYOUT_SRAM_ADDR_OVERFLOW:
      return "a buffer is deeper than the 16-bit LOAD/STORE sram_base can address";
    default:
      return "unknown layout error";
  }
}

/* --- bit helpers ------------------------------------------------------------------------- */

static inline uint64_t vta_bits_mask(unsigned width) {
  return width >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1);
}
/* Places `value` (truncated to `width` bits) at `*pos` and advances `*pos`. */
static inline uint64_t vta_put(uint64_t word, unsigned* pos, unsigned width, uint64_t value) {
  word |= (value & vta_bits_mask(width)) << *pos;
  *pos += width;
  return word;
}
static inline uint64_t vta_get(uint64_t word, unsigned* pos, unsigned width) {
  uint64_t v = (word >> *pos) & vta_bits_mask(width);
  *pos += width;
  return v;
}

static inline uint64_t vta_put_common(uint8_t opcode, const vta_deps_t* d, unsigned* pos) {
  uint64_t w = 0;
  w = vta_put(w, pos, VTA_OPCODE_BITS, opcode);
  w = vta_put(w, pos, 1, d->pop_prev);
  w = vta_put(w, pos, 1, d->pop_next);
  w = vta_put(w, pos, 1, d->push_prev);
  w = vta_put(w, pos, 1, d->push_next);
  return w;
}
static inline void vta_get_common(uint64_t w, uint8_t* opcode, vta_deps_t* d, unsigned* pos) {
  *opcode = (uint8_t)vta_get(w, pos, VTA_OPCODE_BITS);
  d->pop_prev = (uint8_t)vta_get(w, pos, 1);
  d->pop_next = (uint8_t)vta_get(w, pos, 1);
  d->push_prev = (uint8_t)vta_get(w, pos, 1);
  d->push_next = (uint8_t)vta_get(w, pos, 1);
}

static inline uint8_t vta_insn_opcode(vta_insn_t insn) {
  return (uint8_t)(insn.lo & vta_bits_mask(VTA_OPCODE_BITS));
}

/* --- LOAD / STORE ------------------------------------------------------------------------ */

static inline vta_insn_t vta_encode_mem(const vta_mem_insn_t* m) {
  vta_insn_t insn;
  unsigned pos = 0;
  insn.lo = vta_put_common(m->opcode, &m->deps, &pos);
  insn.lo = vta_put(insn.lo, &pos, VTA_MEMTYPE_BITS, m->memory_type);
  insn.lo = vta_put(insn.lo, &pos, VTA_SRAM_ADDR_BITS, m->sram_base);
  insn.lo = vta_put(insn.lo, &pos, VTA_DRAM_ADDR_BITS, m->dram_base);
  pos = 0;
  insn.hi = 0;
  insn.hi = vta_put(insn.hi, &pos, VTA_SIZE_BITS, m->y_size);
  insn.hi = vta_put(insn.hi, &pos, VTA_SIZE_BITS, m->x_size);
  insn.hi = vta_put(insn.hi, &pos, VTA_STRIDE_BITS, m->x_stride);
  insn.hi = vta_put(insn.hi, &pos, VTA_PAD_BITS, m->y_pad_0);
  insn.hi = vta_put(insn.hi, &pos, VTA_PAD_BITS, m->y_pad_1);
  insn.hi = vta_put(insn.hi, &pos, VTA_PAD_BITS, m->x_pad_0);
  insn.hi = vta_put(insn.hi, &pos, VTA_PAD_BITS, m->x_pad_1);
  return insn;
}

static inline vta_mem_insn_t vta_decode_mem(vta_insn_t insn) {
  vta_mem_insn_t m;
  unsigned pos = 0;
  vta_get_common(insn.lo, &m.opcode, &m.deps, &pos);
  m.memory_type = (uint8_t)vta_get(insn.lo, &pos, VTA_MEMTYPE_BITS);
  m.sram_base = (uint32_t)vta_get(insn.lo, &pos, VTA_SRAM_ADDR_BITS);
  m.dram_base = (uint32_t)vta_get(insn.lo, &pos, VTA_DRAM_ADDR_BITS);
  pos = 0;
  m.y_size = (uint32_t)vta_get(insn.hi, &pos, VTA_SIZE_BITS);
  m.x_size = (uint32_t)vta_get(insn.hi, &pos, VTA_SIZE_BITS);
  m.x_stride = (uint32_t)vta_get(insn.hi, &pos, VTA_STRIDE_BITS);
  m.y_pad_0 = (uint32_t)vta_get(insn.hi, &pos, VTA_PAD_BITS);
  m.y_pad_1 = (uint32_t)vta_get(insn.hi, &pos, VTA_PAD_BITS);
  m.x_pad_0 = (uint32_t)vta_get(insn.hi, &pos, VTA_PAD_BITS);
  m.x_pad_1 = (uint32_t)vta_get(insn.hi, &pos, VTA_PAD_BITS);
  return m;
}

/* --- GEMM / ALU / FINISH ----------------------------------------------------------------- */

static inline vta_insn_t vta_encode_compute(const vta_layout_t* l, const vta_compute_insn_t* c) {
  vta_insn_t insn;
  unsigned pos = 0;
  insn.lo = vta_put_common(c->opcode, &c->deps, &pos);
  insn.hi = 0;
  if (c->opcode == VTA_OPCODE_FINISH) return insn;
  insn.lo = vta_put(insn.lo, &pos, 1, c->reset_reg);
  insn.lo = vta_put(insn.lo, &pos, l->log_uop_depth, c->uop_bgn);
  insn.lo = vta_put(insn.lo, &pos, l->log_uop_depth + 1, c->uop_end);
  insn.lo = vta_put(insn.lo, &pos, VTA_LOOP_ITER_BITS, c->iter_out);
  insn.lo = vta_put(insn.lo, &pos, VTA_LOOP_ITER_BITS, c->iter_in);
  pos = 0;
  insn.hi = vta_put(insn.hi, &pos, l->log_acc_depth, c->dst_factor_out);
  insn.hi = vta_put(insn.hi, &pos, l->log_acc_depth, c->dst_factor_in);
  insn.hi = vta_put(insn.hi, &pos, l->log_inp_depth, c->src_factor_out);
  insn.hi = vta_put(insn.hi, &pos, l->log_inp_depth, c->src_factor_in);
  if (c->opcode == VTA_OPCODE_GEMM) {
    insn.hi = vta_put(insn.hi, &pos, l->log_wgt_depth, c->wgt_factor_out);
    insn.hi = vta_put(insn.hi, &pos, l->log_wgt_depth, c->wgt_factor_in);
  } else {
    insn.hi = vta_put(insn.hi, &pos, VTA_ALU_OPCODE_BITS, c->alu_opcode);
    insn.hi = vta_put(insn.hi, &pos, 1, c->use_imm);
    insn.hi = vta_put(insn.hi, &pos, VTA_ALU_IMM_BITS, (uint64_t)(uint32_t)c->imm);
  }
  return insn;
}

static inline vta_compute_insn_t vta_decode_compute(const vta_layout_t* l, vta_insn_t insn) {
  vta_compute_insn_t c;
  unsigned pos = 0;
  memset(&c, 0, sizeof c);
  vta_get_common(insn.lo, &c.opcode, &c.deps, &pos);
  if (c.opcode == VTA_OPCODE_FINISH) return c;
  c.reset_reg = (uint8_t)vta_get(insn.lo, &pos, 1);
  c.uop_bgn = (uint32_t)vta_get(insn.lo, &pos, l->log_uop_depth);
  c.uop_end = (uint32_t)vta_get(insn.lo, &pos, l->log_uop_depth + 1);
  c.iter_out = (uint32_t)vta_get(insn.lo, &pos, VTA_LOOP_ITER_BITS);
  c.iter_in = (uint32_t)vta_get(insn.lo, &pos, VTA_LOOP_ITER_BITS);
  pos = 0;
  c.dst_factor_out = (uint32_t)vta_get(insn.hi, &pos, l->log_acc_depth);
  c.dst_factor_in = (uint32_t)vta_get(insn.hi, &pos, l->log_acc_depth);
  c.src_factor_out = (uint32_t)vta_get(insn.hi, &pos, l->log_inp_depth);
  c.src_factor_in = (uint32_t)vta_get(insn.hi, &pos, l->log_inp_depth);
  if (c.opcode == VTA_OPCODE_GEMM) {
    c.wgt_factor_out = (uint32_t)vta_get(insn.hi, &pos, l->log_wgt_depth);
    c.wgt_factor_in = (uint32_t)vta_get(insn.hi, &pos, l->log_wgt_depth);
  } else {
    c.alu_opcode = (uint8_t)vta_get(insn.hi, &pos, VTA_ALU_OPCODE_BITS);
    c.use_imm = (uint8_t)vta_get(insn.hi, &pos, 1);
    c.imm = (int32_t)(int16_t)(uint16_t)vta_get(insn.hi, &pos, VTA_ALU_IMM_BITS);
  }
  return c;
}

/* --- the tensor ALU ---------------------------------------------------------------------- */

/* One lane of the tensor ALU, dst = op(dst, src), as the model executes it and as firmware and
 * host references emulate it: MIN/MAX signed, ADD wrapping, MUL the low 32 bits, SHR by 0..31
 * arithmetic, by >= 32 the sign fill, by a negative amount a (wrapping) left shift, by <= -32
 * zero. An unknown opcode leaves dst. */
static inline int32_t vta_alu_lane(int opcode, int32_t dst, int32_t src) {
  switch (opcode) {
    case VTA_ALU_MIN:
      return dst < src ? dst : src;
    case VTA_ALU_MAX:
      return dst > src ? dst : src;
    case VTA_ALU_ADD:
      return (int32_t)((uint32_t)dst + (uint32_t)src);
    case VTA_ALU_MUL:
      return (int32_t)((uint32_t)dst * (uint32_t)src);
    case VTA_ALU_SHR:
      if (src >= 0) {
        /* Written out so the arithmetic shift does not rely on implementation-defined >>. */
        const int s = src > 31 ? 31 : (int)src;
        return dst >= 0 ? (int32_t)((uint32_t)dst >> s) : (int32_t) ~(~(uint32_t)dst >> s);
      }
      if (src <= -32) return 0;
      return (int32_t)((uint32_t)dst << (unsigned)(-src));
    default:
      return dst;
  }
}

/* --- micro-ops --------------------------------------------------------------------------- */

static inline uint32_t vta_encode_uop(const vta_layout_t* l, vta_uop_t u) {
  unsigned pos = 0;
  uint64_t w = 0;
  w = vta_put(w, &pos, l->log_acc_depth, u.dst_idx);
  w = vta_put(w, &pos, l->log_inp_depth, u.src_idx);
  w = vta_put(w, &pos, l->log_wgt_depth, u.wgt_idx);
  return (uint32_t)w;
}

static inline vta_uop_t vta_decode_uop(const vta_layout_t* l, uint32_t word) {
  vta_uop_t u;
  unsigned pos = 0;
  u.dst_idx = (uint32_t)vta_get(word, &pos, l->log_acc_depth);
  u.src_idx = (uint32_t)vta_get(word, &pos, l->log_inp_depth);
  u.wgt_idx = (uint32_t)vta_get(word, &pos, l->log_wgt_depth);
  return u;
}

#endif
