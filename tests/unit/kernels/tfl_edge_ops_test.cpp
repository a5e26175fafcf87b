// tfl_affine_quant, tfl_requantize (int8 <-> uint8), tfl_logistic, tfl_strided_slice: the graph
// edge conversions, LOGISTIC and STRIDED_SLICE against hand-worked values and independent
// renderings of their definitions (std::round, the float sigmoid, numpy-style index ranges).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "accsim_kernels/tfl_affine_quant.h"
#include "accsim_kernels/tfl_logistic.h"
#include "accsim_kernels/tfl_requantize.h"
#include "accsim_kernels/tfl_strided_slice.h"

TEST_CASE("TfLiteRound of a float rounds halves away from zero, exactly, and saturates") {
  CHECK(tfl_round_float_to_int32(0.49999997f) == 0);  // + 0.5 then truncate would give 1
  CHECK(tfl_round_float_to_int32(0.5f) == 1);
  CHECK(tfl_round_float_to_int32(-0.5f) == -1);
  CHECK(tfl_round_float_to_int32(-2.5f) == -3);
  CHECK(tfl_round_float_to_int32(-2.4999998f) == -2);
  CHECK(tfl_round_float_to_int32(8388609.0f) == 8388609);
  CHECK(tfl_round_float_to_int32(3e9f) == std::numeric_limits<int32_t>::max());
  CHECK(tfl_round_float_to_int32(-3e9f) == std::numeric_limits<int32_t>::min());
  CHECK(tfl_round_float_to_int32(std::numeric_limits<float>::quiet_NaN()) == 0);
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> any(-3e6f, 3e6f);
  for (int i = 0; i < 100000; ++i) {
    const float x = any(rng) / 64.0f;
    REQUIRE(tfl_round_float_to_int32(x) == static_cast<int32_t>(std::round(x)));
  }
}

TEST_CASE("float32 -> int8 quantisation divides in float32, rounds, adds the zero point, clamps") {
  const std::vector<float> in = {-0.375f, 0.375f, 0.125f, -0.124f, 100.0f, -100.0f};
  std::vector<int8_t> out(in.size());
  tfl_affine_quantize_float_to_int8(0.25f, 3, static_cast<int>(in.size()), in.data(), out.data());
  CHECK(out == std::vector<int8_t>{1, 5, 4, 3, 127, -128});  // -1.5 -> -2, 1.5 -> 2, 0.5 -> 1
}

TEST_CASE("dequantisation is one float32 multiplication") {
  const std::vector<int8_t> in = {-128, 0, 127};
  std::vector<float> out(3);
  tfl_dequantize_int8_to_float(0.1f, -3, 3, in.data(), out.data());
  CHECK(out[0] == 0.1f * -125.0f);
  CHECK(out[1] == 0.1f * 3.0f);
  const std::vector<uint8_t> u = {0, 255};
  tfl_dequantize_uint8_to_float(0.5f, 128, 2, u.data(), out.data());
  CHECK(out[0] == -64.0f);
  CHECK(out[1] == 63.5f);
}

TEST_CASE("uint8 <-> int8 requantisation: the XOR shortcut equals the general formula") {
  TflRequantizeParams same{};
  tfl_requantize_prepare_int8(0.02f, 0, 0.02f, -128, &same);
  CHECK(tfl_requantize_is_xor(&same, 0));
  TflRequantizeParams other{};
  tfl_requantize_prepare_int8(0.02f, 0, 0.0199f, -128, &other);
  CHECK_FALSE(tfl_requantize_is_xor(&other, 0));
  std::vector<uint8_t> u(256);
  for (int i = 0; i < 256; ++i) u[size_t(i)] = uint8_t(i);
  std::vector<int8_t> s(256);
  tfl_requantize_uint8_to_int8(&same, 256, u.data(), s.data());
  for (int i = 0; i < 256; ++i) REQUIRE(s[size_t(i)] == i - 128);
  TflRequantizeParams back{};
  tfl_requantize_prepare_int8(0.02f, -128, 0.02f, 0, &back);
  CHECK(tfl_requantize_is_xor(&back, 1));
  std::vector<uint8_t> round_trip(256);
  tfl_requantize_int8_to_uint8(&back, 256, s.data(), round_trip.data());
  CHECK(round_trip == u);
}

TEST_CASE("int8 LOGISTIC is the sigmoid to the nearest 1/256, saturating beyond the radius") {
  const struct {
    float scale;
    int32_t zero_point;
  } cases[] = {{0.15f, 10}, {0.01f, -128}, {0.07f, 3}, {0.003f, 0}, {0.5f, 0}};
  for (const auto& c : cases) {
    TflLogisticParams p{};
    REQUIRE(tfl_logistic_prepare_int8(c.scale, c.zero_point, &p) == 0);
    std::vector<int8_t> in(256), out(256);
    for (int i = 0; i < 256; ++i) in[size_t(i)] = int8_t(i - 128);
    tfl_logistic_int8(&p, 256, in.data(), out.data());
    for (int i = 0; i < 256; ++i) {
      const double real = 1.0 / (1.0 + std::exp(-(in[size_t(i)] - c.zero_point) * double(c.scale)));
      const double want = std::min(127.0, std::round(real * 256.0) - 128.0);
      REQUIRE(std::abs(out[size_t(i)] - want) <= 1.0);
    }
    CHECK(out[size_t(c.zero_point + 128)] == 0);  // sigmoid(0) = 1/2 exactly
  }
  TflLogisticParams p{};
  CHECK(tfl_logistic_prepare_int8(1e-9f, 0, &p) == -1);  // shift below 0
}

TEST_CASE("STRIDED_SLICE walks TFLM's index ranges: masks, negative strides, shrunk axes") {
  // [2, 3, 4] holding 0..23; axis 0 shrunk at -1, axis 1 reversed by end_mask, axis 2 stride 2.
  std::vector<int8_t> in(24);
  for (int i = 0; i < 24; ++i) in[size_t(i)] = int8_t(i);
  const int32_t dims[3] = {2, 3, 4}, begin[3] = {-1, 2, 1}, end[3] = {0, 0, 4},
                strides[3] = {1, -1, 2};
  TflStridedSliceSpec spec{3, dims, begin, end, strides, 0, 2, 1};
  TflStridedSliceParams p{};
  int32_t out_dims[4];
  int out_rank = 0;
  REQUIRE(tfl_strided_slice_prepare(&spec, &p, out_dims, &out_rank) == 0);
  REQUIRE(out_rank == 2);
  CHECK(out_dims[0] == 3);
  CHECK(out_dims[1] == 2);
  REQUIRE(tfl_strided_slice_elements(&p) == 6);
  std::vector<int8_t> out(6);
  tfl_strided_slice_int8(&p, in.data(), out.data());
  CHECK(out == std::vector<int8_t>{21, 23, 17, 19, 13, 15});
  const int32_t zero_stride[3] = {1, 0, 1};
  spec.strides = zero_stride;
  CHECK(tfl_strided_slice_prepare(&spec, &p, out_dims, &out_rank) == -1);
}
