// tfl_resize, tfl_transpose, tfl_maximum_minimum, tfl_leaky_relu, tfl_prelu, tfl_div: the
// data-movement and element-wise operators against hand-worked values from TFLM's definitions
// (GetNearestNeighbor, ResizeBilinearInteger's taps, numpy's transpose, DivElementwise) and
// brute-force properties.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "accsim_kernels/tfl_div.h"
#include "accsim_kernels/tfl_leaky_relu.h"
#include "accsim_kernels/tfl_maximum_minimum.h"
#include "accsim_kernels/tfl_prelu.h"
#include "accsim_kernels/tfl_resize.h"
#include "accsim_kernels/tfl_transpose.h"

namespace {

std::vector<int32_t> nearest(int32_t in, int32_t out, int align, int half) {
  std::vector<int32_t> index(size_t(out), -1);
  tfl_resize_nearest_indices(in, out, align, half, index.data());
  return index;
}

Shape4 shape(int32_t a, int32_t b, int32_t c, int32_t d) { return Shape4{{a, b, c, d}}; }

}  // namespace

TEST_CASE("RESIZE_NEAREST_NEIGHBOR picks TFLM's GetNearestNeighbor indices") {
  // scale 0.5: floor(i * 0.5)
  CHECK(nearest(5, 10, 0, 0) == std::vector<int32_t>{0, 0, 1, 1, 2, 2, 3, 3, 4, 4});
  // align_corners, scale 6/10: round(i * 0.6), halves away from zero (1.5 -> 2, 4.5 -> 5)
  CHECK(nearest(7, 11, 1, 0) == std::vector<int32_t>{0, 1, 1, 2, 2, 3, 4, 4, 5, 5, 6});
  // half_pixel_centers, scale 0.75: floor((i + 0.5) * 0.75)
  CHECK(nearest(6, 8, 0, 1) == std::vector<int32_t>{0, 1, 1, 2, 3, 4, 4, 5});
  // downscale 9 -> 4, scale 2.25; clamped to the last index
  CHECK(nearest(9, 4, 0, 0) == std::vector<int32_t>{0, 2, 4, 6});
  CHECK(nearest(3, 1, 1, 0) == std::vector<int32_t>{0});
  // Every index inside the input, whatever the sizes and options.
  for (int32_t in = 1; in < 20; ++in) {
    for (int32_t out = 1; out < 40; ++out) {
      for (int flags = 0; flags < 4; ++flags) {
        for (int32_t i : nearest(in, out, flags & 1, flags >> 1)) REQUIRE((i >= 0 && i < in));
      }
    }
  }
}

TEST_CASE("RESIZE_BILINEAR's taps are ResizeBilinearInteger's, and its sums round away") {
  TflBilinearTap taps[4];
  // half_pixel_centers 2 -> 4: scale (2048 + 2) / 4 = 512; at = 512 i - 256
  REQUIRE(tfl_resize_bilinear_taps(2, 4, 0, 1, taps) == 0);
  const int32_t want[4][3] = {{0, 0, -256}, {0, 1, 256}, {0, 1, 768}, {1, 1, 256}};
  for (int i = 0; i < 4; ++i) {
    CHECK(taps[i].lower == want[i][0]);
    CHECK(taps[i].upper == want[i][1]);
    CHECK(taps[i].weight == want[i][2]);
  }
  CHECK(tfl_resize_bilinear_taps(2, 4, 1, 1, taps) == -1);  // both options: refused, as TFLM
  // 1x1x2x1 -> 1x1x4x1 between -100 and 100 (align_corners: scale 1024 / 3 = 341)
  const int8_t input[2] = {-100, 100};
  TflBilinearTap ys[1], xs[4];
  REQUIRE(tfl_resize_bilinear_taps(1, 1, 1, 0, ys) == 0);
  REQUIRE(tfl_resize_bilinear_taps(2, 4, 1, 0, xs) == 0);
  TflResizeBilinearParams p{1, 1, 2, 1, 1, 4, ys, xs};
  int8_t out[4];
  tfl_resize_bilinear_int8(&p, input, out);
  // -100 + 200 * (341 i / 1024): -33.4 -> -33, 33.2 -> 33, 99.8 -> 100
  CHECK(std::vector<int>(out, out + 4) == std::vector<int>{-100, -33, 33, 100});
}

TEST_CASE("TRANSPOSE equals index arithmetic for every 4-D permutation") {
  const int32_t dims[4] = {2, 3, 4, 5};
  std::vector<int8_t> in(120);
  std::iota(in.begin(), in.end(), int8_t{-60});
  int32_t perm[4] = {0, 1, 2, 3};
  int count = 0;
  do {
    TflTransposeParams p;
    int32_t out_dims[4];
    REQUIRE(tfl_transpose_prepare(4, dims, perm, &p, out_dims) == 0);
    std::vector<int8_t> out(120);
    tfl_transpose(&p, 1, in.data(), out.data());
    int32_t o[4];
    size_t k = 0;
    for (o[0] = 0; o[0] < out_dims[0]; ++o[0])
      for (o[1] = 0; o[1] < out_dims[1]; ++o[1])
        for (o[2] = 0; o[2] < out_dims[2]; ++o[2])
          for (o[3] = 0; o[3] < out_dims[3]; ++o[3]) {
            int32_t i[4];
            for (int d = 0; d < 4; ++d) i[perm[d]] = o[d];
            REQUIRE(out[k++] == in[size_t(((i[0] * 3 + i[1]) * 4 + i[2]) * 5 + i[3])]);
          }
    ++count;
  } while (std::next_permutation(perm, perm + 4));
  CHECK(count == 24);
  const int32_t bad[3] = {0, 0, 1};
  TflTransposeParams p;
  int32_t out_dims[3];
  CHECK(tfl_transpose_prepare(3, dims, bad, &p, out_dims) == -1);
}

