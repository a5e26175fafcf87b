/* 16x8 ADD and MUL (int16 activations, zero point 0) with 4-D broadcasting, as TFLM prepares them
 * (add_common.cc with left_shift 15; mul_common.cc) and evaluates them (reference_ops::Add with
 * pot_scale false = AddGeneralParamScale, BroadcastAdd4DSlow; reference_integer_ops::
 * MulElementwise / BroadcastMul6DSlow): the int8 formulas with int16 limits. */
#ifndef ACCSIM_KERNELS_TFL_ELEMENTWISE_INT16_H
#define ACCSIM_KERNELS_TFL_ELEMENTWISE_INT16_H

#include <stdint.h>

#include "accsim_kernels/shape4.h"
#include "accsim_kernels/tfl_elementwise.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ADD: twice_max = 2 * double(max(s1, s2)); input multipliers s / twice_max, output multiplier
 * twice_max / (2^15 * so), QuantizeMultiplierSmallerThanOneExp each. act_min/act_max: the int16
 * activation range. Returns -1 where TFLM's prepare fails. */
int tfl_add_prepare_int16(float input1_scale, int32_t input1_zero_point, float input2_scale,
                          int32_t input2_zero_point, float output_scale, int32_t output_zero_point,
                          int32_t act_min, int32_t act_max, TflArithmeticParams* params);
/* MUL: QuantizeMultiplier(double(s1) * double(s2) / double(so)). */
void tfl_mul_prepare_int16(float input1_scale, int32_t input1_zero_point, float input2_scale,
                           int32_t input2_zero_point, float output_scale, int32_t output_zero_point,
                           int32_t act_min, int32_t act_max, TflArithmeticParams* params);

/* Each returns -1 if an input does not broadcast to output_shape. */
int tfl_add_int16(const TflArithmeticParams* params, const Shape4* input1_shape,
                  const int16_t* input1, const Shape4* input2_shape, const int16_t* input2,
                  const Shape4* output_shape, int16_t* output);
int tfl_mul_int16(const TflArithmeticParams* params, const Shape4* input1_shape,
                  const int16_t* input1, const Shape4* input2_shape, const int16_t* input2,
                  const Shape4* output_shape, int16_t* output);

#ifdef __cplusplus
}
#endif

#endif
