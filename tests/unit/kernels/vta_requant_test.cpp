// The VTA ALU requantisation chain (vta_requant.c) against the host reference of
// tflite-int8.md: multiply_by_quantized_multiplier + wrapping output offset + clamp, bit-exact.
#include "accsim_kernels/vta_requant.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "accsim_kernels/tflite_int8.h"

namespace {

constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
constexpr int32_t kHalf = int32_t{1} << 30;

int32_t Reference(int32_t acc, int32_t mult, int shift, int32_t offset, int32_t lo, int32_t hi) {
  int32_t y = add_wrapping(multiply_by_quantized_multiplier(acc, mult, shift), offset);
  if (y < lo) y = lo;
  if (y > hi) y = hi;
  return y;
}

struct Chain {
  std::vector<vta_requant_op_t> ops;
  int32_t offset, lo, hi;
  Chain(int32_t offset_, int32_t lo_, int32_t hi_) : ops(VTA_REQUANT_MAX_OPS) {
    offset = offset_;
    lo = lo_;
    hi = hi_;
    const int n = vta_requant_program(ops.data(), VTA_REQUANT_MAX_OPS, offset, lo, hi);
    REQUIRE(n == VTA_REQUANT_NUM_OPS);
    ops.resize(n);
  }
  int32_t Run(int32_t acc, const int32_t* k) const {
    return vta_requant_emulate(ops.data(), static_cast<int>(ops.size()), acc, k);
  }
};

struct Constants {
  int32_t k[VTA_REQUANT_NUM_CONST];
  Constants(int32_t mult, int shift) { REQUIRE(vta_requant_constants(mult, shift, k) == 0); }
};

// The clamp ranges the tests use: int8 activations, a one-sided ReLU-like range, a single
// value, and the widest the 16-bit immediates allow (which exposes y almost unclamped).
struct ClampRange {
  int32_t lo, hi;
};
constexpr ClampRange kRanges[] = {{-128, 127}, {0, 127}, {-128, -128}, {-32768, 32767}};
constexpr int32_t kOffsets[] = {-128, -1, 0, 5, 128};

// Every acc in `accs` for this (mult, shift) under every offset and clamp range; returns the
// number of comparisons made.
long CheckAll(const std::vector<int32_t>& accs, int32_t mult, int shift) {
  const Constants c(mult, shift);
  long n = 0;
  for (int32_t offset : kOffsets) {
    for (const ClampRange& r : kRanges) {
      const Chain chain(offset, r.lo, r.hi);
      for (int32_t acc : accs) {
        const int32_t want = Reference(acc, mult, shift, offset, r.lo, r.hi);
        const int32_t got = chain.Run(acc, c.k);
        if (got != want) {
          INFO("acc=" << acc << " mult=" << mult << " shift=" << shift << " offset=" << offset
                      << " clamp=[" << r.lo << "," << r.hi << "]");
          REQUIRE(got == want);
        }
        ++n;
      }
    }
  }
  return n;
}

// accs around the points where the result changes: a*m near (2k+1) * 2^(30+right) (the final
// rounding) and near (2k+1) * 2^30 (the high mul's own rounding), k small, +-3 around each.
std::vector<int32_t> BoundaryAccs(int32_t mult, int shift, std::mt19937& gen) {
  std::vector<int32_t> accs;
  if (mult == 0 || shift > 0) return accs;  // left shifts: boundaries are covered by randoms
  const int right = -shift;
  std::uniform_int_distribution<int> k_dist(-300, 300);
  for (int i = 0; i < 24; ++i) {
    const long double k = k_dist(gen);
    const long double scale = (i & 1) ? std::ldexp(1.0L, 30 + right) : std::ldexp(1.0L, 30);
    const long double target = (2 * k + 1) * scale / mult;
    for (int d = -3; d <= 3; ++d) {
      const long double a = std::floor(target) + d;
      if (a >= kMin && a <= kMax) accs.push_back(static_cast<int32_t>(a));
    }
  }
  return accs;
}

const std::vector<int32_t>& EdgeAccs() {
  static const std::vector<int32_t> accs = {kMin,
                                            kMin + 1,
                                            kMin + 2,
                                            kMin + 32767,
                                            kMin + 32768,
                                            kMin + 65535,
                                            -kHalf - 1,
                                            -kHalf,
                                            -kHalf + 1,
                                            -65537,
                                            -65536,
                                            -32769,
                                            -32768,
                                            -32767,
                                            -256,
                                            -129,
                                            -128,
                                            -10,
                                            -5,
                                            -3,
                                            -2,
                                            -1,
                                            0,
                                            1,
                                            2,
                                            3,
                                            5,
                                            10,
                                            127,
                                            128,
                                            32767,
                                            32768,
                                            65535,
                                            65536,
                                            kHalf - 1,
                                            kHalf,
                                            kHalf + 1,
                                            kMax - 65536,
                                            kMax - 32768,
                                            kMax - 32767,
                                            kMax - 2,
                                            kMax - 1,
                                            kMax};
  return accs;
}

}  // namespace

