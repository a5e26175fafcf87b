#include "accsim_kernels/tfl_div.h"

#include "accsim_kernels/tfl_broadcast.h"
#include "accsim_kernels/tfl_fixedpoint.h"
#include "accsim_kernels/tfl_quant.h"
#include "accsim_kernels/tflite_int8.h"

int tfl_div_prepare_int8(const Shape4* in1, float scale1, int32_t zero_point1, const Shape4* in2,
                         float scale2, int32_t zero_point2, const Shape4* out, float out_scale,
                         int32_t out_zero_point, int32_t act_min, int32_t act_max,
                         TflDivParams* p) {
  p->out = *out;
  if (tfl_broadcast_strides(in1, out, p->strides1) != 0 ||
      tfl_broadcast_strides(in2, out, p->strides2) != 0) {
    return -1;
  }
  p->input1_zero_point = zero_point1;
  p->input2_zero_point = zero_point2;
  p->output_zero_point = out_zero_point;
  p->act_min = act_min;
  p->act_max = act_max;
  /* float32 arithmetic, then widened: TFLM's static_cast<double>(float expression). */
  const float real = scale1 / (scale2 * out_scale);
  tfl_quantize_multiplier((double)real, &p->output_multiplier, &p->output_shift);
  return p->output_shift > 23 ? -1 : 0;
}

/* CountLeadingSignBits of an int32 (GCC's __builtin_clrsb; 31 for 0 and -1). */
static int leading_sign_bits(int32_t x) {
  const uint32_t u = x < 0 ? ~(uint32_t)x : (uint32_t)x;
  return u == 0 ? 31 : __builtin_clz(u) - 1;
}

/* RoundingDivideByPOT for the exponents DIV produces (0 to 93): TFLM's formula with its shift
 * counts taken as x86-64 executes them (64-bit mask shift modulo 64, 32-bit arithmetic shift
 * modulo 32). Exponents above 31 are undefined in C++ and occur when the dividend sits at (or
 * near) its zero point; this is what TFLM's x86-64 build computes there. */
static int32_t rounding_divide_by_pot_wide(int32_t x, int exponent) {
  const int32_t mask = (int32_t)((UINT64_C(1) << (exponent & 63)) - 1);
  const int32_t remainder = x & mask;
  const int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
  /* Wrapping, as the x86-64 build adds: with a shift count of 0 the sum can pass INT32_MAX. */
  return add_wrapping(x >> (exponent & 31), remainder > threshold ? 1 : 0);
}

static int8_t divide(const TflDivParams* p, int32_t a, int32_t b) {
  a -= p->input1_zero_point;
  b -= p->input2_zero_point;
  if (b < 0) {
    a = -a;
    b = -b;
  }
  int recip_shift;
  int32_t inverse;
  if (b == 0) {
    /* GetReciprocal(0): headroom 32, (0 << 32) - 2^31 with the shift taken modulo 32. */
    recip_shift = -1;
    inverse = tfl_fp_one_over_one_plus_x_for_x_in_0_1(INT32_MIN);
  } else {
    inverse = tfl_fp_get_reciprocal(b, 31, &recip_shift);
  }
  const int headroom = leading_sign_bits(a);
  /* MultiplyByQuantizedMultiplierGreaterThanOne(a, inverse, headroom): a * 2^headroom fits. */
  const int32_t scaled = (int32_t)((uint32_t)a << headroom);
  const int32_t unscaled = saturating_rounding_doubling_high_mul(scaled, inverse);
  const int total_shift = p->output_shift - recip_shift - headroom;
  /* MultiplyByQuantizedMultiplierSmallerThanOneExp(unscaled, multiplier, total_shift). */
  int32_t v = add_wrapping(
      p->output_zero_point,
      rounding_divide_by_pot_wide(
          saturating_rounding_doubling_high_mul(unscaled, p->output_multiplier), -total_shift));
  if (v < p->act_min) v = p->act_min;
  if (v > p->act_max) v = p->act_max;
  return (int8_t)v;
}

void tfl_div_int8(const TflDivParams* p, const int8_t* in1, const int8_t* in2, int8_t* output) {
  const int32_t* d = p->out.dims;
  const int32_t* s1 = p->strides1;
  const int32_t* s2 = p->strides2;
  for (int32_t i0 = 0; i0 < d[0]; ++i0) {
    for (int32_t i1 = 0; i1 < d[1]; ++i1) {
      for (int32_t i2 = 0; i2 < d[2]; ++i2) {
        const int8_t* a = in1 + i0 * s1[0] + i1 * s1[1] + i2 * s1[2];
        const int8_t* b = in2 + i0 * s2[0] + i1 * s2[1] + i2 * s2[2];
        for (int32_t i3 = 0; i3 < d[3]; ++i3) *output++ = divide(p, a[i3 * s1[3]], b[i3 * s2[3]]);
      }
    }
  }
}
