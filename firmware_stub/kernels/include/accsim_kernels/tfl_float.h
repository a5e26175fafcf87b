/* float32 kernels, in TFLite's reference operation order (reference_ops::FullyConnected, Add, Sub,
 * Mul with BroadcastBinaryFunction4DSlow's indexing), so the RV32IM soft-float gives the bytes
 * TFLite Micro's reference kernels give: one float32 rounding per operation, no fused
 * multiply-add. */
#ifndef ACCSIM_KERNELS_TFL_FLOAT_H
#define ACCSIM_KERNELS_TFL_FLOAT_H

#include <stdint.h>

#include "accsim_kernels/shape4.h"
#include "accsim_kernels/tfl_quant.h"

#ifdef __cplusplus
extern "C" {
#endif

/* CalculateActivationRange<float>: NONE [-FLT_MAX, FLT_MAX], RELU [0, FLT_MAX], RELU_N1_TO_1
 * [-1, 1], RELU6 [0, 6]. */
void tfl_activation_range_float(TflFusedActivation activation, float* min, float* max);

/* ActivationFunctionWithMinMax: std::min(std::max(x, min), max) (a NaN stays NaN). */
static inline float tfl_clamp_float(float x, float min, float max) {
  const float lower = x < min ? min : x;
  return max < lower ? max : lower;
}

/* output[b, o] = clamp(sum_d input[b, d] * filter[o, d] (in d order) + bias[o]). */
void tfl_fully_connected_float(float act_min, float act_max, int batches, int accum_depth,
                               int output_depth, const float* input, const float* filter,
                               const float* bias, float* output);

typedef enum { TFL_FLOAT_ADD, TFL_FLOAT_SUB, TFL_FLOAT_MUL } TflFloatBinary;

/* Elementwise a op b broadcast to the output shape, then clamped. Returns -1 if a shape does
 * not broadcast. */
int tfl_binary_float(TflFloatBinary op, float act_min, float act_max, const Shape4* shape1,
                     const float* input1, const Shape4* shape2, const float* input2,
                     const Shape4* output_shape, float* output);

/* The geometry of a float convolution, depthwise convolution or pool. */
typedef struct {
  int stride_h, stride_w, dilation_h, dilation_w, pad_top, pad_left;
  int filter_h, filter_w; /* pools */
  int depth_multiplier;   /* depthwise */
  float act_min, act_max;
} TflFloatWindow;

/* reference_ops::Conv: OHWI filter, per output sum over (fy, fx, ic) of in-image taps from
 * 0.0f, then + bias, clamped. bias may be NULL. */
void tfl_conv_float(const TflFloatWindow* w, const Shape4* input_shape, const float* input,
                    const Shape4* filter_shape, const float* filter, const float* bias,
                    const Shape4* output_shape, float* output);
/* reference_ops::DepthwiseConv: filter [1, KH, KW, C * M], output channel ic * M + m. */
void tfl_depthwise_float(const TflFloatWindow* w, const Shape4* input_shape, const float* input,
                         const Shape4* filter_shape, const float* filter, const float* bias,
                         const Shape4* output_shape, float* output);
/* reference_ops::AveragePool / MaxPool for float: in-image taps only, average = sum / count. */
void tfl_average_pool_float(const TflFloatWindow* w, const Shape4* input_shape, const float* input,
                            const Shape4* output_shape, float* output);
void tfl_max_pool_float(const TflFloatWindow* w, const Shape4* input_shape, const float* input,
                        const Shape4* output_shape, float* output);
/* reference_ops::Mean for float (both of TFLM's paths): each output sums its inputs in flat
 * input order from 0.0f, then divides by float(count). reduced[d]: 1 for a reduced dimension of
 * the 4-D shape. */
void tfl_mean_float(const Shape4* input_shape, const float* input, const int reduced[4],
                    float* output);

/* reference_ops::Softmax for float over rows of `depth`: exp((x - max) * beta) with the C
 * library's expf, summed in order, each divided by the sum. */
void tfl_softmax_float(float beta, int outer_size, int depth, const float* input, float* output);
/* reference_ops::Logistic for float: 1 above 16.619047, expf(x) below -9, else
 * 1 / (1 + expf(-x)). */
void tfl_logistic_float(int size, const float* input, float* output);

#ifdef __cplusplus
}
#endif

#endif