TEST_CASE("vta_requant ALU lane semantics") {
  CHECK(vta_alu_lane(VTA_ALU_MIN, -5, 3) == -5);
  CHECK(vta_alu_lane(VTA_ALU_MAX, -5, 3) == 3);
  CHECK(vta_alu_lane(VTA_ALU_ADD, kMax, 1) == kMin);
  CHECK(vta_alu_lane(VTA_ALU_MUL, 65536, 65536) == 0);
  CHECK(vta_alu_lane(VTA_ALU_MUL, -3, 7) == -21);
  CHECK(vta_alu_lane(VTA_ALU_MUL, kMin, -1) == kMin);
  CHECK(vta_alu_lane(VTA_ALU_SHR, -5, 1) == -3);  // arithmetic: floor
  CHECK(vta_alu_lane(VTA_ALU_SHR, -1, 31) == -1);
  CHECK(vta_alu_lane(VTA_ALU_SHR, kMin, 31) == -1);
  CHECK(vta_alu_lane(VTA_ALU_SHR, kMin, 40) == -1);  // >= 32 acts as 31
  CHECK(vta_alu_lane(VTA_ALU_SHR, kMax, 32) == 0);
  CHECK(vta_alu_lane(VTA_ALU_SHR, 12345, 0) == 12345);
  CHECK(vta_alu_lane(VTA_ALU_SHR, 3, -1) == 6);  // negative amount: left shift
  CHECK(vta_alu_lane(VTA_ALU_SHR, 3, -31) == kMin);
  CHECK(vta_alu_lane(VTA_ALU_SHR, 0x12345678, -16) == 0x56780000);  // wraps
  CHECK(vta_alu_lane(VTA_ALU_SHR, -1, -32) == 0);                   // <= -32 gives 0
  CHECK(vta_alu_lane(VTA_ALU_SHR, -1, kMin) == 0);
}

TEST_CASE("vta_requant program shape") {
  std::vector<vta_requant_op_t> ops(VTA_REQUANT_MAX_OPS);
  const int n = vta_requant_program(ops.data(), VTA_REQUANT_MAX_OPS, -128, -128, 127);
  REQUIRE(n == VTA_REQUANT_NUM_OPS);
  REQUIRE(n == 32);
  for (int i = 0; i < n; ++i) {
    INFO("op " << i);
    CHECK(ops[i].alu_opcode <= VTA_ALU_MUL);
    CHECK(ops[i].dst_slot < 1 + VTA_REQUANT_NUM_SCRATCH);  // never a constant row
    CHECK_FALSE(vta_requant_slot_is_const(ops[i].dst_slot));
    if (!ops[i].use_imm) CHECK(ops[i].src_slot < VTA_REQUANT_NUM_SLOTS);
  }
  CHECK(vta_requant_slot_is_const(VTA_REQUANT_CONST_SLOT(0)));
  CHECK(vta_requant_slot_is_const(VTA_REQUANT_CONST_SLOT(VTA_REQUANT_NUM_CONST - 1)));
  CHECK_FALSE(vta_requant_slot_is_const(VTA_REQUANT_NUM_SLOTS));
  CHECK_FALSE(vta_requant_slot_is_const(VTA_REQUANT_SCRATCH_SLOT(VTA_REQUANT_NUM_SCRATCH - 1)));
}

