/* TFLite's int8 ADD, bit-exact, as a chain of VTA tensor-ALU operations (the plan that
 * accsim_vta's vta_add_int8_exact() runs, and its host emulation).
 *
 * Per element, with a and b moved into ACC as int32 (an identity GEMM on the VTA):
 *   A  = MBQM((a + input1_offset) << left_shift, input1_multiplier, input1_shift)
 *   B  = MBQM((b + input2_offset) << left_shift, input2_multiplier, input2_shift)
 *   y  = clamp(MBQM(A + B, output_multiplier, output_shift) + output_offset, act_min, act_max)
 * which is reference_integer_ops::AddFunc (tfl_add_int8()). Every MBQM is vta_requant's exact
 * chain: the input ones without the offset/clamp tail (vta_requant_program_mbqm()), with the
 * left shift folded into the chain's own (vta_requant_constants_prescaled()); the output one
 * whole (vta_requant_program()).
 *
 * Rows of one element (slots): side A = slots 0..3 (data, vta_requant's 3 scratch rows), side
 * B = slots 4..7. A "paired" step runs on both sides: as written on A, and on B with its row
 * slots + VTA_ADD_EXACT_SIDE_SLOTS and its constant + VTA_ADD_EXACT_SIDE_CONSTS (on the VTA one
 * ALU instruction whose outer loop walks the two sides). Constants (one value per ACC row, the
 * same in every lane): [0] input1_offset, [1..8] input 1's vta_requant constants, [9] and
 * [10..17] the same for input 2, [18..25] the output's.
 *
 * Cost per element: 2 x (1 + 29) + 1 + 32 = 93 lane operations (63 ALU instructions per
 * chunk, 30 of them paired).
 *
 * Plain C11 with no libc beyond stdint: built into the firmware and the host tests alike. */
#ifndef ACCSIM_KERNELS_VTA_ADD_EXACT_H
#define ACCSIM_KERNELS_VTA_ADD_EXACT_H

#include <stdint.h>

#include "accsim_kernels/tfl_elementwise.h"
#include "accsim_kernels/vta_requant.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  VTA_ADD_EXACT_SIDE_SLOTS = 1 + VTA_REQUANT_NUM_SCRATCH,  /* 4 */
  VTA_ADD_EXACT_ROW_SLOTS = 2 * VTA_ADD_EXACT_SIDE_SLOTS,  /* 8 ACC rows per element row */
  VTA_ADD_EXACT_SIDE_CONSTS = 1 + VTA_REQUANT_NUM_CONST,   /* 9: offset + requant */
  VTA_ADD_EXACT_OUT_CONST = 2 * VTA_ADD_EXACT_SIDE_CONSTS, /* 18: first output constant */
  VTA_ADD_EXACT_NUM_CONST = 2 * VTA_ADD_EXACT_SIDE_CONSTS + VTA_REQUANT_NUM_CONST,  /* 26 */
  VTA_ADD_EXACT_NUM_STEPS = 1 + VTA_REQUANT_MBQM_OPS + 1 + VTA_REQUANT_NUM_OPS,     /* 63 */
  VTA_ADD_EXACT_LANE_OPS = 2 * (1 + VTA_REQUANT_MBQM_OPS) + 1 + VTA_REQUANT_NUM_OPS /* 93 */
};

enum { VTA_ADD_EXACT_SRC_ROW = 0, VTA_ADD_EXACT_SRC_CONST = 1, VTA_ADD_EXACT_SRC_IMM = 2 };

/* dst = op(dst, src) on every lane; src is row slot `src`, constant `src` or `imm`. */
typedef struct {
  uint8_t alu_opcode;
  uint8_t dst; /* row slot */
  uint8_t src_kind;
  uint8_t src;
  uint8_t paired; /* also on side B */
  int16_t imm;
} vta_add_exact_step_t;

/* NULL when the chain reproduces tfl_add_int8() exactly for every int8 input with these
 * parameters, else why not. What it accepts (all that tfl_add_prepare_int8() produces for
 * int8 zero points and a fused activation):
 *  - left_shift >= 0 and (128 + |input offset|) << left_shift < 2^30 for both inputs, so the
 *    reference's shifted inputs and the sum A + B stay in int32 (|A|, |B| <= the shifted input);
 *  - input multipliers >= 0 and input shifts in [-31, 0] (QuantizeMultiplierSmallerThanOneExp);
 *  - output multiplier >= 0, output shift in [-31, 31];
 *  - output_offset in int16 (an ALU immediate), act_min <= act_max, both in [-128, 127] (the
 *    STORE keeps the low 8 bits, the reference casts after clamping). */
const char* vta_add_exact_check(const TflArithmeticParams* params);

/* Writes the VTA_ADD_EXACT_NUM_STEPS steps; returns their count, or -1 if vta_add_exact_check()
 * refuses the parameters. */
int vta_add_exact_program(const TflArithmeticParams* params, vta_add_exact_step_t* steps,
                          int max_steps);

/* The VTA_ADD_EXACT_NUM_CONST constant values; 0, or -1 if the parameters are refused. */
int vta_add_exact_constants(const TflArithmeticParams* params, int32_t* constants);

/* One lane through the steps, as the VTA runs them: slot 0 = a, slot 4 = b (after the
 * identity GEMM), scratch rows start as junk; returns the stored byte (slot 0's low 8 bits). */
int8_t vta_add_exact_emulate(const vta_add_exact_step_t* steps, int n, const int32_t* constants,
                             int8_t a, int8_t b);

#ifdef __cplusplus
}
#endif

#endif
