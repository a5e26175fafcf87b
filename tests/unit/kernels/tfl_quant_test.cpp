// tfl_quant: TFLite's prepare-time conversions of float scales into integer parameters. Every
// expected value is derived by hand from quantization_util.cc / kernel_util.cc (see comments).
#include "accsim_kernels/tfl_quant.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>

namespace {

struct Quantized {
  int32_t multiplier;
  int shift;
};

Quantized Quantize(double d) {
  Quantized q{};
  tfl_quantize_multiplier(d, &q.multiplier, &q.shift);
  return q;
}

void ExpectQuantized(double d, int32_t multiplier, int shift) {
  INFO("d=" << d);
  const Quantized q = Quantize(d);
  CHECK(q.multiplier == multiplier);
  CHECK(q.shift == shift);
}

constexpr int32_t kHalfQ31 = int32_t{1} << 30;

}  // namespace

TEST_CASE("quantize multiplier of powers of two and simple fractions") {
  ExpectQuantized(0.0, 0, 0);           // TFLite's early return for zero
  ExpectQuantized(0.5, kHalfQ31, 0);    // frexp(0.5) = 0.5 * 2^0
  ExpectQuantized(1.0, kHalfQ31, 1);    // 0.5 * 2^1
  ExpectQuantized(3.0, 1610612736, 2);  // 0.75 * 2^2; 0.75 * 2^31 = 1610612736
  ExpectQuantized(0.75, 1610612736, 0);
  ExpectQuantized(std::ldexp(1.0, -20), kHalfQ31, -19);
}

TEST_CASE("quantize multiplier rounds the significand half away from zero") {
  // q = 0.5 + 2^-32: q * 2^31 = 2^30 + 0.5 exactly, rounds up to 2^30 + 1.
  ExpectQuantized(0.5 + std::ldexp(1.0, -32), kHalfQ31 + 1, 0);
  // q = 0.5 + 2^-33: q * 2^31 = 2^30 + 0.25, rounds down.
  ExpectQuantized(0.5 + std::ldexp(1.0, -33), kHalfQ31, 0);
}

TEST_CASE("quantize multiplier halves a significand that rounds to 2^31") {
  // q = 1 - 2^-40: q * 2^31 = 2^31 - 2^-9 rounds to 2^31, which becomes 2^30 with shift + 1.
  ExpectQuantized(1.0 - std::ldexp(1.0, -40), kHalfQ31, 1);
  ExpectQuantized(std::ldexp(1.0 - std::ldexp(1.0, -40), -5), kHalfQ31, -4);
}

TEST_CASE("quantize multiplier flushes shifts below -31 to zero") {
  ExpectQuantized(std::ldexp(1.0, -32), kHalfQ31, -31);  // 0.5 * 2^-31: still representable
  ExpectQuantized(std::ldexp(1.0, -33), 0, 0);           // 0.5 * 2^-32: shift -32 flushes
  ExpectQuantized(1e-10, 0, 0);                          // ~0.86 * 2^-33
  ExpectQuantized(std::ldexp(0.75, -1000), 0, 0);
}

TEST_CASE("quantize multiplier of a subnormal flushes to zero") {
  ExpectQuantized(std::ldexp(1.0, -1070), 0, 0);
}

TEST_CASE("quantize multiplier reconstructs the real value closely") {
  for (double d : {0.0123, 0.3, 0.999999, 1.7, 123.456, 1e-9}) {
    const Quantized q = Quantize(d);
    INFO("d=" << d);
    CHECK(q.multiplier >= kHalfQ31);
    CHECK(std::ldexp(static_cast<double>(q.multiplier), q.shift - 31) == Approx(d).epsilon(1e-9));
  }
}

TEST_CASE("smaller than one exp accepts only (0, 1)") {
  int32_t m = 0;
  int shift = 0;
  CHECK(tfl_quantize_multiplier_smaller_than_one_exp(0.25, &m, &shift) == 0);
  CHECK(m == kHalfQ31);
  CHECK(shift == -1);
  CHECK(tfl_quantize_multiplier_smaller_than_one_exp(1.0, &m, &shift) == -1);
  CHECK(tfl_quantize_multiplier_smaller_than_one_exp(0.0, &m, &shift) == -1);
  CHECK(tfl_quantize_multiplier_smaller_than_one_exp(-0.5, &m, &shift) == -1);
  // 1 - 2^-40 is below one but its significand rounds up to shift +1: TFLite's CHECK fails.
  CHECK(tfl_quantize_multiplier_smaller_than_one_exp(1.0 - std::ldexp(1.0, -40), &m, &shift) == -1);
}

TEST_CASE("greater than one accepts only values above one") {
  int32_t m = 0;
  int shift = 0;
  CHECK(tfl_quantize_multiplier_greater_than_one(3.0, &m, &shift) == 0);
  CHECK(m == 1610612736);
  CHECK(shift == 2);
  CHECK(tfl_quantize_multiplier_greater_than_one(1.0, &m, &shift) == -1);
  CHECK(tfl_quantize_multiplier_greater_than_one(0.5, &m, &shift) == -1);
}

