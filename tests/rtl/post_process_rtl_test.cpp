// The mnv2 post-processor's RTL (rtl/cfu/mnv2/mnv2_post_process.v, Verilated alone) against
// accsim::cfu::post_process: one vector per cycle through the 4-stage pipeline, each output
// (with its tag) compared with the C++ function's. Edge cases (shift -31..31 with extreme
// accumulators, biases and multipliers, INT32_MIN x INT32_MIN, exact halves of both rounding
// steps, offset wrap-around, clamp bounds) and 10^6 random vectors.

// clang-format off
// The Verilated model's header first (before anything that may pull in <systemc>).
#include "Vmnv2_post_process.h"
// clang-format on

#include <catch2/catch.hpp>
#include <cstdint>
#include <deque>
#include <limits>
#include <random>
#include <sstream>
#include <string>

#include "post_process.h"
#include "post_process_vectors.h"

namespace {

constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
constexpr int32_t kMax = std::numeric_limits<int32_t>::max();

struct Vector {
  int32_t acc = 0;
  int32_t bias = 0;
  int32_t multiplier = 0;
  int32_t shift = 0;
  accsim::cfu::OutputStage stage;
};

std::string describe(const Vector& v) {
  std::ostringstream s;
  s << "acc " << v.acc << " bias " << v.bias << " mult " << v.multiplier << " shift " << v.shift
    << " offset " << v.stage.output_offset << " clamp [" << v.stage.activation_min << ", "
    << v.stage.activation_max << "]";
  return s.str();
}

// Streams vectors through the Verilated block, one per cycle, and checks every output.
class PostProcessBench {
 public:
  PostProcessBench() : m_top(&m_context, "post") {
    m_top.clk = 0;
    m_top.reset = 1;
    m_top.in_valid = 0;
    m_top.eval();
    for (int i = 0; i < 3; ++i) tick();
    m_top.reset = 0;
    m_top.eval();
  }
  ~PostProcessBench() { m_top.final(); }

  void push(const Vector& v) {
    m_top.in_valid = 1;
    m_top.in_tag = m_next_tag;
    m_top.in_acc = static_cast<uint32_t>(v.acc);
    m_top.in_bias = static_cast<uint32_t>(v.bias);
    m_top.in_mult = static_cast<uint32_t>(v.multiplier);
    m_top.in_shift = static_cast<uint32_t>(v.shift) & 0x3F;
    m_top.in_offset = static_cast<uint32_t>(v.stage.output_offset) & 0xFF;
    m_top.in_min = static_cast<uint32_t>(v.stage.activation_min) & 0xFF;
    m_top.in_max = static_cast<uint32_t>(v.stage.activation_max) & 0xFF;
    m_pending.push_back({v, m_next_tag, m_cycle});
    m_next_tag = (m_next_tag + 1) & 3;
    tick();
  }
  // Runs until every pushed vector has come out.
  void flush() {
    m_top.in_valid = 0;
    for (int i = 0; i < 8 && !m_pending.empty(); ++i) tick();
    if (!m_pending.empty()) fail("outputs missing at the end");
  }
  uint64_t checked() const { return m_checked; }
  const std::string& failure() const { return m_failure; }

 private:
  struct Pending {
    Vector v;
    uint32_t tag;
    uint64_t cycle;
  };
  // Outputs are sampled in the cycle after each posedge; the result of a vector presented in
  // cycle c must be there in cycle c + 4.
  void tick() {
    m_top.clk = 1;
    m_top.eval();
    m_top.clk = 0;
    m_top.eval();
    ++m_cycle;
    if (!m_top.out_valid) {
      if (!m_pending.empty() && m_cycle > m_pending.front().cycle + 4) fail("output late");
      return;
    }
    if (m_pending.empty()) {
      fail("output without input");
      return;
    }
    const Pending p = m_pending.front();
    m_pending.pop_front();
    const int8_t want =
        accsim::cfu::post_process(p.v.acc, p.v.bias, p.v.multiplier, p.v.shift, p.v.stage);
    const int8_t got = static_cast<int8_t>(m_top.out_byte);
    if (m_cycle != p.cycle + 4) fail("latency " + std::to_string(m_cycle - p.cycle));
    if (m_top.out_tag != p.tag) fail("tag out of order");
    if (got != want) {
      fail(describe(p.v) + ": RTL " + std::to_string(got) + ", model " + std::to_string(want));
    }
    ++m_checked;
  }
  void fail(const std::string& why) {
    if (m_failure.empty()) m_failure = why;
  }

