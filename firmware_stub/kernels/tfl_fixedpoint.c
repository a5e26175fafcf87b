#include "accsim_kernels/tfl_fixedpoint.h"

#include "accsim_kernels/tflite_int8.h"

/* gemmlowp's FixedPoint operators: + and - are plain int32 arithmetic (kept defined here by
 * wrapping), * of two FixedPoints is SaturatingRoundingDoublingHighMul of the raw values. */
static inline int32_t fp_add(int32_t a, int32_t b) { return add_wrapping(a, b); }
static inline int32_t fp_sub(int32_t a, int32_t b) { return (int32_t)((uint32_t)a - (uint32_t)b); }
static inline int32_t fp_mul(int32_t a, int32_t b) {
  return saturating_rounding_doubling_high_mul(a, b);
}

int32_t tfl_fp_saturating_shift_left(int32_t x, int exponent) {
  const int32_t threshold = (int32_t)((INT64_C(1) << (31 - exponent)) - 1);
  if (x > threshold) return INT32_MAX;
  if (x < -threshold) return INT32_MIN;
  return (int32_t)((uint32_t)x << exponent);
}

int32_t tfl_fp_rounding_half_sum(int32_t a, int32_t b) {
  const int64_t sum = (int64_t)a + (int64_t)b;
  const int64_t sign = sum >= 0 ? 1 : -1;
  return (int32_t)((sum + sign) / 2);
}

/* exp_on_interval_between_negative_one_quarter_and_0_excl: a Q0.31 in [-1/4, 0); a Taylor
 * expansion of exp around -1/8. */
static int32_t exp_on_interval_between_negative_one_quarter_and_0_excl(int32_t a) {
  const int32_t constant_term = 1895147668;      /* exp(-1/8) */
  const int32_t constant_1_over_3 = 715827883;   /* 1/3 */
  const int32_t x = fp_add(a, INT32_C(1) << 28); /* a + 1/8 */
  const int32_t x2 = fp_mul(x, x);
  const int32_t x3 = fp_mul(x2, x);
  const int32_t x4 = fp_mul(x2, x2);
  const int32_t x4_over_4 = rounding_divide_by_pot(x4, 2);
  const int32_t x4_over_24_plus_x3_over_6_plus_x2_over_2 =
      rounding_divide_by_pot(fp_add(fp_mul(fp_add(x4_over_4, x3), constant_1_over_3), x2), 1);
  /* AddSaturatingIf16Bit is a plain add for int32. */
  return fp_add(constant_term,
                fp_mul(constant_term, fp_add(x, x4_over_24_plus_x3_over_6_plus_x2_over_2)));
}

int32_t tfl_fp_exp_on_negative_values(int32_t a, int integer_bits) {
  const int fractional_bits = 31 - integer_bits;
  const int32_t one_quarter = INT32_C(1) << (fractional_bits - 2);
  const int32_t mask = one_quarter - 1;
  const int32_t a_mod_quarter_minus_one_quarter = fp_sub(a & mask, one_quarter);
  /* Rescale<0>: multiply by 2^integer_bits, saturating (never saturates in [-1/4, 0)). */
  int32_t result = exp_on_interval_between_negative_one_quarter_and_0_excl(
      tfl_fp_saturating_shift_left(a_mod_quarter_minus_one_quarter, integer_bits));
  const int32_t remainder = fp_sub(a_mod_quarter_minus_one_quarter, a);

  /* The barrel shifter: for each set bit 2^k of the remainder (k = -2..4, those below
   * integer_bits), multiply by exp(-2^k). */
  static const int32_t kMultipliers[7] = {1672461947, 1302514674, 790015084, 290630308,
                                          39332535,   720401,     242};
  for (int k = -2; k <= 4 && k < integer_bits; ++k) {
    if (remainder & (INT32_C(1) << (fractional_bits + k))) {
      result = fp_mul(result, kMultipliers[k + 2]);
    }
  }
  /* Below -32 the result is 0 (only reachable with more than 5 integer bits). */
  if (integer_bits > 5 && a < -(INT32_C(1) << (36 - integer_bits))) result = 0;
  /* exp(0) is exactly One. */
  return a == 0 ? INT32_MAX : result;
}

int32_t tfl_fp_exp_on_negative_values_q5(int32_t a) { return tfl_fp_exp_on_negative_values(a, 5); }

int32_t tfl_fp_logistic(int32_t a, int integer_bits) {
  if (a == 0) return INT32_C(1) << 30; /* one half */
  /* logistic(|a|) = 1 / (1 + exp(-|a|)); logistic(-|a|) = One - logistic(|a|). */
  const int32_t abs_a = a > 0 ? a : fp_sub(0, a);
  const int32_t positive = tfl_fp_one_over_one_plus_x_for_x_in_0_1(
      tfl_fp_exp_on_negative_values(fp_sub(0, abs_a), integer_bits));
  return a > 0 ? positive : fp_sub(INT32_MAX, positive);
}

int32_t tfl_fp_one_over_one_plus_x_for_x_in_0_1(int32_t a) {
  /* half_denominator = (1 + a) / 2 in Q0.31; x is a Q2.29 estimate of 1 / half_denominator
   * refined by three Newton-Raphson steps. */
  const int32_t half_denominator = tfl_fp_rounding_half_sum(a, INT32_MAX);
  const int32_t constant_48_over_17 = 1515870810;      /* Q2.29 */
  const int32_t constant_neg_32_over_17 = -1010580540; /* Q2.29 */
  const int32_t one_q2 = INT32_C(1) << 29;
  int32_t x = fp_add(constant_48_over_17, fp_mul(half_denominator, constant_neg_32_over_17));
  for (int i = 0; i < 3; ++i) {
    const int32_t half_denominator_times_x = fp_mul(half_denominator, x); /* Q2 */
    const int32_t one_minus_half_denominator_times_x = fp_sub(one_q2, half_denominator_times_x);
    const int32_t product_q4 = fp_mul(x, one_minus_half_denominator_times_x); /* Q4 */
    x = fp_add(x, tfl_fp_saturating_shift_left(product_q4, 2));               /* Q4->Q2 */
  }
  /* ExactMulByPot<-1> reinterprets the Q2.29 raw as Q1.30; Rescale<0> shifts it left by 1. */
  return tfl_fp_saturating_shift_left(x, 1);
}

static int count_leading_zeros_u32(uint32_t x) {
  if (x == 0) return 32;
  int n = 0;
  while (!(x & UINT32_C(0x80000000))) {
    x <<= 1;
    ++n;
  }
  return n;
}

int32_t tfl_fp_get_reciprocal(int32_t x, int x_integer_digits, int* num_bits_over_unit) {
  const int headroom_plus_one = count_leading_zeros_u32((uint32_t)x);
  *num_bits_over_unit = x_integer_digits - headroom_plus_one;
  /* x normalised to [1, 2) as Q1.31 unsigned, minus one: a Q0.31 in [0, 1). */
  /* x == 0 (headroom 32) would shift by 32, undefined in C++ too; softmax never passes it. */
  const uint32_t normalised = headroom_plus_one < 32 ? (uint32_t)x << headroom_plus_one : 0;
  const int32_t shifted_sum_minus_one = (int32_t)(normalised - (UINT32_C(1) << 31));
  return tfl_fp_one_over_one_plus_x_for_x_in_0_1(shifted_sum_minus_one);
}
