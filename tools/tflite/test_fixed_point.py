#!/usr/bin/python3
"""Unit tests of tflite_fixed_point against the edge cases of docs/reference/tflite-int8.md, each
expected value worked out by hand from the C++ definitions (run: test_fixed_point.py)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np  # noqa: E402

import tflite_fixed_point as fp  # noqa: E402

MIN, MAX = fp.INT32_MIN, fp.INT32_MAX


def scalar(x):
    return int(np.asarray(x))


class HighMul(unittest.TestCase):
    def test_int32_min_squared_saturates(self):
        self.assertEqual(scalar(fp.saturating_rounding_doubling_high_mul(MIN, MIN)), MAX)

    def test_int32_min_times_max(self):
        # -2^31 * (2^31 - 1) / 2^31 = -(2^31 - 1) exactly
        self.assertEqual(scalar(fp.saturating_rounding_doubling_high_mul(MIN, MAX)), -MAX)

    def test_halves(self):
        # 3 * 2^30 / 2^31 = 1.5: positive halves round up, negative ones toward zero
        self.assertEqual(scalar(fp.saturating_rounding_doubling_high_mul(3, 1 << 30)), 2)
        self.assertEqual(scalar(fp.saturating_rounding_doubling_high_mul(-3, 1 << 30)), -1)


class DivideByPot(unittest.TestCase):
    def test_round_half_away_from_zero(self):
        self.assertEqual(scalar(fp.rounding_divide_by_pot(5, 1)), 3)     # 2.5 -> 3
        self.assertEqual(scalar(fp.rounding_divide_by_pot(-5, 1)), -3)   # -2.5 -> -3
        self.assertEqual(scalar(fp.rounding_divide_by_pot(-7, 2)), -2)   # -1.75 -> -2
        self.assertEqual(scalar(fp.rounding_divide_by_pot(-6, 2)), -2)   # -1.5 -> -2

    def test_shift_31(self):
        self.assertEqual(scalar(fp.rounding_divide_by_pot(MIN, 31)), -1)
        self.assertEqual(scalar(fp.rounding_divide_by_pot(MAX, 31)), 1)
        self.assertEqual(scalar(fp.rounding_divide_by_pot(1 << 30, 31)), 1)  # 0.5 -> 1
        self.assertEqual(scalar(fp.rounding_divide_by_pot(-(1 << 30), 31)), -1)

    def test_shift_0_is_identity(self):
        self.assertEqual(scalar(fp.rounding_divide_by_pot(MIN, 0)), MIN)


class MultiplyByQuantizedMultiplier(unittest.TestCase):
    def test_shift_minus_31(self):
        # MAX * (2^30 / 2^31) = 2^30 - 0.5 -> 2^30 (nudge), then / 2^31 = 0.5 -> 1
        self.assertEqual(scalar(fp.multiply_by_quantized_multiplier(MAX, 1 << 30, -31)), 1)
        self.assertEqual(scalar(fp.multiply_by_quantized_multiplier(MIN, 1 << 30, -31)), -1)

    def test_shift_plus_31_wraps_like_int32(self):
        # 1 << 31 wraps to INT32_MIN; times 2^30 / 2^31 = -2^30
        self.assertEqual(scalar(fp.multiply_by_quantized_multiplier(1, 1 << 30, 31)), -(1 << 30))
        # 2 << 31 wraps to 0
        self.assertEqual(scalar(fp.multiply_by_quantized_multiplier(2, 1 << 30, 31)), 0)

    def test_int32_min_input_and_multiplier(self):
        self.assertEqual(scalar(fp.multiply_by_quantized_multiplier(MIN, MIN, 0)), MAX)
        self.assertEqual(scalar(fp.multiply_by_quantized_multiplier(MIN, MIN, -1)), 1 << 30)

    def test_double_rounding(self):
        # 5 * 0.25 = 1.25 -> high-mul 2.5 rounds to 3, then 3 / 2 = 1.5 -> 2 (TFLite's result)
        self.assertEqual(scalar(fp.multiply_by_quantized_multiplier(5, 1 << 30, -1)), 2)
        self.assertEqual(scalar(fp.multiply_by_quantized_multiplier(-5, 1 << 30, -1)), -1)

    def test_per_channel_shifts_broadcast(self):
        out = fp.multiply_by_quantized_multiplier(np.array([[100, 100, 100]]), 1 << 30,
                                                  np.array([1, 0, -2]))
        self.assertEqual(out.tolist(), [[100, 50, 13]])


class QuantizeMultiplier(unittest.TestCase):
    def test_values(self):
        self.assertEqual(fp.quantize_multiplier(0.5), (1 << 30, 0))
        self.assertEqual(fp.quantize_multiplier(1.0), (1 << 30, 1))
        self.assertEqual(fp.quantize_multiplier(0.0), (0, 0))
        self.assertEqual(fp.quantize_multiplier(0.75), (3 << 29, 0))

    def test_rounds_up_to_two_pow_31(self):
        # q just below 1 rounds to 2^31: halved, shift incremented
        self.assertEqual(fp.quantize_multiplier(1.0 - 2.0 ** -40), (1 << 30, 1))

    def test_tiny_multiplier_flushes_to_zero(self):
        self.assertEqual(fp.quantize_multiplier(2.0 ** -40), (0, 0))


class Gemmlowp(unittest.TestCase):
    def test_exp_on_negative_values(self):
        a = np.array([0, -(1 << 26), -(3 << 25), -(10 << 26)])  # 0, -1, -1.5, -10 in Q5.26
        got = fp.exp_on_negative_values(a, 5) / 2.0 ** 31
        np.testing.assert_allclose(got, np.exp([0, -1, -1.5, -10]), atol=2e-7)
        self.assertEqual(int(fp.exp_on_negative_values(0, 5)), MAX)

    def test_reciprocal(self):
        scale, bits = fp.get_reciprocal(np.array([3 << 19]), 12)  # 3.0 in Q12.19
        self.assertEqual(int(bits[0]), 1)
        self.assertAlmostEqual(int(scale[0]) / 2.0 ** 31, 2.0 / 3.0, places=7)

    def test_count_leading_zeros(self):
        self.assertEqual(fp.count_leading_zeros32(np.array([0, 1, MAX, MIN, -1])).tolist(),
                         [32, 31, 1, 0, 0])


if __name__ == "__main__":
    unittest.main()