TEST_CASE("vta_requant result does not depend on the scratch rows' initial contents") {
  // An independent lane interpreter that fills the scratch rows with random junk: a chain that
  // read a scratch row before writing it would give different results from run to run.
  std::vector<vta_requant_op_t> ops(VTA_REQUANT_MAX_OPS);
  const int n = vta_requant_program(ops.data(), VTA_REQUANT_MAX_OPS, 3, -128, 127);
  REQUIRE(n > 0);
  std::mt19937 gen(7);
  std::uniform_int_distribution<int32_t> any(kMin, kMax);
  for (int i = 0; i < 20000; ++i) {
    const int32_t acc = any(gen) >> (i % 32);
    const int32_t mult = (i % 5 == 0) ? (any(gen) & kMax) : (kHalf | (any(gen) & (kHalf - 1)));
    const int shift = static_cast<int>(i % 63) - 31;
    const Constants c(mult, shift);
    int32_t row[VTA_REQUANT_NUM_SLOTS];
    row[VTA_REQUANT_DATA_SLOT] = acc;
    for (int k = 0; k < VTA_REQUANT_NUM_SCRATCH; ++k) row[VTA_REQUANT_SCRATCH_SLOT(k)] = any(gen);
    for (int k = 0; k < VTA_REQUANT_NUM_CONST; ++k) row[VTA_REQUANT_CONST_SLOT(k)] = c.k[k];
    for (int j = 0; j < n; ++j) {
      const int32_t src = ops[j].use_imm ? ops[j].imm : row[ops[j].src_slot];
      row[ops[j].dst_slot] = vta_alu_lane(ops[j].alu_opcode, row[ops[j].dst_slot], src);
    }
    INFO("acc=" << acc << " mult=" << mult << " shift=" << shift);
    REQUIRE(row[VTA_REQUANT_DATA_SLOT] == Reference(acc, mult, shift, 3, -128, 127));
  }
}

TEST_CASE("vta_requant edge accumulators for every shift and extreme multipliers") {
  const int32_t mults[] = {kHalf,         kHalf + 1,  kHalf + 32767, kHalf + 32768,
                           kHalf + 65535, 0x5555AAAB, 0x7FFF7FFF,    0x7FFF8000,
                           kMax - 32768,  kMax - 1,   kMax};
  long n = 0;
  for (int shift = -31; shift <= 31; ++shift) {
    for (int32_t mult : mults) n += CheckAll(EdgeAccs(), mult, shift);
  }
  CHECK(n == 63L * 11 * 43 * 5 * 4);
}

TEST_CASE("vta_requant multiplier zero and small multipliers") {
  // mult = 0 is exact (the result is 0 + offset); multipliers below 2^30 (not produced by
  // QuantizeMultiplier) are exact too.
  for (int shift = -31; shift <= 31; ++shift) {
    for (int32_t mult : {0, 1, 2, 3, 32767, 32768, 65535, 65536, kHalf - 1}) {
      CheckAll(EdgeAccs(), mult, shift);
    }
  }
}

TEST_CASE("vta_requant exact halves round like TFLite") {
  // mult = 2^30 (0.5): acc * 0.5 / 2^right lands exactly on halves for odd acc / 2^right.
  // -2.5 -> -3 and 2.5 -> 3 (RoundingDivideByPOT), while the high mul alone rounds -2.5 -> -2.
  const Chain chain(0, -32768, 32767);
  const Constants half_shift0(kHalf, 0);
  CHECK(chain.Run(-5, half_shift0.k) == -2);  // high mul only: half up
  CHECK(chain.Run(5, half_shift0.k) == 3);
  const Constants half_shift_m1(kHalf, -1);
  CHECK(chain.Run(-10, half_shift_m1.k) == -3);  // -2.5 -> -3
  CHECK(chain.Run(10, half_shift_m1.k) == 3);
  CHECK(chain.Run(-6, half_shift_m1.k) == -2);  // -1.5 -> -2
  CHECK(chain.Run(-2, half_shift_m1.k) == -1);  // -0.5 -> -1
  const Constants half_shift_m2(kHalf, -2);
  CHECK(chain.Run(-12, half_shift_m2.k) == -2);  // -1.5 -> -2
  CHECK(chain.Run(-10, half_shift_m2.k) == -1);  // -1.25 -> -1
  const Constants half_shift_m31(kHalf, -31);
  CHECK(chain.Run(kMin, half_shift_m31.k) == -1);  // exactly -0.5 -> -1
  CHECK(chain.Run(kMax, half_shift_m31.k) == 1);   // high mul rounds up to 2^30: 0.5 -> 1
  std::vector<int32_t> halves;
  for (int32_t v = -4000; v <= 4000; ++v) halves.push_back(v);
  for (int shift = -12; shift <= 2; ++shift) CheckAll(halves, kHalf, shift);
}

