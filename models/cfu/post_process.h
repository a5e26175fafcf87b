// The mnv2 CFU's post-processor: what the four pipeline stages compute for one output channel
// (bias, SaturatingRoundingDoublingHighMul, RoundingDivideByPOT, offset + clamp). Bit-exact to
// TFLite's MultiplyByQuantizedMultiplier as docs/reference/tflite-int8.md states it, for every
// int32 input; written independently of the firmware's C version so each checks the other.
#pragma once

#include <cstdint>

namespace accsim::cfu {

struct OutputStage {
  int32_t output_offset = 0;
  int32_t activation_min = -128;
  int32_t activation_max = 127;
};

int32_t saturating_rounding_doubling_high_mul(int32_t a, int32_t b);
int32_t rounding_divide_by_power_of_two(int32_t x, int exponent);
// x * 2^max(shift, 0) (wrapping), SRDHM by `multiplier`, rounding shift right by max(-shift, 0).
int32_t multiply_by_quantized_multiplier(int32_t x, int32_t multiplier, int shift);

// One output channel: clamp(MBQM(acc + bias, multiplier, shift) + offset). The sum wraps as
// the 32-bit hardware adder does. shift must lie in [-31, 31].
int8_t post_process(int32_t acc, int32_t bias, int32_t multiplier, int32_t shift,
                    const OutputStage& stage);

}  // namespace accsim::cfu