TEST_CASE("MAXIMUM and MINIMUM broadcast a per-channel operand") {
  const Shape4 a = shape(1, 1, 2, 3), b = shape(1, 1, 1, 3);
  TflMaxMinParams p;
  REQUIRE(tfl_maximum_minimum_prepare(&a, &b, &a, 1, &p) == 0);
  const int8_t x[6] = {-5, 10, 3, 7, -128, 127}, y[3] = {0, 0, 4};
  int8_t out[6];
  tfl_maximum_minimum_int8(&p, x, y, out);
  CHECK(std::vector<int>(out, out + 6) == std::vector<int>{0, 10, 4, 7, 0, 127});
  REQUIRE(tfl_maximum_minimum_prepare(&a, &b, &a, 0, &p) == 0);
  tfl_maximum_minimum_int8(&p, x, y, out);
  CHECK(std::vector<int>(out, out + 6) == std::vector<int>{-5, 0, 3, 0, -128, 4});
  const Shape4 wrong = shape(1, 1, 1, 2);
  CHECK(tfl_maximum_minimum_prepare(&a, &wrong, &a, 1, &p) == -1);
}

TEST_CASE("LEAKY_RELU and PRELU rescale the two sides with their own multipliers") {
  TflLeakyReluParams lp;
  REQUIRE(tfl_leaky_relu_prepare_int8(0.1f, 0, 0.5f, 0.1f, 0, &lp) == 0);
  const int8_t x[5] = {-128, -11, -10, 0, 127};
  int8_t out[5];
  tfl_leaky_relu_int8(&lp, 5, x, out);
  // -5.5 -> -5: SaturatingRoundingDoublingHighMul rounds negative ties toward zero
  CHECK(std::vector<int>(out, out + 5) == std::vector<int>{-64, -5, -5, 0, 127});
  CHECK(tfl_leaky_relu_prepare_int8(0.1f, 0, -0.5f, 0.1f, 0, &lp) == -1);
  // PRELU: alpha per channel (0.25 and 2.0 in real terms), input zero point 10.
  const Shape4 in = shape(1, 1, 2, 2), alpha = shape(1, 1, 1, 2);
  TflPreluParams pp;
  REQUIRE(tfl_prelu_prepare_int8(&in, 0.5f, 10, &alpha, 0.25f, 0, &in, 0.5f, 10, &pp) == 0);
  const int8_t v[4] = {2, 2, 30, -30}, a[2] = {1, 8};
  int8_t r[4];
  tfl_prelu_int8(&pp, v, a, r);
  // x = -8 (channel 0): -8 * 0.25 -> -2 + 10 = 8; x = -8 (channel 1): -8 * 2 -> -6;
  // x = 20 >= 0: unchanged, 30; x = -40 (channel 1): -80 + 10 = -70
  CHECK(std::vector<int>(r, r + 4) == std::vector<int>{8, -6, 30, -70});
}

TEST_CASE("DIV rounds the real quotient, broadcasts, and clamps to the activation") {
  const Shape4 s = shape(1, 1, 1, 6), one = shape(1, 1, 1, 1);
  TflDivParams p;
  REQUIRE(tfl_div_prepare_int8(&s, 1.0f, 0, &one, 1.0f, 0, &s, 1.0f, 0, -128, 127, &p) == 0);
  const int8_t a[6] = {100, -100, 7, 14, 127, -128}, b[1] = {7};
  int8_t out[6];
  tfl_div_int8(&p, a, b, out);
  for (int i = 0; i < 6; ++i) {
    CHECK(out[i] == static_cast<int8_t>(std::lround(a[i] / 7.0)));
  }
  // 0 / 7: TFLM's final rounding shift is 32 bits here (undefined in C++); as x86-64 executes
  // it (counts modulo 64 and 32) the result is 1, not 0.
  // (p is for 6 elements: 6 zeros in, 6 out.)
  const int8_t zeros[6] = {0, 0, 0, 0, 0, 0};
  int8_t q0[6];
  tfl_div_int8(&p, zeros, b, q0);
  CHECK(q0[0] == 1);
  // The quotient against the real one wherever TFLM's arithmetic is defined: |dividend| >=
  // |divisor| keeps the final shift within 31 bits.
  std::mt19937 rng(3);
  for (int t = 0; t < 2000; ++t) {
    const int8_t x = int8_t(int(rng() % 256) - 128);
    int8_t y = int8_t(int(rng() % 256) - 128);
    if (y == 0 || std::abs(int(x)) < std::abs(int(y))) continue;
    REQUIRE(tfl_div_prepare_int8(&one, 0.5f, 0, &one, 0.25f, 0, &one, 0.5f, 0, -128, 127, &p) == 0);
    int8_t q;
    tfl_div_int8(&p, &x, &y, &q);
    const double real = (x * 0.5) / (y * 0.25) / 0.5;
    const double clamped = std::fmax(-128.0, std::fmin(127.0, real));
    REQUIRE(std::fabs(q - clamped) <= 1.0);
  }
}
