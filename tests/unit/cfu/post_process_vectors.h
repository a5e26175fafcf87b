// Random post-processor inputs for the C++ model's and the RTL's bit-exactness tests: mostly
// realistic accumulators, biases and shifts (where the rounding matters), mixed with values
// from the whole int32 range, random output offsets and clamp ranges.
#pragma once

#include <cstdint>
#include <limits>
#include <random>
#include <utility>

#include "post_process.h"

namespace accsim_test {

struct PostProcessVector {
  int32_t acc = 0;
  int32_t bias = 0;
  int32_t multiplier = 0;
  int32_t shift = 0;
  accsim::cfu::OutputStage stage;
};

class PostProcessVectors {
 public:
  explicit PostProcessVectors(uint32_t seed) : m_rng(seed) {}

  // `full_range_clamp_share`: chance in 4 of the clamp being the whole int8 range.
  PostProcessVector next(int full_range_clamp_share = 0) {
    constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
    constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
    std::uniform_int_distribution<int32_t> any(kMin, kMax);
    std::uniform_int_distribution<int32_t> small(-(1 << 20), 1 << 20);
    std::uniform_int_distribution<int32_t> q31_above_half(1 << 30, kMax);
    std::uniform_int_distribution<int> shift(-31, 31);
    std::uniform_int_distribution<int> realistic_shift(-12, 2);
    std::uniform_int_distribution<int32_t> int8(-128, 127);
    std::uniform_int_distribution<int> quarter(0, 3);
    PostProcessVector v;
    const bool realistic = quarter(m_rng) != 0;
    v.acc = realistic ? small(m_rng) : any(m_rng);
    v.bias = realistic ? small(m_rng) / 16 : any(m_rng);
    v.multiplier = quarter(m_rng) == 0 ? any(m_rng) : q31_above_half(m_rng);
    v.shift = realistic ? realistic_shift(m_rng) : shift(m_rng);
    int32_t lo = int8(m_rng), hi = int8(m_rng);
    if (lo > hi) std::swap(lo, hi);
    if (quarter(m_rng) < full_range_clamp_share) {
      lo = -128;
      hi = 127;
    }
    v.stage = {int8(m_rng), lo, hi};
    return v;
  }

 private:
  std::mt19937 m_rng;
};

}  // namespace accsim_test
