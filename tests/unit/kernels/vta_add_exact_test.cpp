// vta_add_exact: TFLite's int8 ADD as VTA ALU steps, emulated lane by lane, against
// tfl_add_int8() (the CPU reference), bit-exact: every (a, b) pair for a few hundred parameter
// sets, random pairs for thousands more, prepared from random scales/zero points/activations
// and drawn directly (raw multipliers and shifts anywhere the check accepts), with extremes.
#include "accsim_kernels/vta_add_exact.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "accsim_kernels/tfl_elementwise.h"

namespace {

struct Plan {
  std::vector<vta_add_exact_step_t> steps;
  int32_t k[VTA_ADD_EXACT_NUM_CONST];
  explicit Plan(const TflArithmeticParams& p) : steps(VTA_ADD_EXACT_NUM_STEPS) {
    REQUIRE(vta_add_exact_check(&p) == nullptr);
    REQUIRE(vta_add_exact_program(&p, steps.data(), VTA_ADD_EXACT_NUM_STEPS) ==
            VTA_ADD_EXACT_NUM_STEPS);
    REQUIRE(vta_add_exact_constants(&p, k) == 0);
  }
  int8_t Run(int8_t a, int8_t b) const {
    return vta_add_exact_emulate(steps.data(), static_cast<int>(steps.size()), k, a, b);
  }
};

int8_t Reference(const TflArithmeticParams& p, int8_t a, int8_t b) {
  const Shape4 s{{1, 1, 1, 1}};
  int8_t y = 0;
  REQUIRE(tfl_add_int8(&p, &s, &a, &s, &b, &s, &y) == 0);
  return y;
}

std::string Describe(const TflArithmeticParams& p) {
  std::ostringstream o;
  o << "off " << p.input1_offset << "," << p.input2_offset << "," << p.output_offset << " ls "
    << p.left_shift << " m1 " << p.input1_multiplier << ">>" << -p.input1_shift << " m2 "
    << p.input2_multiplier << ">>" << -p.input2_shift << " mo " << p.output_multiplier << " s "
    << p.output_shift << " clamp [" << p.quantized_activation_min << ","
    << p.quantized_activation_max << "]";
  return o.str();
}

// Every (a, b) pair: 65536 comparisons.
long CheckAllPairs(const TflArithmeticParams& p) {
  const Plan plan(p);
  for (int a = -128; a <= 127; ++a) {
    for (int b = -128; b <= 127; ++b) {
      const int8_t got = plan.Run(int8_t(a), int8_t(b));
      const int8_t want = Reference(p, int8_t(a), int8_t(b));
      if (got != want) {
        INFO(Describe(p) << " a=" << a << " b=" << b);
        REQUIRE(int(got) == int(want));
      }
    }
  }
  return 65536;
}

// `count` random pairs plus the corners.
template <class Rng>
long CheckSomePairs(const TflArithmeticParams& p, Rng& rng, int count) {
  const Plan plan(p);
  std::uniform_int_distribution<int> byte(-128, 127);
  static const int kCorners[] = {-128, -127, -1, 0, 1, 126, 127};
  long n = 0;
  auto check = [&](int a, int b) {
    const int8_t got = plan.Run(int8_t(a), int8_t(b));
    const int8_t want = Reference(p, int8_t(a), int8_t(b));
    if (got != want) {
      INFO(Describe(p) << " a=" << a << " b=" << b);
      REQUIRE(int(got) == int(want));
    }
    ++n;
  };
  for (int a : kCorners) {
    for (int b : kCorners) check(a, b);
  }
  for (int i = 0; i < count; ++i) check(byte(rng), byte(rng));
  return n;
}

// Scales log-uniform over `decades` around 1, zero points anywhere in int8 (with the extremes
// over-represented), any fused activation; nullopt-like false when prepare refuses.
template <class Rng>
bool RandomPrepared(Rng& rng, double decades, TflArithmeticParams* p) {
  std::uniform_real_distribution<double> exponent(-decades, decades);
  std::uniform_int_distribution<int> zp(-128, 127), pick(0, 9), act(0, 3);
  auto zero_point = [&] {
    const int k = pick(rng);
    return k == 0 ? -128 : k == 1 ? 127 : k == 2 ? 0 : zp(rng);
  };
  const float s1 = float(0.05 * std::pow(10.0, exponent(rng)));
  const float s2 = float(0.05 * std::pow(10.0, exponent(rng)));
  const float so = float(0.05 * std::pow(10.0, exponent(rng)));
  const int z1 = zero_point(), z2 = zero_point(), zo = zero_point();
  return tfl_add_prepare_int8(s1, z1, s2, z2, so, zo, TflFusedActivation(act(rng)), p) == 0 &&
         p->quantized_activation_min <= p->quantized_activation_max;
}

}  // namespace

