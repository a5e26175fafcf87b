#include "accsim_kernels/tflite_int8.h"

int32_t saturating_rounding_doubling_high_mul(int32_t a, int32_t b) {
  if (a == INT32_MIN && b == INT32_MIN) return INT32_MAX;
  const int64_t product = (int64_t)a * (int64_t)b;
  const int64_t nudge = product >= 0 ? (1ll << 30) : (1 - (1ll << 30));
  return (int32_t)((product + nudge) / (1ll << 31)); /* C division truncates toward zero */
}

int32_t rounding_divide_by_pot(int32_t x, int exponent) {
  const int32_t mask = (int32_t)((1ll << exponent) - 1);
  const int32_t remainder = x & mask;
  const int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
  return (x >> exponent) + (remainder > threshold ? 1 : 0);
}

int32_t multiply_by_quantized_multiplier(int32_t x, int32_t multiplier, int shift) {
  const int left = shift > 0 ? shift : 0;
  const int right = shift > 0 ? 0 : -shift;
  /* x * 2^left wraps like the C++ reference (done in unsigned to stay defined in C). */
  const int32_t shifted = (int32_t)((uint32_t)x << left);
  return rounding_divide_by_pot(saturating_rounding_doubling_high_mul(shifted, multiplier), right);
}

void tflite_output_size(int in, int kernel, int stride, int same, int* out, int* pad_before) {
  if (same) {
    *out = (in + stride - 1) / stride;
    const int pad = (*out - 1) * stride + kernel - in;
    *pad_before = pad > 0 ? pad / 2 : 0;
  } else {
    *out = (in - kernel) / stride + 1;
    *pad_before = 0;
  }
}
