// The convolution algorithm suite (direct, im2col + GEMM, indirect GEMM) against the reference
// convolution (conv_ref.c), bit for bit, on a matrix of small shapes: 1x1 / 3x3 / 5x5 / 7x7
// filters, stride 1 and 2, SAME and VALID, odd channel counts (not multiples of the 4x4 tile or
// the 16-wide K block), nonzero input zero points (the padding must read as the zero point),
// cropped output windows, and several cache blockings.
#include "accsim_kernels/conv_suite.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "accsim_kernels/conv.h"
#include "accsim_kernels/test_data.h"

namespace {

struct Shape {
  int h, w, in_c, out_c, k, stride;
  bool same;
};

struct Layer {
  ConvParams p{};
  std::vector<int8_t> input, filter;
  std::vector<int32_t> bias, multiplier, shift;
};

Layer make_layer(const Shape& s, int32_t input_offset, uint32_t seed) {
  Layer l;
  Rng rng;
  rng_seed(&rng, seed);
  l.input.resize(size_t(s.h) * s.w * s.in_c);
  l.filter.resize(size_t(s.out_c) * s.k * s.k * s.in_c);
  l.bias.resize(s.out_c);
  l.multiplier.resize(s.out_c);
  l.shift.resize(s.out_c);
  fill_int8(&rng, l.input.data(), l.input.size());
  fill_int8(&rng, l.filter.data(), l.filter.size());
  fill_channel_quantization(&rng, l.bias.data(), l.multiplier.data(), l.shift.data(), s.out_c);
  ConvParams& p = l.p;
  p.in_h = s.h;
  p.in_w = s.w;
  p.in_c = s.in_c;
  p.out_c = s.out_c;
  p.k_h = p.k_w = s.k;
  p.stride_h = p.stride_w = s.stride;
  p.input_offset = input_offset;
  p.output_offset = -5;
  p.act_min = -120;
  p.act_max = 115;
  p.output_multiplier = l.multiplier.data();
  p.output_shift = l.shift.data();
  conv_set_geometry(&p, s.same ? 1 : 0);
  return l;
}

// Index of the first differing output, or -1: a readable failure instead of two dumped tensors.
long first_mismatch(const std::vector<int8_t>& got, const std::vector<int8_t>& want) {
  if (got.size() != want.size()) return 0;
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] != want[i]) return long(i);
  }
  return -1;
}

struct Outputs {
  std::vector<int8_t> reference, direct, im2col, indirect;
  size_t im2col_buffer_bytes, indirection_bytes;
};

Outputs run_all(const Layer& l, const ConvGemmTiling* tiling, bool with_bias = true) {
  const ConvParams& p = l.p;
  const int32_t* bias = with_bias ? l.bias.data() : nullptr;
  const size_t outputs = size_t(p.out_h) * p.out_w * p.out_c;
  Outputs o;
  // Sentinel-filled so a store outside the window or a missed one shows.
  o.reference.assign(outputs, 0x55);
  o.direct.assign(outputs, 0x55);
  o.im2col.assign(outputs, 0x55);
  o.indirect.assign(outputs, 0x55);
  conv2d_int8_reference(&p, l.input.data(), l.filter.data(), bias, o.reference.data());
  conv_direct(&p, l.input.data(), l.filter.data(), bias, o.direct.data());

  std::vector<int32_t> folded(conv_gemm_bias_bytes(&p) / sizeof(int32_t));
  conv_gemm_fold_bias(&p, l.filter.data(), bias, folded.data());

  std::vector<int8_t> packed(conv_im2col_weight_bytes(&p));
  conv_im2col_pack_weights(&p, l.filter.data(), packed.data());
  // Garbage in the buffer must not leak into the result.
  o.im2col_buffer_bytes = conv_im2col_buffer_bytes(&p);
  std::vector<int8_t> buffer(o.im2col_buffer_bytes, 0x3C);
  conv_im2col(&p, tiling, l.input.data(), packed.data(), folded.data(), buffer.data(),
              o.im2col.data());

  std::vector<int8_t> packed_indirect(conv_indirect_weight_bytes(&p));
  conv_indirect_pack_weights(&p, l.filter.data(), packed_indirect.data());
  o.indirection_bytes = conv_indirect_buffer_bytes(&p);
  std::vector<const int8_t*> indirection(o.indirection_bytes / sizeof(const int8_t*));
  std::vector<int8_t> zero_row(conv_indirect_zero_row_bytes(&p), 0x3C);
  conv_indirect_init(&p, l.input.data(), zero_row.data(), indirection.data());
  conv_indirect(&p, tiling, l.input.data(), indirection.data(), packed_indirect.data(),
                folded.data(), o.indirect.data());
  return o;
}