TEST_CASE("input radius is floor((2^ib - 1) * 2^(31 - ib) / 2^shift)") {
  CHECK(tfl_calculate_input_radius(5, 0, 31) == 31 * (1 << 26));
  CHECK(tfl_calculate_input_radius(5, 23, 31) == 248);  // 31 * 2^26 / 2^23
  CHECK(tfl_calculate_input_radius(5, 27, 31) == 15);   // 31 / 2 = 15.5 floors
  CHECK(tfl_calculate_input_radius(5, 31, 31) == 0);    // 31 / 32 floors
  CHECK(tfl_calculate_input_radius(4, 20, 15) == 0);    // 15 * 2^11 / 2^20
}

TEST_CASE("softmax scaling is beta * scale * 2^26 as a greater-than-one multiplier") {
  int32_t m = 0;
  int shift = 0;
  // 1 * 2^-8 * 2^26 = 2^18 = 0.5 * 2^19.
  REQUIRE(tfl_preprocess_softmax_scaling(1.0, 1.0 / 256, 5, &m, &shift) == 0);
  CHECK(m == kHalfQ31);
  CHECK(shift == 19);
  // Capped at 2^31 - 1: significand (2^31 - 1) / 2^31, shift 31.
  REQUIRE(tfl_preprocess_softmax_scaling(1.0, 1000.0, 5, &m, &shift) == 0);
  CHECK(m == INT32_MAX);
  CHECK(shift == 31);
  // 2^-27 * 2^26 = 0.5 is not above one: TFLite's CHECK fails.
  CHECK(tfl_preprocess_softmax_scaling(1.0, std::ldexp(1.0, -27), 5, &m, &shift) == -1);
}

TEST_CASE("activation range quantises 0, 6, -1 and 1 with the output parameters") {
  int32_t lo = 0, hi = 0;
  REQUIRE(tfl_activation_range_int8(TFL_FUSED_NONE, 0.05f, 10, &lo, &hi) == 0);
  CHECK(lo == -128);
  CHECK(hi == 127);
  REQUIRE(tfl_activation_range_int8(TFL_FUSED_RELU, 0.05f, 10, &lo, &hi) == 0);
  CHECK(lo == 10);  // the zero point is real 0
  CHECK(hi == 127);
  REQUIRE(tfl_activation_range_int8(TFL_FUSED_RELU6, 0.05f, 10, &lo, &hi) == 0);
  CHECK(lo == 10);
  CHECK(hi == 127);  // 10 + 6 / 0.05 = 130 saturates at 127
  REQUIRE(tfl_activation_range_int8(TFL_FUSED_RELU6, 0.1f, -100, &lo, &hi) == 0);
  CHECK(lo == -100);
  CHECK(hi == -40);  // -100 + 60
  REQUIRE(tfl_activation_range_int8(TFL_FUSED_RELU_N1_TO_1, 0.05f, 10, &lo, &hi) == 0);
  CHECK(lo == -10);  // 10 - 20
  CHECK(hi == 30);   // 10 + 20
}

TEST_CASE("activation range rounds an exact float half away from zero") {
  // 1 / 0.4f is 2.5f exactly in float arithmetic, which std::round takes to 3 (not 2).
  const volatile float scale = 0.4f;
  REQUIRE(1.0f / scale == 2.5f);
  int32_t lo = 0, hi = 0;
  REQUIRE(tfl_activation_range_int8(TFL_FUSED_RELU_N1_TO_1, scale, 0, &lo, &hi) == 0);
  CHECK(lo == -3);
  CHECK(hi == 3);
}

TEST_CASE("activation range refuses a bound outside int32") {
  int32_t lo = 0, hi = 0;
  CHECK(tfl_activation_range_int8(TFL_FUSED_RELU6, 1e-12f, 0, &lo, &hi) == -1);
}

TEST_CASE("per-channel multipliers use the double product, broadcasting one scale") {
  const float filter_scales[2] = {0.25f, 0.5f};
  int32_t m[2] = {0, 0}, s[2] = {0, 0};
  // 0.5 * 0.25 / 0.125 = 1 -> (2^30, 1); 0.5 * 0.5 / 0.125 = 2 -> (2^30, 2).
  tfl_per_channel_multipliers(0.5f, filter_scales, 2, 0.125f, 2, m, s);
  CHECK(m[0] == kHalfQ31);
  CHECK(s[0] == 1);
  CHECK(m[1] == kHalfQ31);
  CHECK(s[1] == 2);
  tfl_per_channel_multipliers(0.5f, filter_scales, 1, 0.125f, 2, m, s);
  CHECK(s[0] == 1);
  CHECK(s[1] == 1);
}
