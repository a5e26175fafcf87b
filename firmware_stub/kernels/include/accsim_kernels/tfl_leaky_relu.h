/* LEAKY_RELU int8, as TFLM's leaky_relu_common.cc prepares it and reference_ops::
 * QuantizeLeakyRelu evaluates it: (x - input zero point) rescaled by input_scale / output_scale
 * when >= 0, by input_scale * alpha / output_scale below, plus the output zero point, clamped.
 * Both multipliers are computed in float32 first, as TFLM does. */
#ifndef ACCSIM_KERNELS_TFL_LEAKY_RELU_H
#define ACCSIM_KERNELS_TFL_LEAKY_RELU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int32_t input_zero_point, output_zero_point;
  int32_t multiplier_identity, multiplier_alpha;
  int shift_identity, shift_alpha;
} TflLeakyReluParams;

/* Returns -1 for alpha < 0 (its negative multiplier is not supported here). */
int tfl_leaky_relu_prepare_int8(float input_scale, int32_t input_zero_point, float alpha,
                                float output_scale, int32_t output_zero_point,
                                TflLeakyReluParams* params);

void tfl_leaky_relu_int8(const TflLeakyReluParams* p, int count, const int8_t* input,
                         int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
