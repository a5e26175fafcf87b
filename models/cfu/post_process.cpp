#include "post_process.h"

#include <algorithm>
#include <limits>

namespace accsim::cfu {

namespace {
int32_t wrap(int64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(v)); }
}  // namespace

int32_t saturating_rounding_doubling_high_mul(int32_t a, int32_t b) {
  constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
  if (a == kMin && b == kMin) return std::numeric_limits<int32_t>::max();
  const int64_t product = int64_t{a} * int64_t{b};
  const int64_t nudge = product >= 0 ? (int64_t{1} << 30) : 1 - (int64_t{1} << 30);
  // C++ division truncates toward zero, as the reference requires (not an arithmetic shift).
  return static_cast<int32_t>((product + nudge) / (int64_t{1} << 31));
}

int32_t rounding_divide_by_power_of_two(int32_t x, int exponent) {
  const int32_t mask = static_cast<int32_t>((int64_t{1} << exponent) - 1);
  const int32_t remainder = x & mask;
  const int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
  return (x >> exponent) + (remainder > threshold ? 1 : 0);
}

int32_t multiply_by_quantized_multiplier(int32_t x, int32_t multiplier, int shift) {
  const int left = std::max(shift, 0);
  const int right = std::max(-shift, 0);
  const int32_t scaled = wrap(int64_t{static_cast<uint32_t>(x)} << left);
  return rounding_divide_by_power_of_two(saturating_rounding_doubling_high_mul(scaled, multiplier),
                                         right);
}

int8_t post_process(int32_t acc, int32_t bias, int32_t multiplier, int32_t shift,
                    const OutputStage& stage) {
  int32_t v = multiply_by_quantized_multiplier(wrap(int64_t{acc} + bias), multiplier, shift);
  v = wrap(int64_t{v} + stage.output_offset);
  v = std::clamp(v, stage.activation_min, stage.activation_max);
  return static_cast<int8_t>(v);
}

}  // namespace accsim::cfu
