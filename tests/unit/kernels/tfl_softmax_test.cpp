// tfl_softmax: TFLM's int8 softmax. Hand-worked rows whose outputs follow from the definitions
// without evaluating the polynomial, plus accuracy checks of the fixed-point pieces against
// libm and of whole rows against a double softmax.
#include "accsim_kernels/tfl_softmax.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "accsim_kernels/tfl_fixedpoint.h"

namespace {

TflSoftmaxParams Prepare(float beta, float input_scale) {
  TflSoftmaxParams p{};
  REQUIRE(tfl_softmax_prepare_int8(beta, input_scale, 1.0f / 256, -128, &p) == 0);
  return p;
}

std::vector<int8_t> Run(const TflSoftmaxParams& p, const std::vector<int8_t>& row) {
  std::vector<int8_t> out(row.size(), 0);
  REQUIRE(tfl_softmax_int8(&p, 1, static_cast<int>(row.size()), row.data(), out.data()) == 0);
  return out;
}

}  // namespace

TEST_CASE("softmax prepare follows PreprocessSoftmaxScaling and CalculateInputRadius") {
  // 0.1f = 13421773 * 2^-27, so beta * scale * 2^26 = 6710886.5 = 0.80000001 * 2^23:
  // left shift 23, radius floor(31 * 2^26 / 2^23) = 248.
  const TflSoftmaxParams p = Prepare(1.0f, 0.1f);
  CHECK(p.input_left_shift == 23);
  CHECK(p.input_multiplier == 1717986944);  // round(6710886.5 / 2^23 * 2^31) = 6710886.5 * 256
  CHECK(p.diff_min == -248);
}

TEST_CASE("softmax prepare requires output zero point -128 and scale 1/256") {
  TflSoftmaxParams p{};
  CHECK(tfl_softmax_prepare_int8(1.0f, 0.1f, 1.0f / 256, -127, &p) == -1);
  CHECK(tfl_softmax_prepare_int8(1.0f, 0.1f, 1.0f / 255, -128, &p) == -1);
  CHECK(tfl_softmax_prepare_int8(1.0f, std::ldexp(1.0f, -27), 1.0f / 256, -128, &p) == -1);
}

TEST_CASE("softmax of equal inputs is 1/depth") {
  const TflSoftmaxParams p = Prepare(1.0f, 0.1f);
  // Four exps of exactly One (2^31 - 1) sum to 4 * 2^19 in Q12.19 = 2^21, so the reciprocal is
  // ~1 with two bits over unit; (2^31 - 2) / 2^25 rounds to 64: 0.25 * 256 - 128 = -64.
  CHECK(Run(p, {5, 5, 5, 5}) == std::vector<int8_t>{-64, -64, -64, -64});
  CHECK(Run(p, {-128, -128}) == std::vector<int8_t>{0, 0});  // 0.5 * 256 - 128
  // A single element is probability 1: 256 - 128 = 128 saturates to 127.
  CHECK(Run(p, {-7}) == std::vector<int8_t>{127});
}

TEST_CASE("softmax inputs below diff_min contribute nothing and output -128") {
  // Scale 1: multiplier 2^26 = 0.5 * 2^27, radius floor(31 * 2^26 / 2^27) = 15.
  const TflSoftmaxParams p = Prepare(1.0f, 1.0f);
  REQUIRE(p.diff_min == -15);
  // Differences of -100 fall below -15: the maximum alone has probability 1 (127 saturated).
  CHECK(Run(p, {100, 0, 0, 0}) == std::vector<int8_t>{127, -128, -128, -128});
  // The order of elements does not matter.
  CHECK(Run(p, {0, 0, 100, 0}) == std::vector<int8_t>{-128, -128, 127, -128});
}

TEST_CASE("softmax with a large beta still saturates the multiplier and keeps diff 0 only") {
  // beta * scale * 2^26 far above 2^31 - 1: capped, left shift 31, radius 0.
  const TflSoftmaxParams p = Prepare(1000.0f, 1.0f);
  CHECK(p.input_left_shift == 31);
  CHECK(p.diff_min == 0);
  CHECK(Run(p, {3, 2, 3}) == std::vector<int8_t>{0, -128, 0});
}

TEST_CASE("softmax refuses rows whose sum of exps overflows the output exponent") {
  const TflSoftmaxParams p = Prepare(1.0f, 1.0f);
  std::vector<int8_t> row(600, 1);  // 600 * 2^19 >= 2^28
  std::vector<int8_t> out(row.size());
  CHECK(tfl_softmax_int8(&p, 1, 600, row.data(), out.data()) == -1);
  std::vector<int8_t> ok_row(500, 1);  // 500 * 2^19 < 2^28
  CHECK(tfl_softmax_int8(&p, 1, 500, ok_row.data(), out.data()) == 0);
}

TEST_CASE("exp on negative values matches exp within gemmlowp's accuracy") {
  CHECK(tfl_fp_exp_on_negative_values_q5(0) == INT32_MAX);  // exp(0) is exactly One
  const double q26 = std::ldexp(1.0, 26), q31 = std::ldexp(1.0, 31);
  std::mt19937 rng(7);
  std::uniform_int_distribution<int32_t> dist(INT32_MIN, 0);
  for (int i = 0; i < 20000; ++i) {
    const int32_t a = i < 64 ? -(int32_t{1} << (i % 31)) : dist(rng);
    const double expected = std::exp(a / q26);
    INFO("a=" << a);
    REQUIRE(tfl_fp_exp_on_negative_values_q5(a) / q31 ==
            Approx(expected).margin(2e-7 + 1e-6 * expected));
  }
}

TEST_CASE("one over one plus x matches the division within gemmlowp's accuracy") {
  const double q31 = std::ldexp(1.0, 31);
  for (int64_t raw = 0; raw < (int64_t{1} << 31); raw += 999983) {
    const double x = raw / q31;
    INFO("raw=" << raw);
    REQUIRE(tfl_fp_one_over_one_plus_x_for_x_in_0_1(static_cast<int32_t>(raw)) / q31 ==
            Approx(1.0 / (1.0 + x)).margin(1e-8));
  }
}

TEST_CASE("softmax rows agree with a double softmax to one step and sum to about 256") {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> value(-128, 127);
  std::uniform_int_distribution<int> depth_dist(1, 40);
  std::uniform_real_distribution<float> scale_dist(0.01f, 0.5f);
  for (int trial = 0; trial < 300; ++trial) {
    const float scale = scale_dist(rng);
    const TflSoftmaxParams p = Prepare(1.0f, scale);
    const int depth = depth_dist(rng);
    std::vector<int8_t> row(depth);
    for (auto& v : row) v = static_cast<int8_t>(value(rng));
    const std::vector<int8_t> out = Run(p, row);
    int max = -128;
    for (int8_t v : row) max = std::max<int>(max, v);
    double denominator = 0;
    for (int8_t v : row) denominator += std::exp(static_cast<double>(scale) * (v - max));
    int sum = 0;
    for (int c = 0; c < depth; ++c) {
      const double probability =
          std::exp(static_cast<double>(scale) * (row[c] - max)) / denominator;
      const double expected = std::min(127.0, std::round(probability * 256) - 128);
      INFO("trial=" << trial << " c=" << c << " scale=" << scale);
      CHECK(std::abs(out[c] - expected) <= 1);
      sum += out[c] + 128;
    }
    // Each output rounds by at most one half step, and a saturated 256 loses one.
    CHECK(std::abs(sum - 256) <= depth / 2 + 2);
  }
}