TEST_CASE("vta_add_exact: every (a, b) pair for MobileNet-like and extreme prepared parameters") {
  struct Case {
    float s1;
    int z1;
    float s2;
    int z2;
    float so;
    int zo;
    TflFusedActivation act;
  };
  const Case cases[] = {
      {0.0470f, -3, 0.0522f, 5, 0.0641f, -7, TFL_FUSED_NONE},
      {0.0200f, 12, 0.0900f, -20, 0.0750f, 4, TFL_FUSED_NONE},
      {0.0310f, -128, 0.0290f, -128, 0.0240f, -128, TFL_FUSED_RELU6},
      {0.0100f, 0, 0.0120f, 3, 0.1500f, 10, TFL_FUSED_RELU},
      {1.0f, 0, 1.0f, 0, 1.0f, 0, TFL_FUSED_NONE},            // equal scales: shifts 0
      {1.0f, 127, 1.0f, -128, 2.0f, 127, TFL_FUSED_NONE},     // half-way roundings, zp extremes
      {1e-3f, -128, 1.0f, 127, 1e-3f, -128, TFL_FUSED_NONE},  // scale ratio 1000
      {1.0f, 127, 1e-4f, 127, 1e4f, 127, TFL_FUSED_RELU_N1_TO_1},
      {0.5f, -128, 0.5f, -128, 1e-5f, 0, TFL_FUSED_NONE},  // output saturates almost always
      {3e-2f, 5, 3e-9f, -7, 3e-2f, 1, TFL_FUSED_RELU},     // input 2 shift near -31
  };
  long n = 0;
  for (const Case& c : cases) {
    TflArithmeticParams p{};
    REQUIRE(tfl_add_prepare_int8(c.s1, c.z1, c.s2, c.z2, c.so, c.zo, c.act, &p) == 0);
    n += CheckAllPairs(p);
  }
  CHECK(n == 10 * 65536);
}

TEST_CASE("vta_add_exact: every pair for 200 random prepared parameter sets") {
  std::mt19937 rng(20240611);
  int sets = 0;
  while (sets < 200) {
    TflArithmeticParams p{};
    if (!RandomPrepared(rng, 2.0, &p)) continue;
    CheckAllPairs(p);
    ++sets;
  }
}

TEST_CASE("vta_add_exact: 5000 random prepared parameter sets, scale ratios up to 10^8") {
  std::mt19937 rng(7);
  int sets = 0;
  long n = 0;
  while (sets < 5000) {
    TflArithmeticParams p{};
    if (!RandomPrepared(rng, sets % 2 ? 4.0 : 1.0, &p)) continue;
    n += CheckSomePairs(p, rng, 200);
    ++sets;
  }
  CHECK(n == 5000L * (49 + 200));
}

