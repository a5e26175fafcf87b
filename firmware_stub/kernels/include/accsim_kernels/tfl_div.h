/* DIV int8 with 4-D broadcasting, as TFLM's div.cc prepares it and reference_ops::
 * DivElementwise / BroadcastDivSlowQuantized evaluate it: the divisor's reciprocal from
 * GetReciprocal (Q0.31, both operands' signs moved to the dividend), the dividend scaled up by
 * its leading sign bits, multiplied, then rescaled by QuantizeMultiplier(float32
 * in1_scale / (in2_scale * out_scale)) with the shifts combined; + zp_out, clamped to the fused
 * activation's range. Where TFLM's C++ is undefined, x86-64's execution is followed (TFLM's
 * expected outputs come from its x86-64 build): a divisor at its zero point takes
 * GetReciprocal(0) with the 32-bit shift by 32 taken modulo 32, and the final rounding shift,
 * above 31 when the dividend is at or near its zero point, takes its counts modulo 64 (mask) and
 * 32 (shift). */
#ifndef ACCSIM_KERNELS_TFL_DIV_H
#define ACCSIM_KERNELS_TFL_DIV_H

#include <stdint.h>

#include "accsim_kernels/shape4.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  Shape4 out;
  int32_t strides1[4], strides2[4];
  int32_t input1_zero_point, input2_zero_point, output_zero_point;
  int32_t act_min, act_max;
  int32_t output_multiplier;
  int output_shift;
} TflDivParams;

/* Returns -1 when an input does not broadcast to `out`, or when the output shift is above 23
 * (where TFLM's final rounding shift could turn negative). */
int tfl_div_prepare_int8(const Shape4* in1, float scale1, int32_t zero_point1, const Shape4* in2,
                         float scale2, int32_t zero_point2, const Shape4* out, float out_scale,
                         int32_t out_zero_point, int32_t act_min, int32_t act_max,
                         TflDivParams* params);

void tfl_div_int8(const TflDivParams* p, const int8_t* in1, const int8_t* in2, int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
