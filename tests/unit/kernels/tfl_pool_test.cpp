// tfl_pool: TFLM's int8 average and max pooling. Hand-worked SAME windows at every border
// (where fewer taps than the filter size are in the image), TFLite's average rounding, the
// activation clamp, and a brute-force comparison over random geometries.
#include "accsim_kernels/tfl_pool.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace {

struct Pool {
  TflPoolParams params{};
  Shape4 in{}, out{};
};

Pool Prepare(TflPaddingKind padding, int stride, int filter, int h, int w, int c,
             TflFusedActivation act = TFL_FUSED_NONE, float scale = 1.0f, int32_t zp = 0) {
  Pool pool;
  int oh = 0, ow = 0;
  REQUIRE(tfl_pool_prepare_int8(padding, stride, stride, filter, filter, h, w, act, scale, zp,
                                &pool.params, &oh, &ow) == 0);
  pool.in = Shape4{{1, h, w, c}};
  pool.out = Shape4{{1, oh, ow, c}};
  return pool;
}

std::vector<int8_t> Average(const Pool& pool, const std::vector<int8_t>& in) {
  std::vector<int8_t> out(static_cast<size_t>(shape4_flat_size(&pool.out)));
  REQUIRE(tfl_average_pool_int8(&pool.params, &pool.in, in.data(), &pool.out, out.data()) == 0);
  return out;
}

std::vector<int8_t> Max(const Pool& pool, const std::vector<int8_t>& in) {
  std::vector<int8_t> out(static_cast<size_t>(shape4_flat_size(&pool.out)));
  tfl_max_pool_int8(&pool.params, &pool.in, in.data(), &pool.out, out.data());
  return out;
}

}  // namespace

TEST_CASE("SAME 3x3 average pool counts only in-image taps at corners and edges") {
  // 3x3 image 1..9, 3x3 filter, stride 1, SAME: pad 1 on every side. Corners average 4 taps,
  // edges 6, the centre 9: (0,0) = (1+2+4+5)/4 = 3; (0,1) = 21/6 = 3.5 -> 4 (half away from
  // zero); (0,2) = 16/4 = 4; (1,0) = 27/6 = 4.5 -> 5; (1,1) = 45/9 = 5; (1,2) = 33/6 = 5.5 -> 6;
  // (2,0) = 24/4 = 6; (2,1) = 39/6 = 6.5 -> 7; (2,2) = 28/4 = 7.
  const Pool pool = Prepare(TFL_PADDING_KIND_SAME, 1, 3, 3, 3, 1);
  REQUIRE(pool.out.dims[1] == 3);
  REQUIRE(pool.params.padding_height == 1);
  CHECK(Average(pool, {1, 2, 3, 4, 5, 6, 7, 8, 9}) ==
        std::vector<int8_t>{3, 4, 4, 5, 5, 6, 6, 7, 7});
  // Negated: the halves round away from zero, to -4, -5, -6, -7.
  CHECK(Average(pool, {-1, -2, -3, -4, -5, -6, -7, -8, -9}) ==
        std::vector<int8_t>{-3, -4, -4, -5, -5, -6, -6, -7, -7});
}

TEST_CASE("average pool rounds (sum + count/2) / count, toward zero for sums <= 0") {
  // 1x2 image, 1x2 window (VALID, one output): count 2.
  Pool pool = Prepare(TFL_PADDING_KIND_VALID, 1, 1, 1, 2, 1);
  pool.params.filter_width = 2;
  pool.out = Shape4{{1, 1, 1, 1}};
  CHECK(Average(pool, {1, 2}) == std::vector<int8_t>{2});     // 1.5 -> 2
  CHECK(Average(pool, {-1, -2}) == std::vector<int8_t>{-2});  // -1.5 -> -2
  CHECK(Average(pool, {-1, 1}) == std::vector<int8_t>{0});    // sum 0: (0 - 1) / 2 = 0
  CHECK(Average(pool, {1, 1}) == std::vector<int8_t>{1});
  CHECK(Average(pool, {127, 127}) == std::vector<int8_t>{127});
  CHECK(Average(pool, {-128, -127}) == std::vector<int8_t>{-128});  // -127.5 -> -128
}

TEST_CASE("average pool clamps to the activation range") {
  // RELU with zero point -5 (scale 1): real 0 is -5, so averages below -5 clamp to -5.
  const Pool pool = Prepare(TFL_PADDING_KIND_VALID, 2, 2, 2, 4, 1, TFL_FUSED_RELU, 1.0f, -5);
  REQUIRE(pool.params.quantized_activation_min == -5);
  CHECK(Average(pool, {-9, -9, 3, 5, -9, -9, 3, 5}) == std::vector<int8_t>{-5, 4});
}

