// tfl_depthwise: TFLM's general int8 depthwise convolution with dilation. Hand-worked dilated
// windows, then cross-checks against the project's independent kernels: depthwise.h's
// reference (dilation 1) and conv_per_channel.h's general convolution (a single-input-channel
// convolution is a depthwise convolution).
#include "accsim_kernels/tfl_depthwise.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "accsim_kernels/conv_per_channel.h"
#include "accsim_kernels/depthwise.h"
#include "accsim_kernels/tfl_conv_prepare.h"

namespace {

using Bytes = std::vector<int8_t>;

constexpr int32_t kOne = int32_t{1} << 30;  // with shift 1: multiplier 1

}  // namespace

TEST_CASE("dilation 2 skips every other input pixel, SAME padding included") {
  // 3x3 image 1..9, 2x2 filter of ones, dilation 2 (effective 3x3).
  const Bytes image{1, 2, 3, 4, 5, 6, 7, 8, 9}, ones{1, 1, 1, 1};
  const Shape4 in_shape{{1, 3, 3, 1}}, filter_shape{{1, 2, 2, 1}};
  const int32_t mult[1] = {kOne}, shift[1] = {1};
  ConvPerChannelParams p{};
  int oh = 0, ow = 0;
  // VALID: one output over taps (0,0) (0,2) (2,0) (2,2): 1 + 3 + 7 + 9 = 20.
  REQUIRE(tfl_conv_prepare_int8(TFL_PADDING_KIND_VALID, 1, 1, 2, 2, 3, 3, 2, 2, 0, 1.0f, 0,
                                TFL_FUSED_NONE, &p, &oh, &ow) == 0);
  REQUIRE(oh == 1);
  Bytes out(1);
  Shape4 out_shape{{1, 1, 1, 1}};
  tfl_depthwise_conv_per_channel_int8(&p, 1, mult, shift, &in_shape, image.data(), &filter_shape,
                                      ones.data(), nullptr, &out_shape, out.data());
  CHECK(out == Bytes{20});
  // SAME: 3x3 outputs, total padding 2 -> 1 before. Output (y, x) sums image pixels at
  // (y-1 or y+1, x-1 or x+1) inside the image: corners 5, edges 5+... e.g. (0,1): (1,0)+(1,2)
  // = 4 + 6 = 10; centre: 20.
  REQUIRE(tfl_conv_prepare_int8(TFL_PADDING_KIND_SAME, 1, 1, 2, 2, 3, 3, 2, 2, 0, 1.0f, 0,
                                TFL_FUSED_NONE, &p, &oh, &ow) == 0);
  REQUIRE(p.padding_height == 1);
  out_shape = Shape4{{1, 3, 3, 1}};
  out.assign(9, 0);
  tfl_depthwise_conv_per_channel_int8(&p, 1, mult, shift, &in_shape, image.data(), &filter_shape,
                                      ones.data(), nullptr, &out_shape, out.data());
  CHECK(out == Bytes{5, 10, 5, 10, 20, 10, 5, 10, 5});
}

