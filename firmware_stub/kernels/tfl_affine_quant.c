#include "accsim_kernels/tfl_affine_quant.h"

int32_t tfl_round_float_to_int32(float x) {
  if (x != x) return 0;
  if (x >= 2147483648.0f) return INT32_MAX;
  if (x <= -2147483648.0f) return INT32_MIN;
  int32_t whole = (int32_t)x; /* toward zero */
  /* Exact: below 2^24 the integer part of a float is a float and the difference of the two is
   * representable; from 2^23 up every float is an integer and the difference is 0. (Adding 0.5
   * and truncating would not be: 0.49999997f + 0.5f rounds to 1.) */
  const float fraction = x - (float)whole;
  if (fraction >= 0.5f) ++whole;
  if (fraction <= -0.5f) --whole;
  return whole;
}

void tfl_affine_quantize_float_to_int8(float scale, int32_t zero_point, int size,
                                       const float* input, int8_t* output) {
  for (int i = 0; i < size; ++i) {
    int32_t v = tfl_round_float_to_int32(input[i] / scale);
    /* Narrow first so adding the zero point (in [-128, 255]) cannot overflow; the clamp below
     * gives the same result. */
    if (v > 512) v = 512;
    if (v < -512) v = -512;
    v += zero_point;
    if (v > 127) v = 127;
    if (v < -128) v = -128;
    output[i] = (int8_t)v;
  }
}

void tfl_dequantize_int8_to_float(float scale, int32_t zero_point, int size, const int8_t* input,
                                  float* output) {
  for (int i = 0; i < size; ++i) output[i] = scale * (float)(input[i] - zero_point);
}

void tfl_dequantize_uint8_to_float(float scale, int32_t zero_point, int size, const uint8_t* input,
                                   float* output) {
  for (int i = 0; i < size; ++i) output[i] = scale * (float)(input[i] - zero_point);
}
