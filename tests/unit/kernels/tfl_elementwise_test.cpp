// tfl_elementwise: TFLM's int8 ADD, SUB and MUL. Hand-worked values with scales chosen so the
// fixed-point steps are exact or exact halves, the prepare-time float-vs-double distinction of
// SUB, and broadcasting checked against the same-shape path on explicitly tiled inputs.
#include "accsim_kernels/tfl_elementwise.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

namespace {

using Bytes = std::vector<int8_t>;
using PrepareFn = int (*)(float, int32_t, float, int32_t, float, int32_t, TflFusedActivation,
                          TflArithmeticParams*);
using EvalFn = int (*)(const TflArithmeticParams*, const Shape4*, const int8_t*, const Shape4*,
                       const int8_t*, const Shape4*, int8_t*);

TflArithmeticParams Prepare(PrepareFn prepare, float s1, int32_t z1, float s2, int32_t z2, float so,
                            int32_t zo, TflFusedActivation act = TFL_FUSED_NONE) {
  TflArithmeticParams p{};
  REQUIRE(prepare(s1, z1, s2, z2, so, zo, act, &p) == 0);
  return p;
}

Bytes Eval(EvalFn eval, const TflArithmeticParams& p, const Shape4& s1, const Bytes& a,
           const Shape4& s2, const Bytes& b, const Shape4& so) {
  Bytes out(static_cast<size_t>(shape4_flat_size(&so)), 0);
  REQUIRE(eval(&p, &s1, a.data(), &s2, b.data(), &so, out.data()) == 0);
  return out;
}

Bytes Flat(EvalFn eval, const TflArithmeticParams& p, const Bytes& a, const Bytes& b) {
  const Shape4 s{{1, 1, 1, static_cast<int32_t>(a.size())}};
  return Eval(eval, p, s, a, s, b, s);
}

}  // namespace

TEST_CASE("add prepare: input multipliers 1/2, output 2 / 2^20 for equal unit scales") {
  const TflArithmeticParams p = Prepare(tfl_add_prepare_int8, 1.0f, 0, 1.0f, 0, 1.0f, 0);
  CHECK(p.left_shift == 20);
  CHECK(p.input1_multiplier == (1 << 30));  // 1 / 2 = 0.5 * 2^0
  CHECK(p.input1_shift == 0);
  CHECK(p.output_multiplier == (1 << 30));  // 2 / 2^20 = 0.5 * 2^-18
  CHECK(p.output_shift == -18);
}

TEST_CASE("add of unit scales is exact integer addition, saturating at the int8 range") {
  // a * 2^20 * 1/2 + b * 2^20 * 1/2 = (a + b) * 2^19, then * 2^-19: every step exact.
  const TflArithmeticParams p = Prepare(tfl_add_prepare_int8, 1.0f, 0, 1.0f, 0, 1.0f, 0);
  CHECK(Flat(tfl_add_int8, p, {3, -3, 100, 127, -128, 0}, {4, -4, 27, 127, -128, -1}) ==
        Bytes{7, -7, 127, 127, -128, -1});
}

TEST_CASE("add rounds an exact half away from zero in the output rescale") {
  // Output scale 2: real output multiplier 2^-20 = 0.5 * 2^-19; (a + b) / 2 with halves.
  const TflArithmeticParams p = Prepare(tfl_add_prepare_int8, 1.0f, 0, 1.0f, 0, 2.0f, 0);
  CHECK(Flat(tfl_add_int8, p, {3, -3, 1, -1, 4}, {0, 0, 0, 0, 0}) == Bytes{2, -2, 1, -1, 2});
}

TEST_CASE("add applies zero points and the fused activation") {
  // zero points: in1 -128 (offset 128), in2 10, out -20; RELU -> min -20.
  const TflArithmeticParams p =
      Prepare(tfl_add_prepare_int8, 1.0f, -128, 1.0f, 10, 1.0f, -20, TFL_FUSED_RELU);
  CHECK(p.quantized_activation_min == -20);
  // real: (-128 + 128) + (10 - 10) = 0 -> -20; (-100 + 128) + (15 - 10) = 33 -> 13;
  // (-128 + 128) + (0 - 10) = -10 -> -30, clamped to -20.
  CHECK(Flat(tfl_add_int8, p, {-128, -100, -128}, {10, 15, 0}) == Bytes{-20, 13, -20});
}