TEST_CASE("vta_requant random accumulators near rounding boundaries") {
  std::mt19937 gen(0xB0DA);
  std::uniform_int_distribution<int32_t> q31(kHalf, kMax);
  long n = 0;
  for (int shift = -31; shift <= 0; ++shift) {
    for (int i = 0; i < 60; ++i) {
      const int32_t mult = q31(gen);
      n += CheckAll(BoundaryAccs(mult, shift, gen), mult, shift);
    }
  }
  CHECK(n > 1000000);
}

TEST_CASE("vta_requant random tuples") {
  // Several million (acc, mult, shift, offset, clamp) tuples with a fixed seed: accs uniform
  // over int32 and scaled down (so every magnitude is exercised), shifts over the full range
  // but biased to the negative shifts real layers use.
  std::mt19937_64 gen(0x5EED2024);
  std::uniform_int_distribution<int32_t> any(kMin, kMax);
  std::uniform_int_distribution<int32_t> q31(kHalf, kMax);
  std::uniform_int_distribution<int> shift_any(-31, 31);
  std::uniform_int_distribution<int> shift_typ(-16, 1);
  std::uniform_int_distribution<int> offset_dist(-128, 127);
  std::uniform_int_distribution<int> small_shift(0, 31);
  std::vector<Chain> chains;
  for (int32_t offset : kOffsets) {
    for (const ClampRange& r : kRanges) chains.emplace_back(offset, r.lo, r.hi);
  }
  for (int i = 0; i < 8; ++i) chains.emplace_back(offset_dist(gen), -128, 127);
  long n = 0;
  for (int i = 0; i < 4000000; ++i) {
    const int32_t mult = (i % 16 == 0) ? (any(gen) & kMax) : q31(gen);
    const int shift = (i & 1) ? shift_any(gen) : shift_typ(gen);
    const int32_t acc = any(gen) >> small_shift(gen);
    const Chain& chain = chains[static_cast<size_t>(i) % chains.size()];
    int32_t k[VTA_REQUANT_NUM_CONST];
    REQUIRE(vta_requant_constants(mult, shift, k) == 0);
    const int32_t want = Reference(acc, mult, shift, chain.offset, chain.lo, chain.hi);
    const int32_t got = chain.Run(acc, k);
    if (got != want) {
      INFO("acc=" << acc << " mult=" << mult << " shift=" << shift << " offset=" << chain.offset
                  << " clamp=[" << chain.lo << "," << chain.hi << "]");
      REQUIRE(got == want);
    }
    ++n;
  }
  CHECK(n == 4000000);
}

TEST_CASE("vta_requant guards reject what the chain cannot reproduce") {
  int32_t k[VTA_REQUANT_NUM_CONST];
  CHECK(vta_requant_constants(-1, 0, k) == VTA_REQUANT_ERR_MULTIPLIER);
  CHECK(vta_requant_constants(kMin, -5, k) == VTA_REQUANT_ERR_MULTIPLIER);
  CHECK(vta_requant_constants(kHalf, 32, k) == VTA_REQUANT_ERR_SHIFT);
  CHECK(vta_requant_constants(kHalf, -32, k) == VTA_REQUANT_ERR_SHIFT);
  CHECK(vta_requant_constants(kHalf, 31, k) == 0);
  CHECK(vta_requant_constants(kHalf, -31, k) == 0);
  CHECK(vta_requant_constants(0, 0, k) == 0);
  std::vector<vta_requant_op_t> ops(VTA_REQUANT_MAX_OPS);
  CHECK(vta_requant_program(ops.data(), VTA_REQUANT_MAX_OPS - 1, 0, -128, 127) ==
        VTA_REQUANT_ERR_NO_ROOM);
  CHECK(vta_requant_program(ops.data(), VTA_REQUANT_MAX_OPS, 40000, -128, 127) ==
        VTA_REQUANT_ERR_IMM_RANGE);
  CHECK(vta_requant_program(ops.data(), VTA_REQUANT_MAX_OPS, 0, -40000, 127) ==
        VTA_REQUANT_ERR_IMM_RANGE);
  CHECK(vta_requant_program(ops.data(), VTA_REQUANT_MAX_OPS, 0, -128, 32768) ==
        VTA_REQUANT_ERR_IMM_RANGE);
  CHECK(vta_requant_program(ops.data(), VTA_REQUANT_MAX_OPS, 0, 5, 4) ==
        VTA_REQUANT_ERR_EMPTY_CLAMP);
  CHECK(vta_requant_program(ops.data(), VTA_REQUANT_MAX_OPS, -32768, -32768, 32767) ==
        VTA_REQUANT_NUM_OPS);
}
