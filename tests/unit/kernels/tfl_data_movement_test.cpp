// tfl_pad, tfl_concatenation, tfl_requantize: TFLM's int8 PAD, CONCATENATION and QUANTIZE.
// Hand-worked layouts (padding at every border, concatenation along first/middle/last axes) and
// requantisation through exact multipliers and gemmlowp's half rounding.
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "accsim_kernels/tfl_concatenation.h"
#include "accsim_kernels/tfl_pad.h"
#include "accsim_kernels/tfl_requantize.h"

namespace {

using Bytes = std::vector<int8_t>;

Bytes Pad(const int32_t* paddings, int rank, const Shape4& in_shape, const Bytes& in,
          int32_t zero_point, Shape4* out_shape) {
  TflPadParams p{};
  REQUIRE(tfl_pad_prepare_int8(paddings, rank, zero_point, &p) == 0);
  for (int d = 0; d < 4; ++d) out_shape->dims[d] = in_shape.dims[d] + p.left[d] + p.right[d];
  Bytes out(static_cast<size_t>(shape4_flat_size(out_shape)), 0);
  tfl_pad_int8(&p, &in_shape, in.data(), out_shape, out.data());
  return out;
}

}  // namespace

TEST_CASE("pad fills every border with the output zero point") {
  // [2, 2] padded by [[1, 1], [2, 1]] -> [4, 5]; zero point 9.
  const int32_t paddings[4] = {1, 1, 2, 1};
  Shape4 out_shape{};
  const Bytes out = Pad(paddings, 2, Shape4{{1, 1, 2, 2}}, {1, 2, 3, 4}, 9, &out_shape);
  CHECK(out_shape.dims[2] == 4);
  CHECK(out_shape.dims[3] == 5);
  CHECK(out == Bytes{9, 9, 9, 9, 9,  //
                     9, 9, 1, 2, 9,  //
                     9, 9, 3, 4, 9,  //
                     9, 9, 9, 9, 9});
}

TEST_CASE("pad of NHWC height, width and channels") {
  // 1x2x2x1, paddings [[0,0],[1,0],[0,1],[1,0]]: one row on top, one column right, one channel
  // in front; zero point -3.
  const int32_t paddings[8] = {0, 0, 1, 0, 0, 1, 1, 0};
  Shape4 out_shape{};
  const Bytes out = Pad(paddings, 4, Shape4{{1, 2, 2, 1}}, {1, 2, 3, 4}, -3, &out_shape);
  CHECK(out_shape.dims[1] == 3);
  CHECK(out_shape.dims[2] == 3);
  CHECK(out_shape.dims[3] == 2);
  CHECK(out == Bytes{-3, -3, -3, -3, -3, -3,  //
                     -3, 1, -3, 2, -3, -3,    //
                     -3, 3, -3, 4, -3, -3});
}

TEST_CASE("pad prepare refuses negative paddings and ranks above 4") {
  TflPadParams p{};
  const int32_t negative[2] = {-1, 0};
  CHECK(tfl_pad_prepare_int8(negative, 1, 0, &p) == -1);
  const int32_t five[10] = {};
  CHECK(tfl_pad_prepare_int8(five, 5, 0, &p) == -1);
}

TEST_CASE("pad matches brute force over random paddings") {
  std::mt19937 rng(9);
  std::uniform_int_distribution<int> dim(1, 3), pad(0, 2), value(-128, 127);
  for (int trial = 0; trial < 100; ++trial) {
    Shape4 in_shape{};
    int32_t paddings[8];
    for (int d = 0; d < 4; ++d) {
      in_shape.dims[d] = dim(rng);
      paddings[2 * d] = pad(rng);
      paddings[2 * d + 1] = pad(rng);
    }
    Bytes in(static_cast<size_t>(shape4_flat_size(&in_shape)));
    for (auto& v : in) v = static_cast<int8_t>(value(rng));
    Shape4 out_shape{};
    const Bytes out = Pad(paddings, 4, in_shape, in, 5, &out_shape);
    size_t o = 0;
    for (int a = 0; a < out_shape.dims[0]; ++a)
      for (int b = 0; b < out_shape.dims[1]; ++b)
        for (int c = 0; c < out_shape.dims[2]; ++c)
          for (int d = 0; d < out_shape.dims[3]; ++d, ++o) {
            const int i[4] = {a - paddings[0], b - paddings[2], c - paddings[4], d - paddings[6]};
            bool inside = true;
            for (int k = 0; k < 4; ++k) inside = inside && i[k] >= 0 && i[k] < in_shape.dims[k];
            const int expected =
                inside ? in[static_cast<size_t>(shape4_offset(&in_shape, i[0], i[1], i[2], i[3]))]
                       : 5;
            REQUIRE(out[o] == expected);
          }
  }
}

