"""TFLite's integer arithmetic (docs/reference/tflite-int8.md, gemmlowp fixedpoint.h), vectorised.

Values are numpy int64 arrays holding int32 quantities; every step that wraps or saturates in
the C++ reference does so here explicitly, so results are bit-exact. Scalars work too (they are
turned into 0-d arrays). Also the host-side float -> multiplier conversions (QuantizeMultiplier
and friends), which run in double precision exactly as TFLite's Prepare functions do.
"""
import math

import numpy as np

INT32_MIN = -(1 << 31)
INT32_MAX = (1 << 31) - 1


def wrap_int32(x):
    """Two's-complement wrap of int64 values to the int32 range (C++ int32 overflow)."""
    x = np.asarray(x, dtype=np.int64)
    return ((x + (1 << 31)) & 0xFFFFFFFF) - (1 << 31)


def _trunc_div_pow2(p, n):
    """C integer division p / 2^n (truncation toward zero) for int64 p."""
    return np.where(p >= 0, p >> n, -((-p) >> n))


def saturating_rounding_doubling_high_mul(a, b):
    """gemmlowp SaturatingRoundingDoublingHighMul on int32 values."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    p = a * b  # |p| <= 2^62: exact in int64
    nudge = np.where(p >= 0, 1 << 30, 1 - (1 << 30))
    result = _trunc_div_pow2(p + nudge, 31)
    return np.where((a == INT32_MIN) & (b == INT32_MIN), INT32_MAX, result)


def rounding_divide_by_pot(x, exponent):
    """gemmlowp RoundingDivideByPOT: x / 2^exponent, halves away from zero. exponent in [0, 31]."""
    x = np.asarray(x, dtype=np.int64)
    exponent = np.asarray(exponent, dtype=np.int64)
    mask = (np.int64(1) << exponent) - 1
    remainder = x & mask
    threshold = (mask >> 1) + (x < 0)
    return (x >> exponent) + (remainder > threshold)


def multiply_by_quantized_multiplier(x, multiplier, shift):
    """TFLite MultiplyByQuantizedMultiplier (double rounding, the default build).

    shift may be an array (per channel) broadcasting against x.
    """
    shift = np.asarray(shift, dtype=np.int64)
    left = np.maximum(shift, 0)
    right = np.maximum(-shift, 0)
    shifted = wrap_int32(np.asarray(x, dtype=np.int64) << left)
    return rounding_divide_by_pot(saturating_rounding_doubling_high_mul(shifted, multiplier), right)


def saturating_left_shift(x, exponent):
    """gemmlowp SaturatingRoundingMultiplyByPOT with a positive exponent."""
    x = np.asarray(x, dtype=np.int64)
    threshold = (1 << (31 - exponent)) - 1
    return np.where(x > threshold, INT32_MAX,
                    np.where(x < -threshold, INT32_MIN, wrap_int32(x << exponent)))


def rescale(x, src_integer_bits, dst_integer_bits):
    """gemmlowp Rescale<dst>(FixedPoint<src>): a saturating or rounding power-of-two change."""
    exponent = src_integer_bits - dst_integer_bits
    if exponent > 0:
        return saturating_left_shift(x, exponent)
    if exponent < 0:
        return rounding_divide_by_pot(x, -exponent)
    return np.asarray(x, dtype=np.int64)


def rounding_half_sum(a, b):
    s = np.asarray(a, dtype=np.int64) + np.asarray(b, dtype=np.int64)
    return _trunc_div_c(s + np.where(s >= 0, 1, -1), 2)


def _trunc_div_c(a, b):
    """C integer division (truncation toward zero) of int64 arrays by a positive int."""
    q = np.abs(a) // b
    return np.where(a >= 0, q, -q)


def count_leading_zeros32(x):
    x = np.asarray(x, dtype=np.int64) & 0xFFFFFFFF
    out = np.full(x.shape, 32, dtype=np.int64)
    nz = x != 0
    # floor(log2) through float64 is exact for values < 2^53
    out[nz] = 31 - np.floor(np.log2(x[nz].astype(np.float64))).astype(np.int64)
    return out


# gemmlowp constants (raw int32 values of Q0.31 / Q2.29 fixed-point numbers).
_EXP_MINUS_ONE_EIGHTH = 1895147668       # exp(-1/8)
_ONE_THIRD = 715827883                   # 1/3
_EXP_BARREL = [(-2, 1672461947), (-1, 1302514674), (0, 790015084), (1, 290630308),
               (2, 39332535), (3, 720401), (4, 242)]  # exp(-2^k) for the barrel shifter
_FORTY_EIGHT_OVER_17 = 1515870810        # Q2.29
_NEG_THIRTY_TWO_OVER_17 = -1010580540    # Q2.29


def _mul(a, b):
    return saturating_rounding_doubling_high_mul(a, b)


def exp_on_interval_between_negative_one_quarter_and_0_excl(a):
    """exp(a) for a in [-1/4, 0), Q0.31 in and out (gemmlowp's Taylor expansion around -1/8)."""
    x = wrap_int32(np.asarray(a, dtype=np.int64) + (1 << 28))
    x2 = _mul(x, x)
    x3 = _mul(x2, x)
    x4 = _mul(x2, x2)
    x4_over_4 = rounding_divide_by_pot(x4, 2)
    poly = rounding_divide_by_pot(wrap_int32(_mul(wrap_int32(x4_over_4 + x3), _ONE_THIRD) + x2), 1)
    return wrap_int32(_EXP_MINUS_ONE_EIGHTH + _mul(_EXP_MINUS_ONE_EIGHTH, wrap_int32(x + poly)))


def exp_on_negative_values(a, integer_bits):
    """gemmlowp exp_on_negative_values: a is Q(integer_bits), a <= 0; result Q0.31."""
    a = np.asarray(a, dtype=np.int64)
    fractional_bits = 31 - integer_bits
    one_quarter = 1 << (fractional_bits - 2)
    a_mod_quarter_minus_one_quarter = wrap_int32((a & (one_quarter - 1)) - one_quarter)
    result = exp_on_interval_between_negative_one_quarter_and_0_excl(
        rescale(a_mod_quarter_minus_one_quarter, integer_bits, 0))
    remainder = wrap_int32(a_mod_quarter_minus_one_quarter - a)
    for exponent, multiplier in _EXP_BARREL:
        if integer_bits > exponent:
            bit = 1 << (fractional_bits + exponent)
            result = np.where(remainder & bit, _mul(result, multiplier), result)
    if integer_bits > 5:
        clamp = -(1 << (36 - integer_bits))
        result = np.where(a < clamp, 0, result)
    return np.where(a == 0, INT32_MAX, result)


def one_over_one_plus_x_for_x_in_0_1(a):
    """1 / (1 + a) for a in [0, 1), Q0.31 in and out (Newton-Raphson, 3 iterations)."""
    half_denominator = rounding_half_sum(a, INT32_MAX)
    x = wrap_int32(_FORTY_EIGHT_OVER_17 + _mul(half_denominator, _NEG_THIRTY_TWO_OVER_17))
    one_q2 = 1 << 29
    for _ in range(3):
        half_denominator_times_x = _mul(half_denominator, x)
        one_minus = wrap_int32(one_q2 - half_denominator_times_x)
        x = wrap_int32(x + rescale(_mul(x, one_minus), 4, 2))
    return rescale(x, 1, 0)  # ExactMulByPot<-1> turns Q2.29 into Q1.30 with the same raw value


def logistic(a, integer_bits):
    """gemmlowp logistic of a Q(integer_bits) value: Q0.31 result, exactly 1/2 at 0, and
    One - logistic(|a|) for negative a."""
    a = np.asarray(a, dtype=np.int64)
    abs_a = np.where(a > 0, a, wrap_int32(-a))
    positive = one_over_one_plus_x_for_x_in_0_1(exp_on_negative_values(wrap_int32(-abs_a),
                                                                       integer_bits))
    return np.where(a == 0, 1 << 30, np.where(a > 0, positive, wrap_int32(INT32_MAX - positive)))


def frexp_q31(real):
    """frexp with the significand as TfLiteRound(q * 2^31), unadjusted (LOGISTIC's prepare):
    None where it rounds to 2^31 (TFLM's int32 cast overflows)."""
    q, exponent = math.frexp(real)
    fixed = _round_half_away(q * (1 << 31))
    return None if fixed >= 1 << 31 else (int(fixed), exponent)


def get_reciprocal(x, x_integer_digits):
    """TFLite GetReciprocal: (Q0.31 reciprocal scale, num_bits_over_unit) of a positive x."""
    x = np.asarray(x, dtype=np.int64)
    headroom_plus_one = count_leading_zeros32(x)
    num_bits_over_unit = x_integer_digits - headroom_plus_one
    shifted_sum_minus_one = wrap_int32(((x & 0xFFFFFFFF) << headroom_plus_one) - (1 << 31))
    return one_over_one_plus_x_for_x_in_0_1(shifted_sum_minus_one), num_bits_over_unit


# ---- host side: float scales to integer multipliers (TFLite quantization_util.cc) ----

def quantize_multiplier(real):
    """QuantizeMultiplier(double): (int32 multiplier in [2^30, 2^31), shift)."""
    if real == 0.0:
        return 0, 0
    q, shift = math.frexp(real)
    q_fixed = _round_half_away(q * (1 << 31))
    if q_fixed == 1 << 31:
        q_fixed //= 2
        shift += 1
    if shift < -31:  # too small to represent: TFLite flushes to zero
        return 0, 0
    return int(q_fixed), shift


def quantize_multiplier_greater_than_one(real):
    if not real > 1.0:
        raise ValueError(f"multiplier {real} must be > 1")
    return quantize_multiplier(real)


def quantize_multiplier_smaller_than_one_exp(real):
    if not 0.0 < real < 1.0:
        raise ValueError(f"multiplier {real} must be in (0, 1)")
    return quantize_multiplier(real)


def _round_half_away(v):
    """std::round: halves away from zero (Python's round() goes to even)."""
    return int(math.floor(abs(v) + 0.5)) * (1 if v >= 0 else -1)


def round_half_away_float32(v):
    """TfLiteRound on a float: halves away from zero."""
    return _round_half_away(float(v))


def preprocess_softmax_scaling(beta, input_scale, input_integer_bits):
    """PreprocessSoftmaxScaling: (multiplier, left_shift) for MultiplyByQuantizedMultiplierGreaterThanOne."""
    real = min(beta * input_scale * (1 << (31 - input_integer_bits)), (1 << 31) - 1.0)
    return quantize_multiplier_greater_than_one(real)


def calculate_input_radius(input_integer_bits, input_left_shift, total_signed_bits=31):
    max_input_rescaled = (1.0 * ((1 << input_integer_bits) - 1)
                          * (1 << (total_signed_bits - input_integer_bits))
                          / (1 << input_left_shift))
    return int(math.floor(max_input_rescaled))
