// An independent C++ model of the TFLite int8 arithmetic in reference/tflite-int8.md, written
// from the spec rather than from the C kernels so a shared misreading cannot hide.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace accsim_test {

// SaturatingRoundingDoublingHighMul as exact int64 rounding: round(a * m / 2^31) with halves
// going up for non-negative products and toward zero for negative ones (the effect of
// gemmlowp's 1 - 2^30 nudge under truncating division), saturated to int32 (only
// INT32_MIN * INT32_MIN reaches 2^31).
inline int32_t ModelHighMul(int32_t a, int32_t m) {
  const int64_t p = int64_t{a} * int64_t{m};
  const int64_t r =
      p >= 0 ? (p + (int64_t{1} << 30)) >> 31 : -((-p + (int64_t{1} << 30) - 1) >> 31);
  return static_cast<int32_t>(std::min<int64_t>(r, std::numeric_limits<int32_t>::max()));
}

// RoundingDivideByPOT as round-half-away-from-zero of v / 2^right in int64.
inline int32_t ModelDivideByPot(int32_t v, int right) {
  if (right == 0) return v;
  const int64_t half = int64_t{1} << (right - 1);
  const int64_t mag = v >= 0 ? int64_t{v} : -int64_t{v};
  const int64_t q = (mag + half) >> right;
  return static_cast<int32_t>(v >= 0 ? q : -q);
}

inline int32_t ModelMultiplyByQuantizedMultiplier(int32_t x, int32_t m, int shift) {
  const int left = std::max(shift, 0);
  const int right = std::max(-shift, 0);
  // x * 2^left wraps modulo 2^32, like the int32 arithmetic of the C++ reference.
  const int32_t a = static_cast<int32_t>(static_cast<uint32_t>(x) << left);
  return ModelDivideByPot(ModelHighMul(a, m), right);
}

// QuantizeMultiplier(double) from the spec: for generating realistic multipliers.
inline void ModelQuantizeMultiplier(double d, int32_t* multiplier, int* shift) {
  int exponent = 0;
  const double q = std::frexp(d, &exponent);
  int64_t q_fixed = static_cast<int64_t>(std::llround(q * 2147483648.0));
  if (q_fixed == (int64_t{1} << 31)) {
    q_fixed /= 2;
    ++exponent;
  }
  *multiplier = static_cast<int32_t>(q_fixed);
  *shift = exponent;
}

}  // namespace accsim_test
