/* int8 -> int8 QUANTIZE (requantisation), as TFLM's quantize_common.cc prepares it
 * (QuantizeMultiplier(double(input_scale) / double(output_scale))) and
 * reference_ops::Requantize evaluates it. */
#ifndef ACCSIM_KERNELS_TFL_REQUANTIZE_H
#define ACCSIM_KERNELS_TFL_REQUANTIZE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int32_t multiplier;
  int shift;
  int32_t input_zero_point, output_zero_point;
} TflRequantizeParams;

void tfl_requantize_prepare_int8(float input_scale, int32_t input_zero_point, float output_scale,
                                 int32_t output_zero_point, TflRequantizeParams* params);

/* out = clamp(MBQM(in - input_zp) + output_zp, -128, 127) for size elements. */
void tfl_requantize_int8(const TflRequantizeParams* params, int size, const int8_t* input,
                         int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
