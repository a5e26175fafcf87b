// MultiplyByQuantizedMultiplier and its two halves: the edge cases tflite-int8.md lists, with
// hand-derived expected values, plus a randomized cross-check against the int64 model.
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <random>

#include "accsim_kernels/tflite_int8.h"
#include "tflite_model.h"

using accsim_test::ModelDivideByPot;
using accsim_test::ModelHighMul;
using accsim_test::ModelMultiplyByQuantizedMultiplier;

namespace {

constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
constexpr int32_t kHalf = int32_t{1} << 30;  // 0.5 in Q31

// Checks the C kernel and the model agree with each other and with the hand-derived value.
void ExpectMbqm(int32_t x, int32_t m, int shift, int32_t expected) {
  INFO("x=" << x << " m=" << m << " shift=" << shift);
  CHECK(multiply_by_quantized_multiplier(x, m, shift) == expected);
  CHECK(ModelMultiplyByQuantizedMultiplier(x, m, shift) == expected);
}

}  // namespace

TEST_CASE("mbqm half multiplier with shift +1 is the identity") {
  for (int32_t x : {0, 1, -1, 7, -7, 1000000, -1000000, kMax / 2, kMin / 2}) {
    ExpectMbqm(x, kHalf, 1, x);
  }
}

TEST_CASE("mbqm exact negative halves round away from zero") {
  // SRDHM(-10, 0.5) = -5 exactly, then -5 / 2 = -2.5 must become -3 in RoundingDivideByPOT.
  ExpectMbqm(-10, kHalf, -1, -3);
  ExpectMbqm(-6, kHalf, -1, -2);   // -1.5 -> -2
  ExpectMbqm(-2, kHalf, -1, -1);   // -0.5 -> -1
  ExpectMbqm(-12, kHalf, -2, -2);  // -6 / 4 = -1.5 -> -2
  ExpectMbqm(-10, kHalf, -2, -1);  // -5 / 4 = -1.25 -> -1 (not a half: nearest)
  ExpectMbqm(-14, kHalf, -2, -2);  // -7 / 4 = -1.75 -> -2
}

TEST_CASE("mbqm exact positive halves round away from zero") {
  ExpectMbqm(10, kHalf, -1, 3);  // 2.5 -> 3
  ExpectMbqm(6, kHalf, -1, 2);   // 1.5 -> 2
  ExpectMbqm(2, kHalf, -1, 1);   // 0.5 -> 1
  ExpectMbqm(10, kHalf, -2, 1);  // 1.25 -> 1
}

TEST_CASE("rounding divide by pot rounds halves away from zero") {
  CHECK(rounding_divide_by_pot(-5, 1) == -3);
  CHECK(rounding_divide_by_pot(5, 1) == 3);
  CHECK(rounding_divide_by_pot(-4, 1) == -2);
  CHECK(rounding_divide_by_pot(-3, 2) == -1);  // -0.75
  CHECK(rounding_divide_by_pot(-1, 2) == 0);   // -0.25
  CHECK(rounding_divide_by_pot(kMin, 31) == -1);
  CHECK(rounding_divide_by_pot(kMax, 31) == 1);
  CHECK(rounding_divide_by_pot(kHalf, 31) == 1);      // exactly 0.5
  CHECK(rounding_divide_by_pot(-kHalf, 31) == -1);    // exactly -0.5
  CHECK(rounding_divide_by_pot(kHalf - 1, 31) == 0);  // just under 0.5
  CHECK(rounding_divide_by_pot(12345, 0) == 12345);
}

TEST_CASE("high mul rounds negative halves toward zero as gemmlowp does") {
  // The 1 - 2^30 nudge plus truncating division: -2.5 -> -2 here (the away-from-zero rounding
  // of MultiplyByQuantizedMultiplier comes from RoundingDivideByPOT only).
  CHECK(saturating_rounding_doubling_high_mul(-5, kHalf) == -2);
  CHECK(saturating_rounding_doubling_high_mul(5, kHalf) == 3);
  CHECK(saturating_rounding_doubling_high_mul(-3, kHalf) == -1);
  CHECK(ModelHighMul(-5, kHalf) == -2);
  CHECK(ModelHighMul(5, kHalf) == 3);
}

TEST_CASE("high mul saturates only for INT32_MIN times INT32_MIN") {
  CHECK(saturating_rounding_doubling_high_mul(kMin, kMin) == kMax);
  CHECK(saturating_rounding_doubling_high_mul(kMin, kMin + 1) == kMax);  // 2^31 - 1 exactly
  CHECK(saturating_rounding_doubling_high_mul(kMax, kMax) == kMax - 1);
  CHECK(ModelHighMul(kMin, kMin) == kMax);
}

TEST_CASE("mbqm both INT32_MIN saturates to INT32_MAX") {
  ExpectMbqm(kMin, kMin, 0, kMax);
  ExpectMbqm(kMin, kMin, -31, 1);  // (2^31 - 1) / 2^31 rounds to 1
  ExpectMbqm(kMin, kMin, -1, int32_t{1} << 30);
}

