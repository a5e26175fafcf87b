// tfl_int16, tfl_float, tfl_svdf, tfl_elementwise_int16: the 16x8 requantisation, the int16 LUT
// sigmoid/tanh, float operation order, and SVDF's state update, against hand-worked values and
// independent renderings of TFLite's definitions.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "accsim_kernels/tfl_elementwise_int16.h"
#include "accsim_kernels/tfl_float.h"
#include "accsim_kernels/tfl_int16.h"
#include "accsim_kernels/tfl_svdf.h"

TEST_CASE("64-bit MultiplyByQuantizedMultiplier rounds the multiplier to 16 bits, then once") {
  // 0.75 = (3 << 29) * 2^-31: reduced to 0x6000, x * 0x6000 >> 15 with rounding.
  CHECK(tfl_multiply_by_quantized_multiplier_64(1000, 3 << 29, 0) == 750);
  CHECK(tfl_multiply_by_quantized_multiplier_64(-1001, 3 << 29, 0) == -751);  // -750.75 -> -751
  CHECK(tfl_multiply_by_quantized_multiplier_64(3, 1 << 30, -1) == 1);        // 0.75 rounds up
  // Beyond 32 bits of input: x up to 2^47.
  CHECK(tfl_multiply_by_quantized_multiplier_64(int64_t{1} << 40, 1 << 30, -10) == 1 << 29);
  // A multiplier from 0x7FFF0000 up saturates to 0x7FFF instead of rounding to 2^15.
  CHECK(tfl_multiply_by_quantized_multiplier_64(1 << 15, 0x7FFFFFFF, 0) == 0x7FFF);
  // The 16-bit multiplier loses precision the 32-bit path keeps.
  const int32_t m = (1 << 30) + (1 << 14);  // reduced: (m + 2^15) >> 16 = 16384
  CHECK(tfl_multiply_by_quantized_multiplier_64(1 << 20, m, 0) == 1 << 19);
}

TEST_CASE("int16 logistic and tanh: exact at 0, the table's ends at +-8, symmetric") {
  std::vector<int16_t> in = {0, 32767, -32768, 4096, -4096};
  std::vector<int16_t> s(in.size()), t(in.size());
  // power-of-two case (multiplier 0): the input is scaled by 3 << left_shift.
  tfl_logistic_int16(0, 0, static_cast<int>(in.size()), in.data(), s.data());
  tfl_tanh_int16(0, 0, static_cast<int>(in.size()), in.data(), t.data());
  CHECK(s[0] == 16384);  // 0.5 in Q0.15
  // +-8 in Q3.12 is 3 * 32767 >> 9 = 191 table steps, short of the saturation at 255.
  CHECK(s[1] == 32757);  // sigmoid(8) * 2^15 = 32757.0
  CHECK(s[2] == 11);     // sigmoid(-8) * 2^15 = 10.99
  CHECK(t[0] == 0);
  CHECK(t[1] == 32767);
  CHECK(t[2] == -32767);
  for (int x = -32768; x < 32768; x += 7) {
    const int16_t a = static_cast<int16_t>(x), b = static_cast<int16_t>(x == -32768 ? 32767 : -x);
    int16_t sa, sb, ta, tb;
    tfl_logistic_int16(0, 0, 1, &a, &sa);
    tfl_logistic_int16(0, 0, 1, &b, &sb);
    tfl_tanh_int16(0, 0, 1, &a, &ta);
    tfl_tanh_int16(0, 0, 1, &b, &tb);
    REQUIRE(std::abs(sa + sb - 32768) <= 1);
    REQUIRE(std::abs(ta + tb) <= 1);
    // Q3.12 input (scaled by 3 then read as 3/4 of Q4.11): within 0.2% of the real functions.
    const double real = x / 4096.0;
    REQUIRE(std::fabs(sa / 32768.0 - 1.0 / (1.0 + std::exp(-real))) < 2e-3);
    REQUIRE(std::fabs(ta / 32768.0 - std::tanh(real)) < 4e-3);
  }
}

TEST_CASE("16x8 convolution accumulates in the bias's width") {
  ConvPerChannelParams p{};
  p.stride_width = p.stride_height = 1;
  p.dilation_width_factor = p.dilation_height_factor = 1;
  p.quantized_activation_min = -32768;
  p.quantized_activation_max = 32767;
  const Shape4 in_shape{{1, 1, 1, 2}}, filter_shape{{1, 1, 1, 2}}, out_shape{{1, 1, 1, 1}};
  const int16_t input[2] = {32767, 32767};
  const int8_t filter[2] = {127, 127};
  const int32_t multiplier = 1 << 30, shift = -14;  // x / 2^15
  const int64_t big_bias64 = int64_t{1} << 32;      // past int32: only the 64-bit sum keeps it
  const int32_t bias32 = 2147483647 - 8322818 + 1;  // the int32 sum wraps to -2^31
  int16_t out64 = 0, out32 = 0, out_none = 0;
  tfl_conv_per_channel_int16(&p, &multiplier, &shift, &in_shape, input, &filter_shape, filter,
                             &big_bias64, nullptr, &out_shape, &out64);
  tfl_conv_per_channel_int16(&p, &multiplier, &shift, &in_shape, input, &filter_shape, filter,
                             nullptr, &bias32, &out_shape, &out32);
  tfl_conv_per_channel_int16(&p, &multiplier, &shift, &in_shape, input, &filter_shape, filter,
                             nullptr, nullptr, &out_shape, &out_none);
  CHECK(out64 == 32767);   // (2^32 + 8322818) / 2^15 saturates
  CHECK(out32 == -32768);  // the wrapped int32 sum is negative
  CHECK(out_none == 254);  // 8322818 / 2^15 = 253.99 -> 254
}

