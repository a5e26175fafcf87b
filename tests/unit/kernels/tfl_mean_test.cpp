// tfl_mean: current TFLM's int8 MEAN. Same quantisation truncates sum / count; different
// quantisation folds 1/count into the multiplier. Hand-worked values for both, axis resolution,
// and a brute-force comparison against the real-valued mean.
#include "accsim_kernels/tfl_mean.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace {

using Bytes = std::vector<int8_t>;

Bytes Mean(const TflMeanParams& p, const Shape4& shape, const Bytes& in, const int reduced[4]) {
  int outputs = 1;
  for (int d = 0; d < 4; ++d) outputs *= reduced[d] ? 1 : shape.dims[d];
  Bytes out(static_cast<size_t>(outputs), 99);
  tfl_mean_int8(&p, &shape, in.data(), reduced, out.data());
  return out;
}

constexpr int kSpatial[4] = {0, 1, 1, 0};  // NHWC axes {1, 2}: global average pooling

}  // namespace

TEST_CASE("mean with equal quantisation truncates toward zero") {
  TflMeanParams p{};
  tfl_mean_prepare_int8(0.1f, 3, 0.1f, 3, &p);
  REQUIRE(p.same_quantization);
  const Shape4 shape{{1, 2, 2, 1}};
  CHECK(Mean(p, shape, {1, 2, 3, 5}, kSpatial) == Bytes{2});       // 11 / 4 = 2.75 -> 2
  CHECK(Mean(p, shape, {-1, -2, -3, -5}, kSpatial) == Bytes{-2});  // -2.75 -> -2
  CHECK(Mean(p, shape, {127, 127, 127, 126}, kSpatial) == Bytes{126});
}

TEST_CASE("mean with different quantisation folds the count into the multiplier") {
  TflMeanParams p{};
  // 1 / 0.5 = 2 -> (2^30, 2); count 4 folds 2 bits: (2^30 << 2) / 4 = 2^30, shift 0. The sum
  // is then halved by SRDHM: 11 -> 5.5 -> 6, -11 -> (-11 * 2^30 + 1 - 2^30) / 2^31 -> -5.
  tfl_mean_prepare_int8(1.0f, 0, 0.5f, 0, &p);
  REQUIRE(!p.same_quantization);
  const Shape4 shape{{1, 2, 2, 1}};
  CHECK(Mean(p, shape, {1, 2, 3, 5}, kSpatial) == Bytes{6});
  CHECK(Mean(p, shape, {-1, -2, -3, -5}, kSpatial) == Bytes{-5});
  // Input zero point 3: 11 - 3 * 4 = -1 -> -0.5 -> 0 (toward zero), plus output zero point -7.
  tfl_mean_prepare_int8(1.0f, 3, 0.5f, -7, &p);
  CHECK(Mean(p, shape, {1, 2, 3, 5}, kSpatial) == Bytes{-7});
}

TEST_CASE("mean over a count that is not a power of two") {
  // Scales equal, zero points differ (0 -> 1): multiplier 1 = (2^30, 1); count 3 folds 1 bit:
  // 2^31 / 3 = 715827882, shift 0. Sum 3: (3 * 715827882 + 2^30) / 2^31 = 1.4999 -> 1 -> 2;
  // sum 6 -> 2.4999 -> 2 -> 3; sum 7 -> 2.83 -> 2 -> 3.
  TflMeanParams p{};
  tfl_mean_prepare_int8(1.0f, 0, 1.0f, 1, &p);
  REQUIRE(!p.same_quantization);
  const Shape4 shape{{1, 1, 3, 1}};
  const int reduced[4] = {0, 0, 1, 0};
  CHECK(Mean(p, shape, {1, 1, 1}, reduced) == Bytes{2});
  CHECK(Mean(p, shape, {2, 2, 2}, reduced) == Bytes{3});
  CHECK(Mean(p, shape, {2, 2, 3}, reduced) == Bytes{3});
}

TEST_CASE("mean keeps non-reduced dimensions in row-major order") {
  TflMeanParams p{};
  tfl_mean_prepare_int8(1.0f, 0, 1.0f, 0, &p);
  // [2, 3] reduced over axis 0 -> 3 outputs; over axis 1 -> 2 outputs.
  const Shape4 shape{{1, 1, 2, 3}};
  const Bytes in{1, 2, 3, 5, 6, 7};
  const int rows[4] = {0, 0, 1, 0}, cols[4] = {0, 0, 0, 1};
  CHECK(Mean(p, shape, in, rows) == Bytes{3, 4, 5});
  CHECK(Mean(p, shape, in, cols) == Bytes{2, 6});
  const int none[4] = {0, 0, 0, 0};
  CHECK(Mean(p, shape, in, none) == in);
}

TEST_CASE("mean axes: negative, duplicated and out of range") {
  int reduced[4];
  const int32_t axes[3] = {-1, 2, 0};
  REQUIRE(tfl_mean_resolve_axes(axes, 2, 3, reduced) == 0);  // rank 3: -1 and 2 are the same
  CHECK(reduced[0] == 0);
  CHECK(reduced[1] == 0);
  CHECK(reduced[2] == 0);
  CHECK(reduced[3] == 1);
  REQUIRE(tfl_mean_resolve_axes(axes + 2, 1, 2, reduced) == 0);  // rank 2, axis 0 -> 4-D axis 2
  CHECK(reduced[2] == 1);
  const int32_t bad[1] = {3};
  CHECK(tfl_mean_resolve_axes(bad, 1, 3, reduced) == -1);
}

TEST_CASE("mean agrees with the real-valued mean over random spatial reductions") {
  std::mt19937 rng(13);
  std::uniform_int_distribution<int> dim(1, 9), value(-128, 127), zp(-10, 10);
  std::uniform_real_distribution<float> scale(0.01f, 0.1f);
  for (int trial = 0; trial < 200; ++trial) {
    const Shape4 shape{{1, dim(rng), dim(rng), 3}};
    Bytes in(static_cast<size_t>(shape4_flat_size(&shape)));
    for (auto& v : in) v = static_cast<int8_t>(value(rng));
    const float in_scale = scale(rng), out_scale = scale(rng);
    const int32_t in_zp = zp(rng), out_zp = zp(rng);
    TflMeanParams p{};
    tfl_mean_prepare_int8(in_scale, in_zp, out_scale, out_zp, &p);
    const Bytes out = Mean(p, shape, in, kSpatial);
    for (int c = 0; c < 3; ++c) {
      double sum = 0;
      for (int y = 0; y < shape.dims[1]; ++y)
        for (int x = 0; x < shape.dims[2]; ++x)
          sum += in[static_cast<size_t>(shape4_offset(&shape, 0, y, x, c))] - in_zp;
      const double count = shape.dims[1] * shape.dims[2];
      const double expected =
          std::max(-128.0, std::min(127.0, sum / count * in_scale / out_scale + out_zp));
      INFO("trial=" << trial << " c=" << c);
      CHECK(std::abs(out[static_cast<size_t>(c)] - expected) <= 1.0);
    }
  }
}
