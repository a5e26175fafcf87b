// The post-processor against the independent TFLite model (tests/unit/kernels/tflite_model.h):
// edge cases and 10^6 random (acc, bias, multiplier, shift, offset, clamp) tuples.
#include "post_process.h"

#include <catch2/catch.hpp>
#include <limits>

#include "post_process_vectors.h"
#include "tflite_model.h"

using accsim::cfu::OutputStage;
using accsim::cfu::post_process;

namespace {

int8_t reference(int32_t acc, int32_t bias, int32_t m, int shift, const OutputStage& s) {
  const int32_t sum =
      static_cast<int32_t>(static_cast<uint32_t>(acc) + static_cast<uint32_t>(bias));
  int64_t v = accsim_test::ModelMultiplyByQuantizedMultiplier(sum, m, shift);
  v += s.output_offset;
  v = std::max<int64_t>(v, s.activation_min);
  v = std::min<int64_t>(v, s.activation_max);
  return static_cast<int8_t>(v);
}

constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
constexpr int32_t kMax = std::numeric_limits<int32_t>::max();

}  // namespace

TEST_CASE("MBQM edge cases match the reference", "[cfu][post]") {
  const int32_t values[] = {0,    1,        -1,       2,          -2,         3,
                            -3,   5,        -5,       1 << 20,    -(1 << 20), kMax,
                            kMin, kMax - 1, kMin + 1, 0x40000000, -0x40000000};
  const int32_t multipliers[] = {0, 1, -1, kMax, kMin, 1 << 30, 0x5A82799A, -0x5A82799A};
  for (int32_t x : values) {
    for (int32_t m : multipliers) {
      for (int shift : {-31, -30, -16, -8, -1, 0, 1, 8, 30, 31}) {
        INFO("x=" << x << " m=" << m << " shift=" << shift);
        CHECK(accsim::cfu::multiply_by_quantized_multiplier(x, m, shift) ==
              accsim_test::ModelMultiplyByQuantizedMultiplier(x, m, shift));
      }
    }
  }
  // INT32_MIN x INT32_MIN saturates; exact negative halves round away from zero.
  CHECK(accsim::cfu::saturating_rounding_doubling_high_mul(kMin, kMin) == kMax);
  CHECK(accsim::cfu::rounding_divide_by_power_of_two(-5, 1) == -3);
  CHECK(accsim::cfu::rounding_divide_by_power_of_two(5, 1) == 3);
  CHECK(accsim::cfu::rounding_divide_by_power_of_two(-6, 2) == -2);
}

TEST_CASE("post_process clamps, offsets and wraps the bias sum", "[cfu][post]") {
  const OutputStage relu6{-128, -128, 23};
  CHECK(post_process(1000000, 0, kMax, -1, relu6) == 23);
  CHECK(post_process(-1000000, 0, kMax, -1, relu6) == -128);
  const OutputStage wide{5, -128, 127};
  CHECK(post_process(0, 0, 1 << 30, 0, wide) == 5);
  // acc + bias wraps like the 32-bit hardware adder.
  CHECK(post_process(kMax, 1, 1 << 30, -31, wide) == reference(kMax, 1, 1 << 30, -31, wide));
}

TEST_CASE("post_process matches the reference on 10^6 random tuples", "[cfu][post]") {
  accsim_test::PostProcessVectors vectors(20261121);
  int mismatches = 0;
  for (int i = 0; i < 1000000; ++i) {
    const auto v = vectors.next();
    const int32_t acc = v.acc, bias = v.bias, m = v.multiplier, shift = v.shift;
    const OutputStage& stage = v.stage;
    const int8_t got = post_process(acc, bias, m, shift, stage);
    const int8_t want = reference(acc, bias, m, shift, stage);
    if (got != want && ++mismatches <= 5) {
      FAIL_CHECK("acc=" << acc << " bias=" << bias << " m=" << m << " shift=" << shift
                        << " offset=" << stage.output_offset << " [" << stage.activation_min << ","
                        << stage.activation_max << "]: got " << int(got) << ", want " << int(want));
    }
  }
  CHECK(mismatches == 0);
}
