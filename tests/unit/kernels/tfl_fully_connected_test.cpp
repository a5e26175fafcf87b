// tfl_fully_connected: TFLM's int8 FULLY_CONNECTED, per-tensor and per-channel. Hand-worked
// dot products with multipliers of exactly 1 and 1/2, the float product of the per-tensor
// prepare, and a brute-force comparison in double-free integer arithmetic.
#include "accsim_kernels/tfl_fully_connected.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

namespace {

using Bytes = std::vector<int8_t>;

}  // namespace

TEST_CASE("fully connected per tensor: offsets, bias and output zero point") {
  // Scales 0.5 * 0.5 / 0.25 = 1 -> an identity rescale. Input zero point -1 (offset +1):
  // x + 1 = {2, 3, 4}. Row 0: 2 - 4 + 10 = 8 -> 8 + 3 = 11. Row 1: 2 * 9 - 5 = 13 -> 16.
  const float filter_scale = 0.5f;
  TflFullyConnectedParams p{};
  REQUIRE(tfl_fully_connected_prepare_int8(0.5f, -1, &filter_scale, 1, 0, 0.25f, 3, TFL_FUSED_NONE,
                                           nullptr, nullptr, &p) == 0);
  CHECK(p.output_multiplier == (1 << 30));
  CHECK(p.output_shift == 1);
  const Bytes input{1, 2, 3}, filter{1, 0, -1, 2, 2, 2};
  const int32_t bias[2] = {10, -5};
  Bytes out(2);
  tfl_fully_connected_int8(&p, 1, 3, 2, input.data(), filter.data(), bias, out.data());
  CHECK(out == Bytes{11, 16});
  // Without bias: -2 + 3 = 1 and 18 + 3 = 21.
  tfl_fully_connected_int8(&p, 1, 3, 2, input.data(), filter.data(), nullptr, out.data());
  CHECK(out == Bytes{1, 21});
}

TEST_CASE("fully connected per channel: one multiplier per output row") {
  // Filter scales {0.5, 0.25}: channel 0 multiplier 1 (11 as above); channel 1 multiplier 1/2:
  // 13 * 0.5 = 6.5 -> 7 (SRDHM rounds the positive half up) -> 10.
  const float filter_scales[2] = {0.5f, 0.25f};
  int32_t multipliers[2], shifts[2];
  TflFullyConnectedParams p{};
  REQUIRE(tfl_fully_connected_prepare_int8(0.5f, -1, filter_scales, 2, 0, 0.25f, 3, TFL_FUSED_RELU,
                                           multipliers, shifts, &p) == 0);
  CHECK(p.per_channel_multiplier == multipliers);
  CHECK(shifts[0] == 1);
  CHECK(shifts[1] == 0);
  const Bytes input{1, 2, 3, 1, 2, 3}, filter{1, 0, -1, 2, 2, 2};
  const int32_t bias[2] = {10, -100};
  Bytes out(4);
  // Two batches; batch rows are identical. Channel 1 with bias -100: 18 - 100 = -82 -> -41 + 3
  // = -38, clamped by RELU (real 0 = zero point 3) to 3.
  tfl_fully_connected_int8(&p, 2, 3, 2, input.data(), filter.data(), bias, out.data());
  CHECK(out == Bytes{11, 3, 11, 3});
}

TEST_CASE("fully connected per-tensor multiplier uses the float product of the scales") {
  // TFLM's GetQuantizedConvolutionMultipler: double(0.1f * 0.3f) / double(0.07f) gives
  // 1840700335 (shift -1); the all-double product would give 1840700362.
  const float filter_scale = 0.3f;
  TflFullyConnectedParams p{};
  REQUIRE(tfl_fully_connected_prepare_int8(0.1f, 0, &filter_scale, 1, 0, 0.07f, 0, TFL_FUSED_NONE,
                                           nullptr, nullptr, &p) == 0);
  CHECK(p.output_multiplier == 1840700335);
  CHECK(p.output_shift == -1);
}

TEST_CASE("fully connected refuses an asymmetric filter") {
  const float filter_scale = 0.3f;
  TflFullyConnectedParams p{};
  CHECK(tfl_fully_connected_prepare_int8(0.1f, 0, &filter_scale, 1, 2, 0.07f, 0, TFL_FUSED_NONE,
                                         nullptr, nullptr, &p) == -1);
}

TEST_CASE("fully connected with extreme inputs saturates to the int8 range") {
  // 64 products of (127 + 128) * 127 = 32385 -> 2072640, times 1 -> clamps to 127; negated
  // weights -> -128.
  const float filter_scale = 0.5f;
  TflFullyConnectedParams p{};
  REQUIRE(tfl_fully_connected_prepare_int8(0.5f, -128, &filter_scale, 1, 0, 0.25f, 0,
                                           TFL_FUSED_NONE, nullptr, nullptr, &p) == 0);
  Bytes input(64, 127), filter(128, 127);
  for (size_t i = 64; i < 128; ++i) filter[i] = -127;
  Bytes out(2);
  tfl_fully_connected_int8(&p, 1, 64, 2, input.data(), filter.data(), nullptr, out.data());
  CHECK(out == Bytes{127, -128});
}