TEST_CASE("average pool fails when a window holds no input pixel") {
  Pool pool = Prepare(TFL_PADDING_KIND_VALID, 1, 1, 1, 1, 1);
  pool.params.padding_width = 3;  // the window lies entirely in the padding
  std::vector<int8_t> out(1);
  const int8_t in = 1;
  CHECK(tfl_average_pool_int8(&pool.params, &pool.in, &in, &pool.out, out.data()) == -1);
}

TEST_CASE("SAME 2x2 stride 2 max pool on an odd image pads only at the end") {
  // 3x3 image, filter 2, stride 2: out 2x2, total padding (2-1)*2 + 2 - 3 = 1 -> 0 before, 1 after.
  const Pool pool = Prepare(TFL_PADDING_KIND_SAME, 2, 2, 3, 3, 1);
  REQUIRE(pool.params.padding_height == 0);
  REQUIRE(pool.out.dims[2] == 2);
  // Windows: {1,2,4,5} {3,6} {7,8} {9} with the image below.
  CHECK(Max(pool, {1, -2, 3, -4, 5, -6, 7, -8, -9}) == std::vector<int8_t>{5, 3, 7, -9});
}

TEST_CASE("max pool clamps to RELU6") {
  // scale 0.1, zero point -100: real 0 -> -100, real 6 -> -40.
  const Pool pool = Prepare(TFL_PADDING_KIND_VALID, 1, 1, 1, 3, 1, TFL_FUSED_RELU6, 0.1f, -100);
  CHECK(Max(pool, {-120, -70, 20}) == std::vector<int8_t>{-100, -70, -40});
}

TEST_CASE("pooling matches a brute-force window scan over random geometries") {
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> small(1, 4), size(1, 9), value(-128, 127);
  for (int trial = 0; trial < 300; ++trial) {
    const TflPaddingKind padding = trial % 2 ? TFL_PADDING_KIND_SAME : TFL_PADDING_KIND_VALID;
    const int stride = small(rng), filter = small(rng), h = size(rng), w = size(rng);
    const int c = small(rng);
    Pool pool;
    int oh = 0, ow = 0;
    REQUIRE(tfl_pool_prepare_int8(padding, stride, stride, filter, filter, h, w, TFL_FUSED_NONE,
                                  1.0f, 0, &pool.params, &oh, &ow) == 0);
    if (oh <= 0 || ow <= 0) continue;
    pool.in = Shape4{{2, h, w, c}};
    pool.out = Shape4{{2, oh, ow, c}};
    std::vector<int8_t> in(static_cast<size_t>(shape4_flat_size(&pool.in)));
    for (auto& v : in) v = static_cast<int8_t>(value(rng));
    std::vector<int8_t> avg(static_cast<size_t>(shape4_flat_size(&pool.out)));
    REQUIRE(tfl_average_pool_int8(&pool.params, &pool.in, in.data(), &pool.out, avg.data()) == 0);
    const std::vector<int8_t> max = Max(pool, in);
    // Padding as numpy would: total = max((out-1)*stride + filter - in, 0), half before.
    const int pad_y = std::max((oh - 1) * stride + filter - h, 0) / 2;
    const int pad_x = std::max((ow - 1) * stride + filter - w, 0) / 2;
    for (int b = 0; b < 2; ++b) {
      for (int y = 0; y < oh; ++y) {
        for (int x = 0; x < ow; ++x) {
          for (int ch = 0; ch < c; ++ch) {
            int sum = 0, count = 0, best = -128;
            for (int fy = 0; fy < filter; ++fy) {
              for (int fx = 0; fx < filter; ++fx) {
                const int iy = y * stride - pad_y + fy, ix = x * stride - pad_x + fx;
                if (iy < 0 || iy >= h || ix < 0 || ix >= w) continue;
                const int v = in[static_cast<size_t>(((b * h + iy) * w + ix) * c + ch)];
                sum += v;
                ++count;
                best = std::max(best, v);
              }
            }
            const size_t o = static_cast<size_t>(((b * oh + y) * ow + x) * c + ch);
            INFO("trial=" << trial << " b=" << b << " y=" << y << " x=" << x);
            REQUIRE(count > 0);
            CHECK(avg[o] == static_cast<int>(std::round(static_cast<double>(sum) / count)));
            CHECK(max[o] == best);
          }
        }
      }
    }
  }
}
