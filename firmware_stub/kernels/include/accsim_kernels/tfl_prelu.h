/* PRELU int8 with 4-D broadcasting of input and alpha, as TFLM's prelu_common.cc prepares it and
 * reference_ops::BroadcastPrelu4DSlow evaluates it: x = input - zp_in; x >= 0 rescales x by
 * input_scale / output_scale, x < 0 rescales x * (alpha - zp_alpha) by input_scale *
 * alpha_scale / output_scale (both multipliers from doubles); + zp_out, clamped to int8. */
#ifndef ACCSIM_KERNELS_TFL_PRELU_H
#define ACCSIM_KERNELS_TFL_PRELU_H

#include <stdint.h>

#include "accsim_kernels/shape4.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  Shape4 out;
  int32_t input_strides[4], alpha_strides[4];
  int32_t input_zero_point, alpha_zero_point, output_zero_point;
  int32_t multiplier_1, multiplier_2;
  int shift_1, shift_2;
} TflPreluParams;

/* Returns -1 when the input or alpha does not broadcast to `out`. */
int tfl_prelu_prepare_int8(const Shape4* input, float input_scale, int32_t input_zero_point,
                           const Shape4* alpha, float alpha_scale, int32_t alpha_zero_point,
                           const Shape4* out, float output_scale, int32_t output_zero_point,
                           TflPreluParams* params);

void tfl_prelu_int8(const TflPreluParams* p, const int8_t* input, const int8_t* alpha,
                    int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