TEST_CASE("float fully connected sums in depth order, then adds the bias") {
  // (0 + 1e8) + 1 rounds back to 1e8 in float32; - 1e8 leaves 0. Another order would give 1.
  const float x[3] = {1e8f, 1.0f, -1e8f}, w[3] = {1.0f, 1.0f, 1.0f}, bias[1] = {0.5f};
  float out = -1.0f, lo, hi;
  tfl_activation_range_float(TFL_FUSED_NONE, &lo, &hi);
  tfl_fully_connected_float(lo, hi, 1, 3, 1, x, w, bias, &out);
  CHECK(out == 0.5f);
  tfl_activation_range_float(TFL_FUSED_RELU6, &lo, &hi);
  const float big[3] = {10.0f, 0.0f, 0.0f};
  tfl_fully_connected_float(lo, hi, 1, 3, 1, big, w, nullptr, &out);
  CHECK(out == 6.0f);
  // NONE clamps an infinity to FLT_MAX, as TFLM's lowest()/max() bounds do; NaN stays NaN.
  tfl_activation_range_float(TFL_FUSED_NONE, &lo, &hi);
  CHECK(tfl_clamp_float(std::numeric_limits<float>::infinity(), lo, hi) ==
        std::numeric_limits<float>::max());
  CHECK(std::isnan(tfl_clamp_float(std::numeric_limits<float>::quiet_NaN(), lo, hi)));
}

TEST_CASE("requantisation between int16, int8 and int32 clamps to the output type") {
  TflRequantize p;
  tfl_requantize_prepare(0.5f, 0, 0.25f, 10, &p);  // x2, +10
  const int16_t in16[3] = {100, 32767, -32768};
  int8_t out8[3];
  int32_t out32[3];
  tfl_requantize_i16_i8(&p, 3, in16, out8);
  tfl_requantize_i16_i32(&p, 3, in16, out32);
  CHECK(std::vector<int8_t>(out8, out8 + 3) == std::vector<int8_t>{127, 127, -128});
  CHECK(std::vector<int32_t>(out32, out32 + 3) == std::vector<int32_t>{210, 65544, -65526});
  const int8_t in8[2] = {-128, 127};
  int16_t out16[2];
  tfl_requantize_i8_i16(&p, 2, in8, out16);
  CHECK(out16[0] == -246);
  CHECK(out16[1] == 264);
}

TEST_CASE("SVDF shifts the state, writes the newest slot and sums rank filters per unit") {
  TflSvdfParams p{};
  p.batches = 1;
  p.input_size = 2;
  p.filters = 2;
  p.rank = 2;
  p.units = 1;
  p.memory = 3;
  p.scale_1_multiplier = 1 << 30;  // x1
  p.scale_1_shift = 1;
  p.scale_2_multiplier = 1 << 30;  // x1/2
  p.scale_2_shift = 0;
  const int8_t input[2] = {3, -2};
  const int8_t feature[4] = {1, 1, 2, 0};         // filter 0: 1, filter 1: 6
  const int16_t time[6] = {1, 2, 3, 10, 20, 30};  // newest slot last
  const int32_t bias[1] = {4};
  int16_t state[6] = {7, 8, 9, 1, 1, 1};  // shifted left by one: 8 9 1 | 1 1 <new>
  int32_t scratch[2], scratch_out[1];
  int8_t out = 0;
  tfl_svdf_int16_state(&p, input, feature, time, bias, state, scratch, scratch_out, &out);
  CHECK(std::vector<int16_t>(state, state + 6) == std::vector<int16_t>{8, 9, 1, 1, 1, 6});
  // filter 0: 8*1 + 9*2 + 1*3 = 29; filter 1: 1*10 + 1*20 + 6*30 = 210; + bias 4 = 243 -> /2
  CHECK(scratch[0] == 29);
  CHECK(scratch[1] == 210);
  CHECK(out == 122);  // 121.5 rounds up
}

TEST_CASE("16x8 ADD rescales with left_shift 15 and clamps to the activation range") {
  TflArithmeticParams p;
  REQUIRE(tfl_add_prepare_int16(0.001f, 0, 0.001f, 0, 0.002f, 0, -32768, 32767, &p) == 0);
  CHECK(p.left_shift == 15);
  const Shape4 shape{{1, 1, 1, 3}};
  const int16_t a[3] = {1000, 32767, -32768}, b[3] = {3, 32767, -32768};
  int16_t out[3];
  REQUIRE(tfl_add_int16(&p, &shape, a, &shape, b, &shape, out) == 0);
  CHECK(out[0] == 502);  // (1000 + 3) / 2 = 501.5 -> 502
  CHECK(out[1] == 32767);
  CHECK(out[2] == -32768);
}
