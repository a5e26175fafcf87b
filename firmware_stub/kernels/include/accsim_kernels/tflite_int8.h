/* TFLite int8 arithmetic, exactly as docs/reference/tflite-int8.md specifies. */
#ifndef ACCSIM_KERNELS_TFLITE_INT8_H
#define ACCSIM_KERNELS_TFLITE_INT8_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* a + b modulo 2^32: what the reference's int32 additions of bias and output offset do on
 * every target in practice, and what the CFU's 32-bit adders do. Written out so extreme
 * quantisation parameters (the MBQM result near INT32_MIN/MAX) stay defined behaviour in C. */
static inline int32_t add_wrapping(int32_t a, int32_t b) {
  return (int32_t)((uint32_t)a + (uint32_t)b);
}

int32_t saturating_rounding_doubling_high_mul(int32_t a, int32_t b);
int32_t rounding_divide_by_pot(int32_t x, int exponent);
/* MultiplyByQuantizedMultiplier(x, multiplier, shift), TFLite's reference form. */
int32_t multiply_by_quantized_multiplier(int32_t x, int32_t multiplier, int shift);

/* TFLite's output size and leading padding along one dimension (dilation 1):
 * SAME (same != 0) or VALID. */
void tflite_output_size(int in, int kernel, int stride, int same, int* out, int* pad_before);

#ifdef __cplusplus
}
#endif

#endif
