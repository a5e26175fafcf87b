/* Seed 004's int8 ADD on VTA (alkali-csd-fw's delegate), its host model, and TFLite's int8 ADD
 * that it approximates. Plain C (doubles only while deriving parameters), identical on the host
 * and the firmware.
 *
 * The VTA scheme (docs/reference/vta-isa.md section 9, seed 004):
 *   dms = 2 * max(s_a, s_b); Q15 multipliers (frexp, round, int16) of s_a/dms, s_b/dms and
 *   dms / (2^7 * s_y);
 *   CPU:  A' = ((((a - z_a) << 7) * m_a + 2^14) >> 15) >> -shift_a   (likewise B')
 *   VTA:  y = A' + B'; y *= m_y; y >>= 15 - shift_y; y += z_y; y = min(y, act_max);
 *         y = max(y, act_min); out = low 8 bits of y.
 * Seed 004's text writes MIN 128 / MAX -127: an off-by-one typo, the int8 range is
 * [-128, 127] (here [act_min, act_max], -128/127 without a fused activation).
 *
 * Limits (vta_add_params_check()): A' and B' are at most 255 * 2^7 / 2 = 16320 in magnitude, so
 * (A' + B') * m_y always fits int32. The result stays within +-1 LSB of TFLite while one unit
 * of A' is small against an output LSB: s_yinv' = dms / (2^7 s_y) < 1/8, i.e. 2 max(s_a, s_b) <
 * 16 s_y; the check refuses ratios beyond that, and SHR amounts outside [0, 31]. */
#ifndef ACCSIM_KERNELS_VTA_ADD_REF_H
#define ACCSIM_KERNELS_VTA_ADD_REF_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define VTA_ADD_LEFT_SHIFT 7
#define TFLITE_ADD_LEFT_SHIFT 20

/* Real-valued quantisation of the three tensors. */
typedef struct {
  double scale_a, scale_b, scale_y;
  int32_t zero_a, zero_b, zero_y;
  int32_t act_min, act_max;
} AddQuant;

/* Seed 004's VTA parameters. */
typedef struct {
  int32_t offset_a, offset_b; /* -zero point */
  int16_t mult_a, mult_b, mult_y;
  int32_t shift_a, shift_b, shift_y;
  int32_t zero_y;
  int32_t act_min, act_max;
} VtaAddParams;

/* TFLite's reference int8 ADD parameters (left_shift 20, Q31 multipliers). */
typedef struct {
  int32_t input1_offset, input2_offset, output_offset;
  int32_t input1_multiplier, input2_multiplier, output_multiplier;
  int32_t input1_shift, input2_shift, output_shift;
  int32_t act_min, act_max;
} TfliteAddParams;

/* frexp() for finite doubles (no libm on the firmware): x = q * 2^exp, q in [0.5, 1). */
double vta_frexp(double x, int* exp);
/* Seed 004's Q15: q = frexp(d), m = round(q * 2^15) (2^15 -> 2^14 with shift + 1). */
void vta_quantize_q15(double d, int16_t* multiplier, int32_t* shift);
/* TFLite's QuantizeMultiplier: Q31. */
void tflite_quantize_multiplier(double d, int32_t* multiplier, int32_t* shift);

void vta_add_params(const AddQuant* q, VtaAddParams* vta, TfliteAddParams* tflite);
/* 0 when the parameters are inside the scheme's limits (see above), else a message. */
const char* vta_add_params_check(const VtaAddParams* p);

/* The CPU's rescaling of one input value to A' (or B'). */
int32_t vta_add_rescale(int8_t value, int32_t offset, int16_t multiplier, int32_t shift);
/* The VTA's ALU chain on one lane, with the ALU's lane semantics. */
int8_t vta_add_finish(int32_t a_rescaled, int32_t b_rescaled, const VtaAddParams* p);

/* Mode 1 of the VTA ADD: the rescale on the VTA instead of the CPU. The int8 value, moved into
 * an ACC lane by a GEMM with an identity weight block, becomes vta_add_rescale()'s result with
 * three ALU lane operations whose operands are constant ACC rows (they do not fit the 16-bit
 * immediate):
 *   x = v * mul;  x = x + add;  x = x >> shr      mul = m * 2^7, add = offset * m * 2^7 + 2^14,
 *                                                  shr = 15 - shift
 * equal to ((((v + offset) << 7) * m + 2^14) >> 15) >> -shift because the two arithmetic
 * shifts are floors and floor(floor(x / 2^15) / 2^s) = floor(x / 2^(15+s)). Every
 * intermediate fits int32: |v|, |offset| <= 128 and 0 <= m < 2^15 bound |x| by
 * 255 * 2^7 * (2^15 - 1) + 2^14 < 2^30. */
typedef struct {
  int32_t mul, add, shr;
} VtaAddAluRescale;
/* 0, or why (offset, multiplier, shift) cannot be rescaled this way (shr outside [0, 31]). */
const char* vta_add_alu_rescale_params(int32_t offset, int16_t multiplier, int32_t shift,
                                       VtaAddAluRescale* r);
/* The three lane operations, with vta_alu_lane()'s semantics. */
int32_t vta_add_alu_rescale(int8_t value, const VtaAddAluRescale* r);

/* The host model: what the VTA computes, element by element (both modes). */
void vta_add_model(const VtaAddParams* p, const int8_t* a, const int8_t* b, int8_t* out,
                   int length);
/* TFLite's reference AddElementwise (int8). */
void tflite_add_int8(const TfliteAddParams* p, const int8_t* a, const int8_t* b, int8_t* out,
                     int length);

#ifdef __cplusplus
}
#endif

#endif
