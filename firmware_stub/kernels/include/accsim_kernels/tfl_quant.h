/* Prepare-time quantisation helpers, as TFLite's quantization_util.cc and kernel_util.cc compute
 * them: float32 scales from the model become int32 multipliers and shifts here, so the kernels'
 * eval paths only see integers. Double arithmetic is exact IEEE on the host and (soft-float) on
 * the RV32IM firmware. Functions returning int give 0 on success and -1 where TFLite would fail
 * a TFLITE_CHECK or TF_LITE_ENSURE. */
#ifndef ACCSIM_KERNELS_TFL_QUANT_H
#define ACCSIM_KERNELS_TFL_QUANT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The fused activations of the TFLite schema (ActivationFunctionType), numbered as the schema
 * (and accsim_tflite/schema.h's TFL_ACT_*) so a model's value converts directly. */
typedef enum {
  TFL_FUSED_NONE = 0,
  TFL_FUSED_RELU = 1,
  TFL_FUSED_RELU_N1_TO_1 = 2,
  TFL_FUSED_RELU6 = 3,
} TflFusedActivation;

/* QuantizeMultiplier: d = multiplier * 2^(shift - 31), multiplier in [2^30, 2^31) (or 0). A
 * rounded significand of exactly 2^31 is halved with shift + 1; shift < -31 (d below ~2^-32)
 * flushes to multiplier 0, shift 0. */
void tfl_quantize_multiplier(double d, int32_t* multiplier, int* shift);

/* frexp(d) with the significand as TfLiteRound(q * 2^31), no adjustment (LOGISTIC's prepare):
 * -1 when d is not a positive finite number or the significand rounds to 2^31 (where TFLM's
 * int32 cast overflows). */
int tfl_frexp_q31(double d, int32_t* multiplier, int* exponent);

/* QuantizeMultiplierSmallerThanOneExp: needs 0 < d < 1; *left_shift <= 0. */
int tfl_quantize_multiplier_smaller_than_one_exp(double d, int32_t* multiplier, int* left_shift);

/* QuantizeMultiplierGreaterThanOne: needs d > 1; *left_shift >= 0. */
int tfl_quantize_multiplier_greater_than_one(double d, int32_t* multiplier, int* left_shift);

/* CalculateInputRadius: the largest |input difference| whose rescaled value still fits
 * input_integer_bits integer bits (floor of (2^ib - 1) * 2^(total - ib) / 2^left_shift). */
int tfl_calculate_input_radius(int input_integer_bits, int input_left_shift, int total_signed_bits);

/* PreprocessSoftmaxScaling (TFLITE_SINGLE_ROUNDING off, TFLM's default): beta * input_scale *
 * 2^(31 - input_integer_bits), capped at 2^31 - 1, as a greater-than-one multiplier. */
int tfl_preprocess_softmax_scaling(double beta, double input_scale, int input_integer_bits,
                                   int32_t* multiplier, int* left_shift);

/* CalculateActivationRangeQuantized for an int8 output: [-128, 127] narrowed by the fused
 * activation, with 0 / 6 / -1 / 1 quantised in float as zero_point + round(f / scale)
 * (round half away from zero). */
int tfl_activation_range_int8(TflFusedActivation activation, float output_scale,
                              int32_t output_zero_point, int32_t* act_min, int32_t* act_max);

/* PopulateConvolutionQuantizationParams' per-channel loop (conv, depthwise, per-channel fully
 * connected): per output channel, QuantizeMultiplier(double(input_scale) * double(filter_scale)
 * / double(output_scale)). num_filter_scales == 1 broadcasts that scale to all channels. */
void tfl_per_channel_multipliers(float input_scale, const float* filter_scales,
                                 int num_filter_scales, float output_scale, int num_channels,
                                 int32_t* multipliers, int32_t* shifts);

#ifdef __cplusplus
}
#endif

#endif