TEST_CASE("sub of unit scales is exact integer subtraction") {
  const TflArithmeticParams p = Prepare(tfl_sub_prepare_int8, 1.0f, 0, 1.0f, 0, 1.0f, 0);
  CHECK(Flat(tfl_sub_int8, p, {3, -3, 127, -128}, {4, -4, -128, 127}) == Bytes{-1, 1, 127, -128});
}

TEST_CASE("sub prepares in float where add prepares in double") {
  // Scales 0.1f, 0.3f, output 0.2f: 0.1f / 0.6f in float is 0x3E2AAAAA (0.16666666), giving
  // 0.66666663 * 2^-2 -> 1431655680; in double it is 0.16666667 -> 1431655730.
  const TflArithmeticParams sub = Prepare(tfl_sub_prepare_int8, 0.1f, 0, 0.3f, 0, 0.2f, 0);
  const TflArithmeticParams add = Prepare(tfl_add_prepare_int8, 0.1f, 0, 0.3f, 0, 0.2f, 0);
  CHECK(sub.input1_multiplier == 1431655680);
  CHECK(add.input1_multiplier == 1431655730);
  CHECK(sub.input1_shift == -2);
  CHECK(add.input1_shift == -2);
  // 0.6f / (2^20 * 0.2f): float 3.0 exactly -> 0.75 * 2^-18; double 2.99999998 -> 1610612776.
  CHECK(sub.output_multiplier == 1610612736);
  CHECK(add.output_multiplier == 1610612776);
  CHECK(sub.input2_multiplier == (1 << 30));  // 0.3f / 0.6f = 0.5 exactly either way
}

TEST_CASE("add and sub prepare refuse an output multiplier of one or more") {
  TflArithmeticParams p{};
  // 2 * 1 / (2^20 * 2^-20) = 2 >= 1: QuantizeMultiplierSmallerThanOneExp's CHECK fails.
  CHECK(tfl_add_prepare_int8(1.0f, 0, 1.0f, 0, 1.0f / (1 << 20), 0, TFL_FUSED_NONE, &p) == -1);
  CHECK(tfl_sub_prepare_int8(1.0f, 0, 1.0f, 0, 1.0f / (1 << 20), 0, TFL_FUSED_NONE, &p) == -1);
}

TEST_CASE("mul rescales the product with SaturatingRoundingDoublingHighMul's rounding") {
  // 0.5 * 0.5 / 0.25 = 1 -> (2^30, 1): exact products.
  const TflArithmeticParams exact = Prepare(tfl_mul_prepare_int8, 0.5f, 0, 0.5f, 0, 0.25f, 0);
  CHECK(exact.output_multiplier == (1 << 30));
  CHECK(exact.output_shift == 1);
  CHECK(Flat(tfl_mul_int8, exact, {3, -5, 12, -128}, {-5, -3, 11, -1}) == Bytes{-15, 15, 127, 127});
  // 0.5 * 0.5 / 0.5 = 0.5 -> (2^30, 0): the high mul alone halves. 15 * 0.5 = 7.5 -> 8, but
  // -15 * 0.5: (-15 * 2^30 + 1 - 2^30) / 2^31 = -8 + 2^-31 truncates to -7.
  const TflArithmeticParams half = Prepare(tfl_mul_prepare_int8, 0.5f, 0, 0.5f, 0, 0.5f, 0);
  CHECK(Flat(tfl_mul_int8, half, {15, -15, 5, -5}, {1, 1, 1, 1}) == Bytes{8, -7, 3, -2});
}

TEST_CASE("mul applies input zero points before multiplying") {
  // (a - 10) * (b + 3) with unit scales and output zero point 1.
  const TflArithmeticParams p = Prepare(tfl_mul_prepare_int8, 1.0f, 10, 1.0f, -3, 1.0f, 1);
  CHECK(Flat(tfl_mul_int8, p, {12, 10, 0}, {-1, 100, 2}) == Bytes{5, 1, -49});
}