void check_all(const Shape& s, int32_t input_offset, uint32_t seed,
               const ConvGemmTiling* tiling = nullptr) {
  const Layer l = make_layer(s, input_offset, seed);
  const Outputs o = run_all(l, tiling);
  INFO(s.h << "x" << s.w << "x" << s.in_c << " -> " << s.out_c << ", k " << s.k << ", stride "
           << s.stride << (s.same ? " SAME" : " VALID") << ", input offset " << input_offset
           << (tiling ? ", tiling mc " : "") << (tiling ? tiling->mc : 0) << " nc "
           << (tiling ? tiling->nc : 0));
  CHECK(first_mismatch(o.direct, o.reference) == -1);
  CHECK(first_mismatch(o.im2col, o.reference) == -1);
  CHECK(first_mismatch(o.indirect, o.reference) == -1);
}

const Shape kShapes[] = {
    {7, 9, 3, 5, 3, 1, true},    {7, 9, 3, 5, 3, 2, true},     {8, 8, 4, 6, 3, 1, false},
    {8, 8, 4, 6, 3, 2, false},   {5, 6, 9, 7, 1, 2, true},     {6, 5, 8, 8, 1, 1, true},
    {6, 7, 17, 3, 1, 1, false},  {9, 9, 1, 1, 3, 1, true},     {11, 10, 3, 16, 7, 2, true},
    {12, 11, 5, 9, 5, 1, true},  {10, 10, 33, 13, 3, 2, true}, {4, 4, 16, 4, 3, 1, true},
    {5, 7, 31, 21, 3, 1, false}, {13, 13, 2, 2, 7, 2, false},  {6, 6, 48, 8, 1, 1, false},
    {3, 3, 7, 5, 3, 2, true},
};

}  // namespace

TEST_CASE("conv suite: every algorithm matches the reference on the shape matrix",
          "[kernels][conv_suite]") {
  uint32_t seed = 100;
  for (const Shape& s : kShapes) {
    for (int32_t offset : {0, 7, -37, 128, -127}) check_all(s, offset, ++seed);
  }
}

TEST_CASE("conv suite: padding reads the input zero point not 0", "[kernels][conv_suite]") {
  // All inputs equal to the zero point: every tap, inside or padding, contributes 0, so every
  // output is the requantised bias. A zero row holding 0 instead would add -offset * weight.
  const Shape s{5, 5, 6, 7, 3, 1, true};
  Layer l = make_layer(s, -50, 7);
  for (auto& v : l.input) v = 50;
  const Outputs o = run_all(l, nullptr);
  CHECK(first_mismatch(o.im2col, o.reference) == -1);
  CHECK(first_mismatch(o.indirect, o.reference) == -1);
  CHECK(first_mismatch(o.direct, o.reference) == -1);
}

TEST_CASE("conv suite: cache blockings give identical results", "[kernels][conv_suite]") {
  const ConvGemmTiling tilings[] = {{0, 0}, {4, 4}, {8, 8}, {12, 4}, {0, 4}, {5, 7}, {1000, 1000}};
  const Shape shapes[] = {
      {11, 10, 3, 16, 7, 2, true}, {10, 10, 33, 13, 3, 2, true}, {6, 7, 17, 3, 1, 1, false}};
  uint32_t seed = 500;
  for (const Shape& s : shapes) {
    for (const ConvGemmTiling& t : tilings) check_all(s, 9, ++seed, &t);
  }
}

