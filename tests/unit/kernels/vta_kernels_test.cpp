// Host tests of the VTA operators' CPU-side code: seed 004's ADD scheme against TFLite's ADD
// (within 1 LSB, every input pair), ADD mode 1's ALU rescale against the CPU's (every input,
// no int32 overflow), the quantisers against libm's frexp, the ALU lane semantics, CONV2D's
// blocked layouts and bias folding (the host model on the blocked tensors equals the reference
// convolution) and its ALU tail (bias add + vta_requant's chain).
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "accsim/hw/vta_isa.h"
#include "accsim_kernels/conv.h"
#include "accsim_kernels/test_data.h"
#include "accsim_kernels/tflite_int8.h"
#include "accsim_kernels/vta_add_ref.h"
#include "accsim_kernels/vta_conv_layout.h"
#include "accsim_kernels/vta_requant.h"

TEST_CASE("vta frexp and Q15/Q31 quantisers match libm", "[vta]") {
  for (double d : {1e-9, 0.0004, 0.0156, 0.25, 0.5, 0.7, 0.99999, 1.0, 3.0, 96.0, 1e6}) {
    int e1 = 0, e2 = 0;
    CHECK(vta_frexp(d, &e1) == std::frexp(d, &e2));
    CHECK(e1 == e2);
    int16_t m15;
    int32_t s15;
    vta_quantize_q15(d, &m15, &s15);
    int e = 0;
    const double q = std::frexp(d, &e);
    int64_t fixed = std::llround(q * 32768.0);
    if (fixed == 32768) {
      fixed /= 2;
      ++e;
    }
    CHECK(m15 == fixed);
    CHECK(s15 == e);
  }
  int16_t m;
  int32_t s;
  vta_quantize_q15(96.0, &m, &s);  // seed 004's example: 0.75 * 2^7
  CHECK(m == 24576);
  CHECK(s == 7);
}

TEST_CASE("vta ALU lane semantics", "[vta]") {
  CHECK(vta_alu_lane(VTA_ALU_SHR, -5, 1) == -3);
  CHECK(vta_alu_lane(VTA_ALU_SHR, -5, 40) == -1);
  CHECK(vta_alu_lane(VTA_ALU_SHR, 5, 32) == 0);
  CHECK(vta_alu_lane(VTA_ALU_SHR, 3, -2) == 12);
  CHECK(vta_alu_lane(VTA_ALU_SHR, 3, -32) == 0);
  CHECK(vta_alu_lane(VTA_ALU_ADD, INT32_MAX, 1) == INT32_MIN);
  CHECK(vta_alu_lane(VTA_ALU_MUL, 65536, 65536) == 0);
  CHECK(vta_alu_lane(VTA_ALU_MIN, -3, 2) == -3);
  CHECK(vta_alu_lane(VTA_ALU_MAX, -3, 2) == 2);
}

TEST_CASE("vta ADD scheme within 1 LSB of TFLite for every input pair", "[vta]") {
  const AddQuant sets[] = {
      {0.0470, 0.0522, 0.0641, -3, 5, -7, -128, 127},
      {0.0200, 0.0900, 0.0750, 12, -20, 4, -128, 127},
      {0.0310, 0.0290, 0.0240, -128, -128, -128, -128, 95},
      {0.0100, 0.0120, 0.1500, 0, 3, 10, -128, 127},
      {0.1, 0.1, 0.0126, 0, 0, 0, -128, 127},  // at the scheme's limit (s_yinv' just under 1/8)
  };
  for (const AddQuant& q : sets) {
    VtaAddParams vp;
    TfliteAddParams tp;
    vta_add_params(&q, &vp, &tp);
    REQUIRE(vta_add_params_check(&vp) == nullptr);
    std::vector<int8_t> a, b;
    for (int x = -128; x < 128; ++x) {
      for (int y = -128; y < 128; ++y) {
        a.push_back(static_cast<int8_t>(x));
        b.push_back(static_cast<int8_t>(y));
      }
    }
    std::vector<int8_t> got(a.size()), want(a.size());
    vta_add_model(&vp, a.data(), b.data(), got.data(), static_cast<int>(a.size()));
    tflite_add_int8(&tp, a.data(), b.data(), want.data(), static_cast<int>(a.size()));
    int beyond = 0;
    for (size_t i = 0; i < a.size(); ++i) beyond += std::abs(got[i] - want[i]) > 1;
    CHECK(beyond == 0);
  }
}

