// The TFLM-structured reference (conv_per_channel.c, seed 001's stage 1 and its specialised
// stage 2) on shapes the 1x1 workload never reaches, against the project's independent
// reference convolution (conv_ref.c): 3x3 and 1x1 filters, stride 1 and 2, SAME and VALID, odd
// channel counts, with and without bias.
#include "accsim_kernels/conv_per_channel.h"

#include <catch2/catch.hpp>
#include <vector>

#include "accsim_kernels/conv.h"
#include "accsim_kernels/test_data.h"

namespace {

struct Case {
  int h, w, in_c, out_c, k, stride;
  bool same;
  bool bias;
};

void check(const Case& c, uint32_t seed) {
  Rng rng;
  rng_seed(&rng, seed);
  std::vector<int8_t> input(size_t(c.h) * c.w * c.in_c),
      filter(size_t(c.out_c) * c.k * c.k * c.in_c);
  std::vector<int32_t> bias(c.out_c), multiplier(c.out_c), shift(c.out_c);
  fill_int8(&rng, input.data(), input.size());
  fill_int8(&rng, filter.data(), filter.size());
  fill_channel_quantization(&rng, bias.data(), multiplier.data(), shift.data(), c.out_c);

  ConvParams ref{};
  ref.in_h = c.h;
  ref.in_w = c.w;
  ref.in_c = c.in_c;
  ref.out_c = c.out_c;
  ref.k_h = ref.k_w = c.k;
  ref.stride_h = ref.stride_w = c.stride;
  ref.input_offset = 7;
  ref.output_offset = -3;
  ref.act_min = -100;
  ref.act_max = 110;
  ref.output_multiplier = multiplier.data();
  ref.output_shift = shift.data();
  conv_set_geometry(&ref, c.same ? 1 : 0);
  const size_t outputs = size_t(ref.out_h) * ref.out_w * c.out_c;
  std::vector<int8_t> want(outputs), got(outputs), got_specialised(outputs);
  const int32_t* b = c.bias ? bias.data() : nullptr;
  conv2d_int8_reference(&ref, input.data(), filter.data(), b, want.data());

  ConvPerChannelParams p{};
  p.stride_width = p.stride_height = c.stride;
  p.dilation_width_factor = p.dilation_height_factor = 1;
  p.padding_width = ref.pad_left;
  p.padding_height = ref.pad_top;
  p.input_offset = ref.input_offset;
  p.output_offset = ref.output_offset;
  p.quantized_activation_min = ref.act_min;
  p.quantized_activation_max = ref.act_max;
  const Shape4 in_shape = {{1, c.h, c.w, c.in_c}};
  const Shape4 filter_shape = {{c.out_c, c.k, c.k, c.in_c}};
  const Shape4 out_shape = {{1, ref.out_h, ref.out_w, c.out_c}};
  conv_per_channel_int8(&p, multiplier.data(), shift.data(), &in_shape, input.data(), &filter_shape,
                        filter.data(), b, &out_shape, got.data());
  conv_per_channel_int8_specialised(&p, multiplier.data(), shift.data(), &in_shape, input.data(),
                                    &filter_shape, filter.data(), b, &out_shape,
                                    got_specialised.data());
  INFO(c.h << "x" << c.w << "x" << c.in_c << " -> " << c.out_c << ", k " << c.k << ", stride "
           << c.stride << (c.same ? " SAME" : " VALID") << (c.bias ? "" : ", no bias"));
  CHECK(got == want);
  CHECK(got_specialised == want);
}

}  // namespace

TEST_CASE("TFLM-structured conv matches the reference convolution off the 1x1 path",
          "[kernels][conv_per_channel]") {
  const Case cases[] = {
      {7, 9, 3, 5, 3, 1, true, true},  {7, 9, 3, 5, 3, 2, true, true},
      {8, 8, 4, 6, 3, 1, false, true}, {8, 8, 4, 6, 3, 2, false, false},
      {5, 6, 9, 7, 1, 2, true, true},  {6, 5, 8, 8, 1, 1, true, false},
      {6, 5, 8, 8, 1, 1, false, true}, {10, 3, 1, 2, 3, 2, true, true},
  };
  uint32_t seed = 1;
  for (const Case& c : cases) check(c, seed++);
}