TEST_CASE("conv suite: without bias", "[kernels][conv_suite]") {
  const Layer l = make_layer({7, 9, 3, 5, 3, 2, true}, 11, 42);
  const Outputs o = run_all(l, nullptr, /*with_bias=*/false);
  CHECK(first_mismatch(o.direct, o.reference) == -1);
  CHECK(first_mismatch(o.im2col, o.reference) == -1);
  CHECK(first_mismatch(o.indirect, o.reference) == -1);
}

TEST_CASE("conv suite: a cropped output window is the top-left part of the full layer",
          "[kernels][conv_suite]") {
  // The firmware's default workloads: full channels and input width, fewer output rows and
  // columns, the full layer's padding.
  // 3x3 stride 2, and 1x1 stride 1, whose plain GEMM must follow the input's row pitch when the
  // window is narrower than the input.
  for (const Shape& s : {Shape{12, 12, 5, 6, 3, 2, true}, Shape{7, 9, 6, 5, 1, 1, true}}) {
    const Layer full = make_layer(s, 21, 9);
    const Outputs whole = run_all(full, nullptr);
    for (int rows : {1, 2, 5}) {
      for (int cols : {1, 3, 6}) {
        Layer l = full;
        l.p.output_multiplier = l.multiplier.data();
        l.p.output_shift = l.shift.data();
        l.p.out_h = rows;
        l.p.out_w = cols;
        l.p.in_h = std::min(s.h, (rows - 1) * s.stride + s.k - l.p.pad_top);
        const Outputs o = run_all(l, nullptr);
        INFO("window " << rows << "x" << cols);
        CHECK(first_mismatch(o.direct, o.reference) == -1);
        CHECK(first_mismatch(o.im2col, o.reference) == -1);
        CHECK(first_mismatch(o.indirect, o.reference) == -1);
        for (int y = 0; y < rows; ++y) {
          for (int x = 0; x < cols * s.out_c; ++x) {
            REQUIRE(o.reference[size_t(y) * cols * s.out_c + x] ==
                    whole.reference[size_t(y) * full.p.out_w * s.out_c + x]);
          }
        }
      }
    }
  }
}

TEST_CASE("conv suite: extra memory of im2col and indirection", "[kernels][conv_suite]") {
  // 3x3 stride 1 on 8x8x4 -> 6 SAME: M = 64 pixels, K = 36 padded to the K block (48 for 16).
  Layer l = make_layer({8, 8, 4, 6, 3, 1, true}, 0, 1);
  const size_t kb = CONV_GEMM_KB;
  CHECK(conv_im2col_buffer_bytes(&l.p) == 64u * size_t(conv_round_up(36, kb)));
  CHECK(conv_indirect_buffer_bytes(&l.p) == 64u * 9u * sizeof(const int8_t*));
  CHECK(conv_indirect_zero_row_bytes(&l.p) == 4u);
  CHECK(conv_im2col_weight_bytes(&l.p) == 8u * size_t(conv_round_up(36, kb)));
  CHECK(conv_indirect_weight_bytes(&l.p) == 8u * 9u * size_t(conv_round_up(4, kb)));
  // 1x1 stride 1 unpadded: plain GEMM, no indirection buffer at all; im2col still copies.
  l = make_layer({8, 8, 20, 6, 1, 1, true}, 0, 1);
  CHECK(conv_indirect_is_plain_gemm(&l.p));
  CHECK(conv_indirect_buffer_bytes(&l.p) == 0u);
  CHECK(conv_indirect_zero_row_bytes(&l.p) == 0u);
  CHECK(conv_im2col_buffer_bytes(&l.p) == 64u * size_t(conv_round_up(20, kb)));
  // 1x1 stride 2 is not plain: its rows are every other pixel.
  l = make_layer({8, 8, 20, 6, 1, 2, true}, 0, 1);
  CHECK_FALSE(conv_indirect_is_plain_gemm(&l.p));
  CHECK(conv_indirect_buffer_bytes(&l.p) == 16u * sizeof(const int8_t*));
}