TEST_CASE("vta ADD mode 1: the ALU rescale equals the CPU's, every intermediate fits int32",
          "[vta]") {
  const AddQuant sets[] = {
      {0.0470, 0.0522, 0.0641, -3, 5, -7, -128, 127},
      {0.0200, 0.0900, 0.0750, 12, -20, 4, -128, 127},
      {0.0310, 0.0290, 0.0240, -128, -128, -128, -128, 95},
      {0.0100, 0.0120, 0.1500, 0, 3, 10, -128, 127},
      {0.1, 0.1, 0.0126, 127, -127, 0, -128, 127},
      {0.0001, 0.05, 0.1, -128, 127, 0, -128, 127},  // a tiny input scale: a large right shift
  };
  for (const AddQuant& q : sets) {
    VtaAddParams vp;
    vta_add_params(&q, &vp, nullptr);
    const struct {
      int32_t offset;
      int16_t mult;
      int32_t shift;
    } inputs[] = {{vp.offset_a, vp.mult_a, vp.shift_a}, {vp.offset_b, vp.mult_b, vp.shift_b}};
    for (const auto& in : inputs) {
      VtaAddAluRescale r;
      REQUIRE(vta_add_alu_rescale_params(in.offset, in.mult, in.shift, &r) == nullptr);
      for (int v = -128; v < 128; ++v) {
        // The lane chain with int64 shadows: no operation may wrap.
        const int64_t x1 = int64_t(v) * r.mul, x2 = x1 + r.add;
        CHECK(x1 == int32_t(x1));
        CHECK(x2 == int32_t(x2));
        CHECK(r.shr >= 0);
        CHECK(r.shr <= 31);
        const int32_t want = vta_add_rescale(int8_t(v), in.offset, in.mult, in.shift);
        CHECK(vta_add_alu_rescale(int8_t(v), &r) == want);
        CHECK(int32_t(x2 >> r.shr) == want);
      }
    }
  }
  // The extreme parameters the check admits: |offset| 128, multiplier 2^15 - 1.
  for (int32_t offset : {-128, 128}) {
    VtaAddAluRescale r;
    REQUIRE(vta_add_alu_rescale_params(offset, 32767, 0, &r) == nullptr);
    for (int v = -128; v < 128; ++v) {
      const int64_t x = int64_t(v) * r.mul + r.add;
      CHECK(x == int32_t(x));
      CHECK(vta_add_alu_rescale(int8_t(v), &r) == vta_add_rescale(int8_t(v), offset, 32767, 0));
    }
  }
  VtaAddAluRescale r;
  CHECK(vta_add_alu_rescale_params(0, 16384, -17, &r) != nullptr);  // SHR 32: out of range
  CHECK(vta_add_alu_rescale_params(0, 16384, 1, &r) != nullptr);
}

TEST_CASE("vta CONV2D ALU tail: bias add then vta_requant's chain equals TFLite's", "[vta]") {
  // The driver runs ADD bias, then vta_requant_program()'s ops with the constants of
  // vta_requant_constants(); the emulated lane must equal add + MultiplyByQuantizedMultiplier
  // + offset + clamp, wrapping included.
  vta_requant_op_t ops[VTA_REQUANT_MAX_OPS];
  const int n = vta_requant_program(ops, VTA_REQUANT_MAX_OPS, -9, -128, 127);
  REQUIRE(n == VTA_REQUANT_NUM_OPS);
  Rng rng;
  rng_seed(&rng, 77);
  for (int i = 0; i < 20000; ++i) {
    const int32_t acc = int32_t(rng_next(&rng)), bias = rng_range(&rng, -100000, 100000);
    const int32_t mult = int32_t((rng_next(&rng) >> 1) | 0x40000000u);
    const int shift = rng_range(&rng, -20, 4);
    int32_t k[VTA_REQUANT_NUM_CONST];
    REQUIRE(vta_requant_constants(mult, shift, k) == 0);
    const int32_t sum = vta_alu_lane(VTA_ALU_ADD, acc, bias);
    int32_t want = multiply_by_quantized_multiplier(add_wrapping(acc, bias), mult, shift);
    want = add_wrapping(want, -9);
    want = want < -128 ? -128 : want > 127 ? 127 : want;
    CHECK(vta_requant_emulate(ops, n, sum, k) == want);
  }
}