TEST_CASE("broadcast: scalar, per-channel, per-row and two-sided shapes") {
  const TflArithmeticParams p = Prepare(tfl_add_prepare_int8, 1.0f, 0, 1.0f, 0, 1.0f, 0);
  const Shape4 s23{{1, 1, 2, 3}}, scalar{{1, 1, 1, 1}}, channel{{1, 1, 1, 3}}, row{{1, 1, 2, 1}};
  const Bytes a{0, 1, 2, 10, 11, 12};
  CHECK(Eval(tfl_add_int8, p, s23, a, scalar, {5}, s23) == Bytes{5, 6, 7, 15, 16, 17});
  CHECK(Eval(tfl_add_int8, p, scalar, {5}, s23, a, s23) == Bytes{5, 6, 7, 15, 16, 17});
  CHECK(Eval(tfl_add_int8, p, s23, a, channel, {1, 2, 3}, s23) == Bytes{1, 3, 5, 11, 13, 15});
  CHECK(Eval(tfl_add_int8, p, s23, a, row, {-1, 1}, s23) == Bytes{-1, 0, 1, 11, 12, 13});
  // [2, 1] + [1, 3] -> [2, 3]: an outer sum.
  CHECK(Eval(tfl_sub_int8, p, row, {10, 20}, channel, {1, 2, 3}, s23) ==
        Bytes{9, 8, 7, 19, 18, 17});
}

TEST_CASE("broadcast refuses shapes that do not broadcast") {
  const TflArithmeticParams p = Prepare(tfl_add_prepare_int8, 1.0f, 0, 1.0f, 0, 1.0f, 0);
  const Shape4 s23{{1, 1, 2, 3}}, s22{{1, 1, 2, 2}};
  const Bytes a(6, 0), b(4, 0);
  Bytes out(6);
  CHECK(tfl_add_int8(&p, &s23, a.data(), &s22, b.data(), &s23, out.data()) == -1);
  CHECK(tfl_mul_int8(&p, &s22, b.data(), &s22, b.data(), &s23, out.data()) == -1);
}

TEST_CASE("broadcast equals the same-shape path on explicitly tiled inputs") {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> dim(1, 3), value(-128, 127), zp(-20, 20), coin(0, 1);
  std::uniform_real_distribution<float> scale(0.02f, 0.2f);
  const EvalFn evals[3] = {tfl_add_int8, tfl_sub_int8, tfl_mul_int8};
  const PrepareFn prepares[3] = {tfl_add_prepare_int8, tfl_sub_prepare_int8, tfl_mul_prepare_int8};
  for (int trial = 0; trial < 300; ++trial) {
    Shape4 out{}, s1{}, s2{};
    for (int d = 0; d < 4; ++d) {
      out.dims[d] = dim(rng);
      s1.dims[d] = coin(rng) ? out.dims[d] : 1;
      s2.dims[d] = coin(rng) ? out.dims[d] : 1;
    }
    Bytes a(static_cast<size_t>(shape4_flat_size(&s1))),
        b(static_cast<size_t>(shape4_flat_size(&s2)));
    for (auto& v : a) v = static_cast<int8_t>(value(rng));
    for (auto& v : b) v = static_cast<int8_t>(value(rng));
    // Tile both inputs to the output shape by numpy's rule (index 0 along broadcast dims).
    Bytes ta, tb;
    for (int i0 = 0; i0 < out.dims[0]; ++i0)
      for (int i1 = 0; i1 < out.dims[1]; ++i1)
        for (int i2 = 0; i2 < out.dims[2]; ++i2)
          for (int i3 = 0; i3 < out.dims[3]; ++i3) {
            auto pick = [&](const Shape4& s, int i, int d) { return s.dims[d] == 1 ? 0 : i; };
            ta.push_back(a[static_cast<size_t>(shape4_offset(&s1, pick(s1, i0, 0), pick(s1, i1, 1),
                                                             pick(s1, i2, 2), pick(s1, i3, 3)))]);
            tb.push_back(b[static_cast<size_t>(shape4_offset(&s2, pick(s2, i0, 0), pick(s2, i1, 1),
                                                             pick(s2, i2, 2), pick(s2, i3, 3)))]);
          }
    const int op = trial % 3;
    const float sa = scale(rng), sb = scale(rng);
    const TflArithmeticParams p =
        Prepare(prepares[op], sa, zp(rng), sb, zp(rng), op == 2 ? sa * sb * 20 : sa + sb, zp(rng));
    INFO("trial=" << trial << " op=" << op);
    CHECK(Eval(evals[op], p, s1, a, s2, b, out) == Eval(evals[op], p, out, ta, out, tb, out));
  }
}
