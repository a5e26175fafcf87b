/* int8 -> int8 SOFTMAX over the last dimension, as TFLM's softmax_common.cc
 * (CalculateSoftmaxParams) prepares it and reference_ops::Softmax<int8_t, int8_t> (the gemmlowp
 * fixed-point path: Q5.26 scaled differences, Q12.19 sum of exps, GetReciprocal) evaluates it. */
#ifndef ACCSIM_KERNELS_TFL_SOFTMAX_H
#define ACCSIM_KERNELS_TFL_SOFTMAX_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* TFLM's SoftmaxParams fields for the int8 path. */
typedef struct {
  int32_t input_multiplier;
  int32_t input_left_shift;
  int32_t diff_min; /* input differences below this contribute exp(...) = 0 */
} TflSoftmaxParams;

/* Returns -1 unless the output is quantised as TFLM requires (zero point -128, scale exactly
 * 1/256) or if beta * input_scale * 2^26 <= 1 (TFLM's QuantizeMultiplierGreaterThanOne check). */
int tfl_softmax_prepare_int8(float beta, float input_scale, float output_scale,
                             int32_t output_zero_point, TflSoftmaxParams* params);

/* int8 -> int16 (TFLM: output zero point -32768; its scale is not checked, the output has 16
 * fractional bits). Returns -1 for another zero point or a refused beta * input scale. */
int tfl_softmax_prepare_int8_int16(float beta, float input_scale, int32_t output_zero_point,
                                   TflSoftmaxParams* params);
int tfl_softmax_int8_int16(const TflSoftmaxParams* params, int outer_size, int depth,
                           const int8_t* input, int16_t* output);

/* outer_size rows of depth elements each (the flat size over the last dimension). Returns -1
 * where TFLM's TFLITE_CHECK on the output exponent fails (a row whose sum of exps reaches 2^28,
 * i.e. about 512 or more inputs at the row maximum), leaving that row and later ones unwritten. */
int tfl_softmax_int8(const TflSoftmaxParams* params, int outer_size, int depth, const int8_t* input,
                     int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