TEST_CASE("vta ADD refuses an output scale too small for 1 LSB", "[vta]") {
  const AddQuant q = {0.1, 0.1, 0.01, 0, 0, 0, -128, 127};
  VtaAddParams vp;
  vta_add_params(&q, &vp, nullptr);
  CHECK(vta_add_params_check(&vp) != nullptr);
}

TEST_CASE("vta CONV2D blocked layouts and folded bias reproduce the reference", "[vta]") {
  struct Shape {
    int h, w, ic, oc, k, stride, same;
    int32_t input_offset;
  };
  const Shape shapes[] = {
      {9, 7, 5, 13, 3, 1, 1, -17}, {9, 7, 5, 13, 3, 2, 1, 128}, {9, 8, 20, 33, 3, 2, 0, -128},
      {10, 10, 3, 16, 3, 2, 1, 0}, {5, 5, 17, 40, 1, 1, 0, 5},  {6, 7, 16, 16, 5, 1, 1, 33},
      {8, 8, 16, 8, 1, 2, 1, 128},
  };
  uint32_t seed = 1;
  for (const Shape& s : shapes) {
    ConvParams p{};
    p.in_h = s.h;
    p.in_w = s.w;
    p.in_c = s.ic;
    p.out_c = s.oc;
    p.k_h = p.k_w = s.k;
    p.stride_h = p.stride_w = s.stride;
    conv_set_geometry(&p, s.same);
    p.input_offset = s.input_offset;
    p.output_offset = 5;
    p.act_min = -128;
    p.act_max = 127;
    Rng rng;
    rng_seed(&rng, seed++);
    std::vector<int8_t> in(p.in_h * p.in_w * p.in_c), f(p.out_c * p.k_h * p.k_w * p.in_c);
    fill_int8(&rng, in.data(), in.size());
    fill_int8(&rng, f.data(), f.size());
    std::vector<int32_t> bias(p.out_c), mult(p.out_c), shift(p.out_c);
    fill_channel_quantization(&rng, bias.data(), mult.data(), shift.data(), p.out_c);
    p.output_multiplier = mult.data();
    p.output_shift = shift.data();
    VtaConvGeometry g;
    vta_conv_geometry(&p, 16, &g);
    std::vector<int8_t> bin(vta_conv_input_bytes(&g)), bw(vta_conv_weight_bytes(&p, &g));
    std::vector<int32_t> folded(g.ocb * 16);
    vta_conv_pack_input(&p, &g, in.data(), bin.data());
    vta_conv_pack_weights(&p, &g, f.data(), bw.data());
    vta_conv_fold_bias(&p, &g, f.data(), bias.data(), folded.data());
    std::vector<int8_t> got(p.out_h * p.out_w * p.out_c), want(got.size());
    vta_conv_model(&p, &g, bin.data(), bw.data(), folded.data(), got.data());
    conv2d_int8_reference(&p, in.data(), f.data(), bias.data(), want.data());
    CHECK(got == want);
    // Blocked output round trip: pack by hand, unpack.
    std::vector<int8_t> blocked(vta_conv_output_bytes(&p, &g), 99), back(got.size());
    const int pixels = p.out_h * p.out_w;
    for (int i = 0; i < pixels; ++i) {
      for (int c = 0; c < p.out_c; ++c) {
        blocked[((c / 16) * pixels + i) * 16 + c % 16] = got[i * p.out_c + c];
      }
    }
    vta_conv_unpack_output(&p, &g, blocked.data(), back.data());
    CHECK(back == got);
  }
}