  VerilatedContext m_context;
  Vmnv2_post_process m_top;
  std::deque<Pending> m_pending;
  uint32_t m_next_tag = 0;
  uint64_t m_cycle = 0;
  uint64_t m_checked = 0;
  std::string m_failure;
};

}  // namespace

TEST_CASE("post-processor RTL: edge cases", "[rtl]") {
  PostProcessBench bench;
  const int32_t values[] = {0,    1,        -1,       2,          -2,          3,
                            -3,   5,        -5,       1 << 20,    -(1 << 20),  kMax,
                            kMin, kMax - 1, kMin + 1, 0x40000000, -0x40000000, 0x3FFFFFFF};
  const int32_t biases[] = {0, 1, -1, kMax, kMin};
  const int32_t multipliers[] = {0,       1,          -1,          kMax,       kMin,
                                 1 << 30, 0x5A82799A, -0x5A82799A, 0x40000001, -0x40000001};
  const accsim::cfu::OutputStage stages[] = {{0, -128, 127}, {-128, -128, 127}, {127, -128, 127},
                                             {5, -20, 30},   {-3, 0, 0},        {0, 127, 127}};
  uint64_t count = 0;
  for (int32_t acc : values) {
    for (int32_t bias : biases) {
      for (int32_t m : multipliers) {
        for (int shift = -31; shift <= 31; ++shift) {
          for (const auto& stage : stages) {
            bench.push({acc, bias, m, shift, stage});
            ++count;
          }
        }
      }
    }
  }
  // Exact halves. SRDHM: x = 2^30 times an odd multiplier is an odd multiple of 2^30 = half
  // of 2^31, for either sign. RoundingDivideByPOT: SRDHM(x, INT32_MIN) = -x exactly, so
  // x = (2k + 1) * 2^(e - 1) with shift -e gives -x, an exact negative half (and -x > 0 for
  // negative k, a positive one).
  for (int32_t m = -41; m <= 41; m += 2) {
    for (int32_t m_big : {m, m + 0x40000000, m - 0x40000000, kMax - 100 + m}) {
      for (int shift = -3; shift <= 1; ++shift) bench.push({1 << 30, 0, m_big | 1, shift, {}});
      count += 5;
    }
  }
  for (int e = 1; e <= 31; ++e) {
    for (int64_t k = -6; k <= 5; ++k) {
      const int64_t x = (2 * k + 1) * (int64_t{1} << (e - 1));
      if (x < kMin || x > kMax) continue;
      for (const auto& stage : stages) {
        bench.push({static_cast<int32_t>(x), 0, kMin, -e, stage});
        bench.push({static_cast<int32_t>(x - 5), 5, kMin, -e, stage});  // via the bias add
        count += 2;
      }
    }
  }
  bench.flush();
  INFO(bench.failure());
  REQUIRE(bench.failure().empty());
  CHECK(bench.checked() == count);
}

TEST_CASE("post-processor RTL: 10^6 random vectors", "[rtl]") {
  PostProcessBench bench;
  accsim_test::PostProcessVectors vectors(20261122);
  constexpr uint64_t kVectors = 1000000;
  for (uint64_t i = 0; i < kVectors; ++i) {
    const auto r = vectors.next(/*full_range_clamp_share=*/3);
    Vector v;
    v.acc = r.acc;
    v.bias = r.bias;
    v.multiplier = r.multiplier;
    v.shift = r.shift;
    v.stage = r.stage;
    bench.push(v);
    if (!bench.failure().empty()) break;
  }
  bench.flush();
  INFO(bench.failure());
  REQUIRE(bench.failure().empty());
  CHECK(bench.checked() == kVectors);
}
