#include "accsim_kernels/tfl_quant.h"

/* std::frexp for finite d != 0, by exact halving/doubling (no libc): |q| in [0.5, 1). */
static double frexp_exact(double d, int* exponent) {
  const int negative = d < 0;
  double q = negative ? -d : d;
  int e = 0;
  while (q >= 1.0) {
    q *= 0.5;
    ++e;
  }
  while (q < 0.5) {
    q *= 2.0;
    --e;
  }
  *exponent = e;
  return negative ? -q : q;
}

/* std::round for |x| < 2^62: half away from zero. x - trunc(x) is exact in double. */
static int64_t round_half_away_double(double x) {
  int64_t t = (int64_t)x;
  const double frac = x - (double)t;
  if (frac >= 0.5) ++t;
  if (frac <= -0.5) --t;
  return t;
}

void tfl_quantize_multiplier(double d, int32_t* multiplier, int* shift) {
  if (d == 0.0) {
    *multiplier = 0;
    *shift = 0;
    return;
  }
  const double q = frexp_exact(d, shift);
  int64_t q_fixed = round_half_away_double(q * 2147483648.0);
  if (q_fixed == (INT64_C(1) << 31)) {
    q_fixed /= 2;
    ++*shift;
  }
  if (*shift < -31) {
    *shift = 0;
    q_fixed = 0;
  }
  *multiplier = (int32_t)q_fixed;
}

int tfl_frexp_q31(double d, int32_t* multiplier, int* exponent) {
  if (!(d > 0.0) || d > 1e300) return -1;
  const double q = frexp_exact(d, exponent);
  const int64_t fixed = round_half_away_double(q * 2147483648.0);
  if (fixed >= (INT64_C(1) << 31)) return -1;
  *multiplier = (int32_t)fixed;
  return 0;
}

int tfl_quantize_multiplier_smaller_than_one_exp(double d, int32_t* multiplier, int* left_shift) {
  if (!(d < 1.0 && d > 0.0)) return -1;
  tfl_quantize_multiplier(d, multiplier, left_shift);
  return *left_shift <= 0 ? 0 : -1;
}

int tfl_quantize_multiplier_greater_than_one(double d, int32_t* multiplier, int* left_shift) {
  if (!(d > 1.0)) return -1;
  tfl_quantize_multiplier(d, multiplier, left_shift);
  return *left_shift >= 0 ? 0 : -1;
}

int tfl_calculate_input_radius(int input_integer_bits, int input_left_shift,
                               int total_signed_bits) {
  /* TFLite divides in double and floors; the quotient of these powers of two is exact, so the
   * integer shift below is the same number. */
  const int64_t max_input_rescaled = ((INT64_C(1) << input_integer_bits) - 1)
                                     << (total_signed_bits - input_integer_bits);
  return (int)(max_input_rescaled >> input_left_shift);
}

int tfl_preprocess_softmax_scaling(double beta, double input_scale, int input_integer_bits,
                                   int32_t* multiplier, int* left_shift) {
  const double max_real_multiplier = 2147483647.0;
  double real = beta * input_scale * (double)(1 << (31 - input_integer_bits));
  if (real > max_real_multiplier) real = max_real_multiplier;
  return tfl_quantize_multiplier_greater_than_one(real, multiplier, left_shift);
}

/* roundf for float: half away from zero; floats of magnitude >= 2^23 are already integers. */
static float round_half_away_float(float x) {
  if (x >= 8388608.0f || x <= -8388608.0f) return x;
  float t = (float)(int32_t)x;
  const float frac = x - t;
  if (frac >= 0.5f) t += 1.0f;
  if (frac <= -0.5f) t -= 1.0f;
  return t;
}

/* kernel_util.cc's Quantize(): float division and rounding, then an int32 range check. */
static int quantize_real(float scale, int32_t zero_point, float f, int32_t* q) {
  const float tmp = round_half_away_float(f / scale);
  /* TFLite accepts tmp <= (float)INT32_MAX == 2^31, whose int32 cast is undefined; refuse it. */
  if (!(tmp >= -2147483648.0f && tmp < 2147483648.0f)) return -1;
  *q = (int32_t)((uint32_t)zero_point + (uint32_t)(int32_t)tmp);
  return 0;
}

int tfl_activation_range_int8(TflFusedActivation activation, float output_scale,
                              int32_t output_zero_point, int32_t* act_min, int32_t* act_max) {
  int32_t lo = -128, hi = 127, q;
  switch (activation) {
    case TFL_FUSED_NONE:
      break;
    case TFL_FUSED_RELU:
      if (quantize_real(output_scale, output_zero_point, 0.0f, &q)) return -1;
      if (q > lo) lo = q;
      break;
    case TFL_FUSED_RELU6:
      if (quantize_real(output_scale, output_zero_point, 0.0f, &q)) return -1;
      if (q > lo) lo = q;
      if (quantize_real(output_scale, output_zero_point, 6.0f, &q)) return -1;
      if (q < hi) hi = q;
      break;
    case TFL_FUSED_RELU_N1_TO_1:
      if (quantize_real(output_scale, output_zero_point, -1.0f, &q)) return -1;
      if (q > lo) lo = q;
      if (quantize_real(output_scale, output_zero_point, 1.0f, &q)) return -1;
      if (q < hi) hi = q;
      break;
    default: /* TFLite leaves any other activation (TANH, SIGN_BIT) unclamped */
      break;
  }
  *act_min = lo;
  *act_max = hi;
  return 0;
}

void tfl_per_channel_multipliers(float input_scale, const float* filter_scales,
                                 int num_filter_scales, float output_scale, int num_channels,
                                 int32_t* multipliers, int32_t* shifts) {
  for (int c = 0; c < num_channels; ++c) {
    const float filter_scale = num_filter_scales > 1 ? filter_scales[c] : filter_scales[0];
    const double effective = (double)input_scale * (double)filter_scale / (double)output_scale;
    int shift;
    tfl_quantize_multiplier(effective, &multipliers[c], &shift);
    shifts[c] = shift;
  }
}
