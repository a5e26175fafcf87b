/* TFLite's per-channel requantisation tail, bit-exact, as a fixed chain of VTA tensor-ALU
 * operations (docs/vta-requant.md explains the algorithm and why it is exact).
 *
 * For every int32 accumulator `acc` (convolution sum + bias) of output channel oc the chain
 * computes exactly what docs/reference/tflite-int8.md's Conv2D tail computes:
 *
 *   y = MultiplyByQuantizedMultiplier(acc, mult[oc], shift[oc]);
 *   y = clamp(y + output_offset, act_min, act_max)      (the addition wraps like add_wrapping)
 *
 * for every int32 acc, every mult in [0, 2^31) and every shift in [-31, 31].
 *
 * The ALU works lane-wise on ACC rows (one lane = one output channel) with destructive
 * two-operand operations `dst = op(dst, src)`, src being another ACC row or a sign-extended
 * 16-bit immediate. The chain names its rows by slot:
 *   slot 0                      the data row: acc on entry, y on exit;
 *   slots 1..NUM_SCRATCH        scratch rows, one set per pixel like the data row, contents on
 *                               entry irrelevant (the chain initialises what it reads);
 *   constant slots              one ACC row per constant, whose 16 lanes hold that constant for
 *                               the 16 channels of the block (vta_requant_constants() computes
 *                               one channel's values); every pixel reads the same rows as src.
 * A constant slot is only ever a src, never a dst, so constant rows survive the chain.
 *
 * Plain C11 with no libc beyond stdint/stddef: built into the RISC-V firmware and the host
 * tests alike. */
#ifndef ACCSIM_KERNELS_VTA_REQUANT_H
#define ACCSIM_KERNELS_VTA_REQUANT_H

#include <stddef.h>
#include <stdint.h>

#include "accsim/hw/vta_isa.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  VTA_REQUANT_NUM_OPS = 32,    /* vta_requant_program() always emits exactly this many ops */
  VTA_REQUANT_MBQM_OPS = 29,   /* vta_requant_program_mbqm(): the chain without its tail */
  VTA_REQUANT_MAX_OPS = 32,    /* room a caller must provide */
  VTA_REQUANT_NUM_SCRATCH = 3, /* scratch rows per pixel */
  VTA_REQUANT_NUM_CONST = 8    /* per-channel constant rows */
};

/* Meaning of the constant rows (index k of VTA_REQUANT_CONST_SLOT(k) and of const_values[]);
 * left = max(shift, 0), right = max(-shift, 0), mult = mh * 2^16 + ml with ml in [-2^15, 2^15). */
enum {
  VTA_REQUANT_K_NEG_LEFT = 0, /* -left: SHR by it is the wrapping left shift */
  VTA_REQUANT_K_SIGN_MIN = 1, /* -1 if right > 0 else 0: floor of the sign correction */
  VTA_REQUANT_K_ML = 2,       /* ml */
  VTA_REQUANT_K_MH = 3,       /* mh, in [0, 2^15] */
  VTA_REQUANT_K_2MH = 4,      /* 2 * mh */
  VTA_REQUANT_K_RSHIFT1 = 5,  /* right - 1 if right > 0 else 0 */
  VTA_REQUANT_K_ROUND = 6,    /* 1 if right > 0 else 0 */
  VTA_REQUANT_K_RSHIFT2 = 7   /* 1 if right > 0 else 0 */
};

#define VTA_REQUANT_DATA_SLOT 0
#define VTA_REQUANT_SCRATCH_SLOT(k) (1 + (k))                         /* k in [0, NUM_SCRATCH) */
#define VTA_REQUANT_CONST_SLOT(k) (1 + VTA_REQUANT_NUM_SCRATCH + (k)) /* k in [0, NUM_CONST) */
#define VTA_REQUANT_NUM_SLOTS (1 + VTA_REQUANT_NUM_SCRATCH + VTA_REQUANT_NUM_CONST)

