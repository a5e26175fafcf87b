#include "accsim_kernels/tfl_softmax.h"

#include "accsim_kernels/tfl_fixedpoint.h"
#include "accsim_kernels/tfl_quant.h"
#include "accsim_kernels/tflite_int8.h"

enum {
  kScaledDiffIntegerBits = 5,   /* exp() input: Q5.26 */
  kAccumulationIntegerBits = 12 /* sum of exps: Q12.19 */
};

int tfl_softmax_prepare_int8(float beta, float input_scale, float output_scale,
                             int32_t output_zero_point, TflSoftmaxParams* params) {
  if (output_zero_point != -128 || output_scale != 1.0f / 256) return -1;
  return tfl_softmax_prepare_int8_int16(beta, input_scale, -32768, params);
}

int tfl_softmax_prepare_int8_int16(float beta, float input_scale, int32_t output_zero_point,
                                   TflSoftmaxParams* params) {
  if (output_zero_point != -32768) return -1;
  int32_t multiplier;
  int left_shift;
  if (tfl_preprocess_softmax_scaling((double)beta, (double)input_scale, kScaledDiffIntegerBits,
                                     &multiplier, &left_shift)) {
    return -1;
  }
  params->input_multiplier = multiplier;
  params->input_left_shift = left_shift;
  params->diff_min = -tfl_calculate_input_radius(kScaledDiffIntegerBits, left_shift, 31);
  return 0;
}

/* exp(beta * input_scale * diff) in Q0.31 for a diff >= diff_min. diff_min keeps
 * diff * 2^left_shift inside int32, so MultiplyByQuantizedMultiplierGreaterThanOne's shift
 * cannot overflow. */
static int32_t exp_of_diff(const TflSoftmaxParams* p, int32_t diff) {
  const int32_t shifted = (int32_t)((uint32_t)diff << p->input_left_shift);
  const int32_t scaled_diff_q5 =
      saturating_rounding_doubling_high_mul(shifted, p->input_multiplier);
  return tfl_fp_exp_on_negative_values_q5(scaled_diff_q5);
}

/* reference_ops::Softmax<int8_t, OutputT>: out8 (8 fractional bits, offset -128) or out16 (16
 * bits, offset -32768). */
static int softmax_rows(const TflSoftmaxParams* params, int outer_size, int depth,
                        const int8_t* input, int8_t* out8, int16_t* out16) {
  const int output_bits = out16 ? 16 : 8;
  const int32_t output_min = out16 ? -32768 : -128, output_max = out16 ? 32767 : 127;
  for (int i = 0; i < outer_size; ++i) {
    const int8_t* in = input + i * depth;
    int32_t max_in_row = -128;
    for (int c = 0; c < depth; ++c) {
      if (in[c] > max_in_row) max_in_row = in[c];
    }

    int32_t sum_of_exps = 0; /* Q12.19; wraps past 4096 x exp(0) like the int32 original */
    for (int c = 0; c < depth; ++c) {
      const int32_t diff = (int32_t)in[c] - max_in_row;
      if (diff >= params->diff_min) {
        /* Rescale<12> of a Q0.31: divide by 2^12, rounding. */
        const int32_t exp_q12 =
            rounding_divide_by_pot(exp_of_diff(params, diff), kAccumulationIntegerBits);
        sum_of_exps = add_wrapping(sum_of_exps, exp_q12);
      }
    }

    int num_bits_over_unit;
    const int32_t shifted_scale =
        tfl_fp_get_reciprocal(sum_of_exps, kAccumulationIntegerBits, &num_bits_over_unit);
    /* Q0.31 probability -> 8 or 16 fractional bits (the 1/256 or 1/65536 output scale). */
    const int exponent = num_bits_over_unit + 31 - output_bits;
    /* TFLM's TFLITE_CHECK: a sum of exps of 2^28 or more (hundreds of near-maximal inputs in
     * one row) has no representable output scaling. */
    if (exponent < 0 || exponent > 31) return -1;

    for (int c = 0; c < depth; ++c) {
      const int32_t diff = (int32_t)in[c] - max_in_row;
      if (diff >= params->diff_min) {
        const int32_t probability =
            saturating_rounding_doubling_high_mul(shifted_scale, exp_of_diff(params, diff));
        int32_t q = rounding_divide_by_pot(probability, exponent) + output_min;
        if (q > output_max) q = output_max;
        if (q < output_min) q = output_min;
        if (out16) {
          out16[i * depth + c] = (int16_t)q;
        } else {
          out8[i * depth + c] = (int8_t)q;
        }
      } else if (out16) {
        out16[i * depth + c] = (int16_t)output_min;
      } else {
        out8[i * depth + c] = (int8_t)output_min;
      }
    }
  }
  return 0;
}

int tfl_softmax_int8(const TflSoftmaxParams* params, int outer_size, int depth, const int8_t* input,
                     int8_t* output) {
  return softmax_rows(params, outer_size, depth, input, output, 0);
}

int tfl_softmax_int8_int16(const TflSoftmaxParams* params, int outer_size, int depth,
                           const int8_t* input, int16_t* output) {
  return softmax_rows(params, outer_size, depth, input, 0, output);
}