TEST_CASE("mbqm INT32_MIN input") {
  ExpectMbqm(kMin, kHalf, 0, -kHalf);   // -2^31 * 0.5
  ExpectMbqm(kMin, kMax, 0, kMin + 1);  // -2^31 * (1 - 2^-31) = -2^31 + 1
  ExpectMbqm(kMin, kMax, -31, -1);      // -0.99999... -> -1
  ExpectMbqm(kMin, kHalf, -30, -1);     // exactly -1
  ExpectMbqm(kMin, kHalf, -31, -1);     // exactly -0.5 -> -1 (away from zero)
  ExpectMbqm(kMin, kHalf, 1, 0);        // INT32_MIN << 1 wraps to 0
}

TEST_CASE("mbqm multiplier INT32_MIN is minus one") {
  ExpectMbqm(1, kMin, 0, -1);        // -1 exactly
  ExpectMbqm(-1, kMin, 0, 1);        // +1 exactly
  ExpectMbqm(1000, kMin, 0, -1000);  // exact negations
  ExpectMbqm(-1000, kMin, -3, 125);
  ExpectMbqm(1000, kMin, -4, -63);  // -62.5 -> -63
  ExpectMbqm(kMax, kMin, 0, -kMax);
}

TEST_CASE("mbqm shift +31 moves bit 0 into the sign bit") {
  // Meaningful only for x in {0, 1, -1}-like inputs: everything above bit 0 wraps away, exactly
  // as the int32 left shift of the C++ reference.
  ExpectMbqm(0, kMax, 31, 0);
  ExpectMbqm(1, kHalf, 31, -kHalf);  // 1 << 31 = INT32_MIN, times 0.5
  ExpectMbqm(2, kHalf, 31, 0);       // 2 << 31 wraps to 0
  ExpectMbqm(3, kHalf, 31, -kHalf);
  ExpectMbqm(1, kMin, 31, kMax);  // INT32_MIN * INT32_MIN saturates
}

TEST_CASE("mbqm large left shifts") {
  ExpectMbqm(1, kHalf, 30, int32_t{1} << 29);
  ExpectMbqm(-1, kHalf, 30, -(int32_t{1} << 29));
  ExpectMbqm(3, kHalf, 4, 24);
  ExpectMbqm(-3, kHalf, 4, -24);
  ExpectMbqm(int32_t{1} << 26, kHalf, 4, int32_t{1} << 29);
  ExpectMbqm(int32_t{1} << 27, kHalf, 4, -kHalf);  // 2^31 wraps to INT32_MIN
  ExpectMbqm(int32_t{1} << 28, kHalf, 4, 0);       // 2^32 wraps to 0
}

TEST_CASE("mbqm shift -31") {
  ExpectMbqm(kMax, kMax, -31, 1);    // (2^31 - 2) / 2^31 -> 1
  ExpectMbqm(kHalf, kHalf, -31, 0);  // 2^29 / 2^31 = 0.25 -> 0
  ExpectMbqm(kMax, kHalf, -31, 1);   // high mul rounds 2^30 - 0.5 up to 2^30: exactly 0.5 -> 1
  ExpectMbqm(-kMax, kMax, -31, -1);
  ExpectMbqm(12345, kMax, -31, 0);
}

TEST_CASE("mbqm matches the int64 model on random inputs for every shift") {
  std::mt19937 gen(0xDEC0DE);
  std::uniform_int_distribution<int32_t> any(kMin, kMax);
  std::uniform_int_distribution<int32_t> small(-(1 << 20), 1 << 20);
  std::uniform_int_distribution<int32_t> q31(kHalf, kMax);
  for (int shift = -31; shift <= 31; ++shift) {
    for (int i = 0; i < 2000; ++i) {
      const int32_t x = (i & 1) ? any(gen) : small(gen);
      const int32_t m = (i & 2) ? any(gen) : q31(gen);
      INFO("x=" << x << " m=" << m << " shift=" << shift);
      REQUIRE(multiply_by_quantized_multiplier(x, m, shift) ==
              ModelMultiplyByQuantizedMultiplier(x, m, shift));
    }
  }
}

TEST_CASE("mbqm matches the int64 model on extreme operands") {
  const int32_t values[] = {kMin, kMin + 1, -kHalf - 1, -kHalf, -3,        -2,       -1,  0, 1,
                            2,    3,        kHalf - 1,  kHalf,  kHalf + 1, kMax - 1, kMax};
  for (int32_t x : values) {
    for (int32_t m : values) {
      for (int shift = -31; shift <= 31; ++shift) {
        INFO("x=" << x << " m=" << m << " shift=" << shift);
        REQUIRE(multiply_by_quantized_multiplier(x, m, shift) ==
                ModelMultiplyByQuantizedMultiplier(x, m, shift));
      }
    }
  }
}

TEST_CASE("quantize multiplier model gives Q31 in half to one") {
  int32_t m = 0;
  int shift = 0;
  accsim_test::ModelQuantizeMultiplier(0.75, &m, &shift);
  CHECK(m == 3 * (int32_t{1} << 29));
  CHECK(shift == 0);
  accsim_test::ModelQuantizeMultiplier(0.003, &m, &shift);
  CHECK(m >= kHalf);
  CHECK(shift == -8);
  // 1 - 2^-40 rounds to 2^31 in Q31: halved, shift bumped.
  accsim_test::ModelQuantizeMultiplier(1.0 - std::ldexp(1.0, -40), &m, &shift);
  CHECK(m == kHalf);
  CHECK(shift == 1);
}
