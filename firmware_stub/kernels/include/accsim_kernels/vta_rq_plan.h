/* Requantisation chains for the VTA's tensor ALU: the ALU has MIN, MAX, ADD, SHR (arithmetic;
 * a negative amount shifts left) and MUL (low 32 bits) on int32 lanes, nothing wider, so
 * TFLite's MultiplyByQuantizedMultiplier (a 64-bit product) is rebuilt from 16-bit limbs.
 *
 * A chain is a list of steps dst = op(dst, use_imm ? imm : src) over "slots": slots
 * [0, tile_slots) are per-element rows (slot 0 holds the int32 accumulator on entry and the
 * clamped int8 result on exit, the others are scratch), slots [tile_slots, tile_slots +
 * const_slots) hold per-output-channel constants (one row per channel block on the VTA).
 * Plain C, host-compilable: the host tests emulate the chain lane by lane.
 *
 * The exact chain (bias add included, every int32 accumulator, multipliers in [0, 2^31),
 * shifts in [-31, 31]): with x = xh 2^16 + xl and m = mh 2^16 + ml (ml = ml1 2^8 + ml0),
 *   SaturatingRoundingDoublingHighMul(x, m) = floor((x m + 2^30) / 2^31)
 *     = 2 xh mh + Bh + Ch + floor((Bl + Cl + floor((xl ml1 + floor(xl ml0 / 2^8)) / 2^8)
 *       + 2^14) / 2^15)
 * where B = xh ml = Bh 2^15 + Bl and C = xl mh = Ch 2^15 + Cl (every product fits int32; the
 * low 16 bits of xl ml cannot change the floor), and RoundingDivideByPOT(v, r) =
 * (v >> r) + clamp(rem - threshold, 0, 1) with rem = v - ((v >> r) << r) and threshold =
 * 2^(r-1) - 1 + [v < 0]. */
#ifndef ACCSIM_KERNELS_VTA_RQ_PLAN_H
#define ACCSIM_KERNELS_VTA_RQ_PLAN_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  uint8_t opcode, dst, src, use_imm; /* VTA_ALU_* */
  int32_t imm;
} vta_rq_step_t;

#define VTA_RQ_MAX_STEPS 96
#define VTA_RQ_MAX_CONSTS 12

typedef struct {
  int tile_slots, const_slots, num_steps;
  vta_rq_step_t steps[VTA_RQ_MAX_STEPS];
  /* values[c] of constant slot c for one output channel. */
  void (*constants)(int32_t bias, int32_t multiplier, int32_t shift, int32_t* values);
} vta_rq_plan_t;

/* acc + bias, MultiplyByQuantizedMultiplier, + output_offset, clamp to [act_min, act_max]. */
void vta_rq_exact_plan(int32_t output_offset, int32_t act_min, int32_t act_max,
                       vta_rq_plan_t* plan);
/* acc + bias only (the low 8 bits come out): tests the accumulation apart. */
void vta_rq_raw_plan(vta_rq_plan_t* plan);

/* Runs the chain on one lane; returns slot 0 at the end (int32, before the STORE's
 * truncation to 8 bits). */
int32_t vta_rq_emulate(const vta_rq_plan_t* plan, int32_t acc, int32_t bias, int32_t multiplier,
                       int32_t shift);

#ifdef __cplusplus
}
#endif

#endif
