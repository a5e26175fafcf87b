/* The gemmlowp fixed-point functions TFLite's int8 softmax and logistic use (fixedpoint.h, for
 * int32 raw values), and common.h's GetReciprocal. A FixedPoint<int32_t, I> is passed as its raw
 * int32: value = raw * 2^(I - 31). Integer additions wrap like the C++ originals do in practice. */
#ifndef ACCSIM_KERNELS_TFL_FIXEDPOINT_H
#define ACCSIM_KERNELS_TFL_FIXEDPOINT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* SaturatingRoundingMultiplyByPOT<exponent> for exponent > 0: x * 2^exponent, saturated. */
int32_t tfl_fp_saturating_shift_left(int32_t x, int exponent);

/* RoundingHalfSum(a, b): (a + b) / 2 rounded half away from zero. */
int32_t tfl_fp_rounding_half_sum(int32_t a, int32_t b);

/* exp_on_negative_values(FixedPoint<int32_t, integer_bits>): input <= 0, result Q0.31. */
int32_t tfl_fp_exp_on_negative_values(int32_t a, int integer_bits);
/* The same for Q5.26 (softmax). */
int32_t tfl_fp_exp_on_negative_values_q5(int32_t a);

/* logistic(FixedPoint<int32_t, integer_bits>): 1 / (1 + exp(-a)) in Q0.31, exactly one half at
 * 0, and One - logistic(|a|) for negative a. */
int32_t tfl_fp_logistic(int32_t a, int integer_bits);

/* one_over_one_plus_x_for_x_in_0_1(FixedPoint<int32_t, 0>): input Q0.31 in [0, 1), result
 * 1 / (1 + x) in Q0.31. */
int32_t tfl_fp_one_over_one_plus_x_for_x_in_0_1(int32_t a);

/* GetReciprocal(x, x_integer_digits, &num_bits_over_unit): 1 / x for a positive fixed-point x
 * with x_integer_digits integer bits, as a Q0.31 value scaled by 2^-num_bits_over_unit. */
int32_t tfl_fp_get_reciprocal(int32_t x, int x_integer_digits, int* num_bits_over_unit);

#ifdef __cplusplus
}
#endif

#endif
