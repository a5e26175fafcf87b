/* int8 AVERAGE_POOL_2D and MAX_POOL_2D (NHWC), as TFLM's pooling_common.cc prepares them and
 * reference_integer_ops::AveragePool / MaxPool evaluate them. Input and output share one
 * quantisation (TFLM does not rescale), so only the activation range depends on it. */
#ifndef ACCSIM_KERNELS_TFL_POOL_H
#define ACCSIM_KERNELS_TFL_POOL_H

#include <stdint.h>

#include "accsim_kernels/shape4.h"
#include "accsim_kernels/tfl_padding.h"
#include "accsim_kernels/tfl_quant.h"

#ifdef __cplusplus
extern "C" {
#endif

/* TFLM's PoolParams fields for the int8 kernels. */
typedef struct {
  int stride_height, stride_width;
  int filter_height, filter_width;
  int padding_height, padding_width; /* leading padding */
  int32_t quantized_activation_min, quantized_activation_max;
} TflPoolParams;

/* Fills params and the output's height and width from the input's. Returns -1 on a bad stride
 * or padding or an activation range TFLite refuses. */
int tfl_pool_prepare_int8(TflPaddingKind padding, int stride_height, int stride_width,
                          int filter_height, int filter_width, int input_height, int input_width,
                          TflFusedActivation activation, float output_scale,
                          int32_t output_zero_point, TflPoolParams* params, int* output_height,
                          int* output_width);

/* Average over the in-image taps, rounded half away from zero. Returns -1 (TFLM's "return
 * false") if some output's window holds no input pixel. */
int tfl_average_pool_int8(const TflPoolParams* params, const Shape4* input_shape,
                          const int8_t* input, const Shape4* output_shape, int8_t* output);

/* Maximum over the in-image taps (-128 for an empty window), then the activation clamp. */
void tfl_max_pool_int8(const TflPoolParams* params, const Shape4* input_shape, const int8_t* input,
                       const Shape4* output_shape, int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