TEST_CASE("concatenation axis resolves negative axes and extends to 4-D") {
  int axis4 = 0;
  CHECK(tfl_concatenation_axis4(-1, 2, &axis4) == 0);
  CHECK(axis4 == 3);
  CHECK(tfl_concatenation_axis4(0, 2, &axis4) == 0);
  CHECK(axis4 == 2);
  CHECK(tfl_concatenation_axis4(-4, 4, &axis4) == 0);
  CHECK(axis4 == 0);
  CHECK(tfl_concatenation_axis4(2, 2, &axis4) == -1);
  CHECK(tfl_concatenation_axis4(-3, 2, &axis4) == -1);
}

TEST_CASE("concatenation along the last, first and a middle axis") {
  const Bytes a{1, 2, 3, 4}, b{5, 6}, c{7, 8, 9, 10, 11, 12};
  const int8_t* inputs[3] = {a.data(), b.data(), c.data()};
  {  // [2,2] ++ [2,1] ++ [2,3] along the last axis -> [2,6]
    const Shape4 shapes[3] = {{{1, 1, 2, 2}}, {{1, 1, 2, 1}}, {{1, 1, 2, 3}}};
    const Shape4 out_shape{{1, 1, 2, 6}};
    Bytes out(12);
    tfl_concatenation_int8(3, 3, shapes, inputs, &out_shape, out.data());
    CHECK(out == Bytes{1, 2, 5, 7, 8, 9, 3, 4, 6, 10, 11, 12});
  }
  {  // [2,2] ++ [1,2] ++ [3,2] along the first axis -> [6,2]: plain appending
    const Shape4 shapes[3] = {{{1, 1, 2, 2}}, {{1, 1, 1, 2}}, {{1, 1, 3, 2}}};
    const Shape4 out_shape{{1, 1, 6, 2}};
    Bytes out(12);
    tfl_concatenation_int8(2, 3, shapes, inputs, &out_shape, out.data());
    CHECK(out == Bytes{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
  }
  {  // NHWC [1,2,1,2] ++ [1,2,2,2] along W -> [1,2,3,2]
    const Bytes d{21, 22, 23, 24, 25, 26, 27, 28};
    const int8_t* two[2] = {a.data(), d.data()};
    const Shape4 shapes[2] = {{{1, 2, 1, 2}}, {{1, 2, 2, 2}}};
    const Shape4 out_shape{{1, 2, 3, 2}};
    Bytes out(12);
    tfl_concatenation_int8(2, 2, shapes, two, &out_shape, out.data());
    CHECK(out == Bytes{1, 2, 21, 22, 23, 24, 3, 4, 25, 26, 27, 28});
  }
}

TEST_CASE("requantize with exact and half multipliers") {
  TflRequantizeParams p{};
  // 1 / 0.5 = 2 -> (2^30, 2): doubles, saturating at the int8 range; zero points 0 -> 4.
  tfl_requantize_prepare_int8(1.0f, 0, 0.5f, 4, &p);
  CHECK(p.multiplier == (1 << 30));
  CHECK(p.shift == 2);
  const Bytes in{3, -3, 100, -100};
  Bytes out(4);
  tfl_requantize_int8(&p, 4, in.data(), out.data());
  CHECK(out == Bytes{10, -2, 127, -128});
  // 1 / 2 = 0.5 -> (2^30, 0), input zero point -1: (x + 1) / 2 with SRDHM's rounding, which
  // takes positive halves up and negative halves toward zero: 3 -> 1.5 -> 2,
  // -3 -> (-3 * 2^30 + 1 - 2^30) / 2^31 = -2 + 2^-31 -> -1, 5 -> 2.5 -> 3, -4 -> -2.
  tfl_requantize_prepare_int8(1.0f, -1, 2.0f, 0, &p);
  const Bytes in2{2, -4, 4, -4 - 1};
  tfl_requantize_int8(&p, 4, in2.data(), out.data());
  CHECK(out == Bytes{2, -1, 3, -2});
}