TEST_CASE("vta_add_exact: raw parameters anywhere the check accepts") {
  // Multipliers over all of [0, 2^31) (not only QuantizeMultiplier's [2^30, 2^31)), shifts at
  // their bounds, offsets as large as left_shift allows, positive output shifts (wrapping).
  std::mt19937 rng(99);
  std::uniform_int_distribution<int32_t> mult(0, INT32_MAX), pick(0, 5);
  std::uniform_int_distribution<int> in_shift(-31, 0), out_shift(-31, 31), byte(-128, 127),
      ls(0, 22);
  auto multiplier = [&] {
    const int k = pick(rng);
    return k == 0 ? 0 : k == 1 ? INT32_MAX : k == 2 ? (1 << 30) : mult(rng);
  };
  int sets = 0;
  while (sets < 3000) {
    TflArithmeticParams p{};
    p.left_shift = pick(rng) < 3 ? 20 : ls(rng);
    const int32_t max_off = (int32_t(1) << (30 - p.left_shift)) - 129;
    std::uniform_int_distribution<int32_t> off(-max_off, max_off);
    p.input1_offset = pick(rng) == 0 ? max_off : pick(rng) == 0 ? -max_off : off(rng) % 300;
    p.input2_offset = pick(rng) == 0 ? -max_off : off(rng) % 300;
    p.output_offset = pick(rng) == 0 ? (pick(rng) < 3 ? -32768 : 32767) : byte(rng);
    p.input1_multiplier = multiplier();
    p.input2_multiplier = multiplier();
    p.output_multiplier = multiplier();
    p.input1_shift = pick(rng) == 0 ? -31 : in_shift(rng);
    p.input2_shift = pick(rng) == 0 ? 0 : in_shift(rng);
    p.output_shift = pick(rng) == 0 ? 31 : out_shift(rng);
    int lo = byte(rng), hi = byte(rng);
    if (lo > hi) std::swap(lo, hi);
    p.quantized_activation_min = pick(rng) < 2 ? -128 : lo;
    p.quantized_activation_max = pick(rng) < 2 ? 127 : hi;
    if (vta_add_exact_check(&p) != nullptr) continue;
    CheckSomePairs(p, rng, 300);
    ++sets;
  }
}

TEST_CASE("vta_add_exact: the check refuses what the chain cannot reproduce") {
  TflArithmeticParams p{};
  REQUIRE(tfl_add_prepare_int8(0.05f, 1, 0.04f, -2, 0.06f, 3, TFL_FUSED_NONE, &p) == 0);
  REQUIRE(vta_add_exact_check(&p) == nullptr);
  auto refused = [&](void (*mutate)(TflArithmeticParams*)) {
    TflArithmeticParams q = p;
    mutate(&q);
    vta_add_exact_step_t steps[VTA_ADD_EXACT_NUM_STEPS];
    int32_t k[VTA_ADD_EXACT_NUM_CONST];
    return vta_add_exact_check(&q) != nullptr &&
           vta_add_exact_program(&q, steps, VTA_ADD_EXACT_NUM_STEPS) < 0 &&
           vta_add_exact_constants(&q, k) < 0;
  };
  CHECK(refused([](TflArithmeticParams* q) { q->input1_shift = 1; }));
  CHECK(refused([](TflArithmeticParams* q) { q->input2_shift = -32; }));
  CHECK(refused([](TflArithmeticParams* q) { q->output_shift = 32; }));
  CHECK(refused([](TflArithmeticParams* q) { q->input1_multiplier = -1; }));
  CHECK(refused([](TflArithmeticParams* q) { q->output_multiplier = INT32_MIN; }));
  CHECK(refused([](TflArithmeticParams* q) { q->left_shift = 23; }));
  CHECK(refused([](TflArithmeticParams* q) { q->input2_offset = 896; }));  // 1024 << 20 = 2^30
  CHECK(refused([](TflArithmeticParams* q) { q->output_offset = 32768; }));
  CHECK(refused([](TflArithmeticParams* q) { q->quantized_activation_max = 128; }));
  CHECK(refused([](TflArithmeticParams* q) { q->quantized_activation_min = -129; }));
  CHECK(refused([](TflArithmeticParams* q) {
    q->quantized_activation_min = 5;
    q->quantized_activation_max = 4;
  }));
  TflArithmeticParams edge = p;
  edge.input2_offset = 895;  // 1023 << 20 < 2^30: accepted
  CHECK(vta_add_exact_check(&edge) == nullptr);
}

TEST_CASE("vta_add_exact: the plan's shape (93 lane operations, 63 instructions)") {
  TflArithmeticParams p{};
  REQUIRE(tfl_add_prepare_int8(0.05f, 1, 0.04f, -2, 0.06f, 3, TFL_FUSED_RELU, &p) == 0);
  const Plan plan(p);
  int paired = 0;
  for (const vta_add_exact_step_t& s : plan.steps) paired += s.paired;
  CHECK(paired == 30);
  CHECK(int(plan.steps.size()) + paired == VTA_ADD_EXACT_LANE_OPS);
  CHECK(VTA_ADD_EXACT_LANE_OPS == 93);
}
