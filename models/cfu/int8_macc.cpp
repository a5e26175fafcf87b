#include "int8_macc.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace accsim::cfu {

std::array<uint32_t, 4> mac_words4_scalar(const uint32_t* input, const uint32_t* filters,
                                          uint32_t depth, int32_t input_offset) {
  const uint32_t* f0 = filters;
  const uint32_t* f1 = f0 + depth;
  const uint32_t* f2 = f1 + depth;
  const uint32_t* f3 = f2 + depth;
  // Each input lane extracted and offset once, not once per channel. Four named sums, not an
  // array with a channel loop: -O2 keeps neither that loop unrolled nor the array in registers.
  uint32_t acc0 = 0, acc1 = 0, acc2 = 0, acc3 = 0;
  for (uint32_t w = 0; w < depth; ++w) {
    const uint32_t in = input[w];
    const int32_t x0 = int8_lane(in, 0) + input_offset;
    const int32_t x1 = int8_lane(in, 1) + input_offset;
    const int32_t x2 = int8_lane(in, 2) + input_offset;
    const int32_t x3 = int8_lane(in, 3) + input_offset;
    const auto dot = [=](uint32_t f) {
      return static_cast<uint32_t>(x0 * int8_lane(f, 0)) +
             static_cast<uint32_t>(x1 * int8_lane(f, 1)) +
             static_cast<uint32_t>(x2 * int8_lane(f, 2)) +
             static_cast<uint32_t>(x3 * int8_lane(f, 3));
    };
    acc0 += dot(f0[w]);
    acc1 += dot(f1[w]);
    acc2 += dot(f2[w]);
    acc3 += dot(f3[w]);
  }
  return {acc0, acc1, acc2, acc3};
}

#if defined(__SSE2__)
namespace {

// The eight int8 lanes of bytes 0-7 (low) or 8-15 (high) of `v`, sign-extended to 16 bits: each
// byte paired with itself, then shifted down arithmetically.
__m128i widen_low(__m128i v) { return _mm_srai_epi16(_mm_unpacklo_epi8(v, v), 8); }
__m128i widen_high(__m128i v) { return _mm_srai_epi16(_mm_unpackhi_epi8(v, v), 8); }

uint32_t lane_sum(__m128i v) {
  uint32_t lanes[4];
  _mm_storeu_si128(reinterpret_cast<__m128i*>(lanes), v);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}

}  // namespace
#endif

std::array<uint32_t, 4> mac_words4(const uint32_t* input, const uint32_t* filters, uint32_t depth,
                                   int32_t input_offset) {
#if defined(__SSE2__)
  // Four words (sixteen lanes) at a time: lanes widened to 16 bits, the offset added, and each
  // pair of products summed into a 32-bit lane (pmaddwd). Exact when every offset input fits 16
  // bits: then a product with an int8 fits in 2^22 and a pair's sum in 32 bits, the 32-bit adds
  // wrap as the scalar sums do, and a sum's order does not matter modulo 2^32.
  constexpr int32_t kWidest = 32767 - 127;  // an offset that keeps lane + offset in 16 bits
  if (input_offset >= -kWidest && input_offset <= kWidest && depth >= 4) {
    const __m128i offset = _mm_set1_epi16(static_cast<int16_t>(input_offset));
    __m128i sum[4] = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128(),
                      _mm_setzero_si128()};
    const uint32_t vector_words = depth & ~3u;
    for (uint32_t w = 0; w < vector_words; w += 4) {
      const __m128i in = _mm_loadu_si128(reinterpret_cast<const __m128i*>(input + w));
      const __m128i x_low = _mm_add_epi16(widen_low(in), offset);
      const __m128i x_high = _mm_add_epi16(widen_high(in), offset);
      for (int c = 0; c < 4; ++c) {
        const __m128i f =
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(filters + c * depth + w));
        sum[c] = _mm_add_epi32(sum[c], _mm_add_epi32(_mm_madd_epi16(x_low, widen_low(f)),
                                                     _mm_madd_epi16(x_high, widen_high(f))));
      }
    }
    std::array<uint32_t, 4> acc{};
    for (int c = 0; c < 4; ++c) {
      acc[c] = lane_sum(sum[c]);
      for (uint32_t w = vector_words; w < depth; ++w) {
        acc[c] += mac_word(input[w], filters[c * depth + w], input_offset);
      }
    }
    return acc;
  }
#endif
  return mac_words4_scalar(input, filters, depth, input_offset);
}

}  // namespace accsim::cfu