static inline int vta_requant_slot_is_const(int slot) {
  return slot >= VTA_REQUANT_CONST_SLOT(0) && slot < VTA_REQUANT_NUM_SLOTS;
}

/* One ALU operation: dst = op(dst, use_imm ? imm : row[src_slot]) on every lane. src_slot is
 * meaningless (0) when use_imm is set. alu_opcode is one of VTA_ALU_MIN/MAX/ADD/SHR/MUL. */
typedef struct {
  uint8_t alu_opcode;
  uint8_t dst_slot;
  uint8_t src_slot;
  uint8_t use_imm;
  int16_t imm;
} vta_requant_op_t;

/* vta_requant_program() and vta_requant_constants() errors. */
enum {
  VTA_REQUANT_ERR_NO_ROOM = -1,     /* max_ops < VTA_REQUANT_NUM_OPS */
  VTA_REQUANT_ERR_IMM_RANGE = -2,   /* output_offset/act_min/act_max do not fit int16 */
  VTA_REQUANT_ERR_EMPTY_CLAMP = -3, /* act_min > act_max */
  VTA_REQUANT_ERR_MULTIPLIER = -4,  /* mult < 0 (QuantizeMultiplier never produces one) */
  VTA_REQUANT_ERR_SHIFT = -5        /* shift outside [-31, 31] */
};

/* Writes the chain (the same for every channel: per-channel values live in the constant rows)
 * and returns its length, VTA_REQUANT_NUM_OPS, or a VTA_REQUANT_ERR_* (< 0). The offset and
 * the clamp bounds are layer-wide and become 16-bit immediates. */
int vta_requant_program(vta_requant_op_t* ops, int max_ops, int32_t output_offset, int32_t act_min,
                        int32_t act_max);

/* The chain without its tail (offset, clamp): its first VTA_REQUANT_MBQM_OPS ops, leaving
 * MultiplyByQuantizedMultiplier(acc, mult, shift) as a full int32 in the data row, for callers
 * that keep computing on it (vta_add_exact's input rescaling). Same constants, same rows.
 * Returns VTA_REQUANT_MBQM_OPS or VTA_REQUANT_ERR_NO_ROOM. */
int vta_requant_program_mbqm(vta_requant_op_t* ops, int max_ops);

/* One channel's constant-row values (const_values[VTA_REQUANT_NUM_CONST], indexed by
 * VTA_REQUANT_K_*). Returns 0, or a VTA_REQUANT_ERR_* (< 0) for parameters the chain does not
 * reproduce exactly: mult < 0 or shift outside [-31, 31]. Every mult in [0, 2^31) is exact,
 * including 0 and the Q31 range [2^30, 2^31) of QuantizeMultiplier. */
int vta_requant_constants(int32_t mult, int shift, int32_t* const_values);

/* The same for MultiplyByQuantizedMultiplier(acc * 2^pre_left, mult, shift), the product
 * wrapping like int32 arithmetic: the pre-shift folds into the chain's own left shift, so it
 * costs no op. VTA_REQUANT_ERR_SHIFT also when pre_left < 0 or pre_left + max(shift, 0) > 31.
 * vta_requant_constants() is the pre_left = 0 case. */
int vta_requant_constants_prescaled(int32_t mult, int shift, int pre_left, int32_t* const_values);

/* vta_alu_lane() (one ALU lane, the model's semantics) comes from accsim/hw/vta_isa.h. */

/* Runs n ops on one lane: the data row starts as acc, the scratch rows with fixed junk (so a
 * chain that read an uninitialised scratch row would be caught), the constant rows with
 * const_values (read in place). Returns the data row. No op may write a constant slot
 * (vta_requant_program()'s never do). */
int32_t vta_requant_emulate(const vta_requant_op_t* ops, int n, int32_t acc,
                            const int32_t* const_values);

#ifdef __cplusplus
}
#endif

#endif