TEST_CASE("dilated depthwise equals the general convolution for one input channel") {
  std::mt19937 rng(17);
  std::uniform_int_distribution<int> small(1, 3), size(3, 9), value(-128, 127), zp(-5, 5);
  std::uniform_int_distribution<int32_t> bias(-5000, 5000), mult(kOne, INT32_MAX);
  std::uniform_int_distribution<int> shift(-9, -5);
  for (int trial = 0; trial < 100; ++trial) {
    const int m = small(rng), k = small(rng), dil = small(rng), stride = small(rng);
    const int h = size(rng), w = size(rng);
    ConvPerChannelParams p{};
    int oh = 0, ow = 0;
    REQUIRE(tfl_conv_prepare_int8(trial % 2 ? TFL_PADDING_KIND_SAME : TFL_PADDING_KIND_VALID,
                                  stride, stride, dil, dil, h, w, k, k, zp(rng), 0.05f, zp(rng),
                                  TFL_FUSED_NONE, &p, &oh, &ow) == 0);
    if (oh <= 0 || ow <= 0) continue;
    const Shape4 in_shape{{2, h, w, 1}}, dw_filter{{1, k, k, m}}, conv_filter{{m, k, k, 1}};
    const Shape4 out_shape{{2, oh, ow, m}};
    Bytes in(static_cast<size_t>(shape4_flat_size(&in_shape))),
        filter(static_cast<size_t>(k * k * m));
    for (auto& v : in) v = static_cast<int8_t>(value(rng));
    for (auto& v : filter) v = static_cast<int8_t>(value(rng));
    // [1, KH, KW, M] -> OHWI [M, KH, KW, 1]
    Bytes transposed(filter.size());
    for (int ky = 0; ky < k; ++ky)
      for (int kx = 0; kx < k; ++kx)
        for (int o = 0; o < m; ++o)
          transposed[static_cast<size_t>((o * k + ky) * k + kx)] =
              filter[static_cast<size_t>((ky * k + kx) * m + o)];
    std::vector<int32_t> b(static_cast<size_t>(m)), mults(static_cast<size_t>(m)),
        shifts(static_cast<size_t>(m));
    for (int o = 0; o < m; ++o) {
      b[static_cast<size_t>(o)] = bias(rng);
      mults[static_cast<size_t>(o)] = mult(rng);
      shifts[static_cast<size_t>(o)] = shift(rng);
    }
    Bytes dw(static_cast<size_t>(shape4_flat_size(&out_shape))), conv(dw.size());
    tfl_depthwise_conv_per_channel_int8(&p, m, mults.data(), shifts.data(), &in_shape, in.data(),
                                        &dw_filter, filter.data(), b.data(), &out_shape, dw.data());
    conv_per_channel_int8(&p, mults.data(), shifts.data(), &in_shape, in.data(), &conv_filter,
                          transposed.data(), b.data(), &out_shape, conv.data());
    INFO("trial=" << trial << " m=" << m << " k=" << k << " dilation=" << dil);
    CHECK(dw == conv);
  }
}

TEST_CASE("dilation 1 equals depthwise.h's reference kernel") {
  std::mt19937 rng(19);
  std::uniform_int_distribution<int> small(1, 3), size(3, 8), value(-128, 127);
  std::uniform_int_distribution<int32_t> mult(kOne, INT32_MAX);
  for (int trial = 0; trial < 100; ++trial) {
    DepthwiseParams ref{};
    ref.in_h = size(rng);
    ref.in_w = size(rng);
    ref.in_c = small(rng);
    ref.depth_multiplier = small(rng);
    ref.k_h = ref.k_w = small(rng);
    ref.stride_h = ref.stride_w = small(rng);
    ref.input_offset = 3;
    ref.output_offset = -2;
    ref.act_min = -100;
    ref.act_max = 100;
    depthwise_set_geometry(&ref, trial % 2);
    const int oc = ref.in_c * ref.depth_multiplier;
    std::vector<int32_t> mults(static_cast<size_t>(oc)), shifts(static_cast<size_t>(oc), -7),
        bias(static_cast<size_t>(oc), 17);
    for (auto& v : mults) v = mult(rng);
    ref.output_multiplier = mults.data();
    ref.output_shift = shifts.data();
    Bytes in(static_cast<size_t>(ref.in_h * ref.in_w * ref.in_c)),
        filter(static_cast<size_t>(ref.k_h * ref.k_w * oc));
    for (auto& v : in) v = static_cast<int8_t>(value(rng));
    for (auto& v : filter) v = static_cast<int8_t>(value(rng));
    Bytes expected(static_cast<size_t>(ref.out_h * ref.out_w * oc)), got(expected.size());
    depthwise_int8_reference(&ref, in.data(), filter.data(), bias.data(), expected.data());

    ConvPerChannelParams p{};
    p.stride_height = ref.stride_h;
    p.stride_width = ref.stride_w;
    p.dilation_height_factor = p.dilation_width_factor = 1;
    p.padding_height = ref.pad_top;
    p.padding_width = ref.pad_left;
    p.input_offset = ref.input_offset;
    p.output_offset = ref.output_offset;
    p.quantized_activation_min = ref.act_min;
    p.quantized_activation_max = ref.act_max;
    const Shape4 in_shape{{1, ref.in_h, ref.in_w, ref.in_c}},
        filter_shape{{1, ref.k_h, ref.k_w, oc}};
    const Shape4 out_shape{{1, ref.out_h, ref.out_w, oc}};
    tfl_depthwise_conv_per_channel_int8(&p, ref.depth_multiplier, mults.data(), shifts.data(),
                                        &in_shape, in.data(), &filter_shape, filter.data(),
                                        bias.data(), &out_shape, got.data());
    INFO("trial=" << trial);
    CHECK(got == expected);
  }
}
