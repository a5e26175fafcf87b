/* A C rendering of TFLM's reference_integer_ops::ConvPerChannel interface (int8 activations and
 * filters, int32 bias, per-channel requantisation): 4-D shapes, NHWC input and output, OHWI
 * filter. Seed 001 started from this general kernel and specialised it for 1x1 convolutions. */
#ifndef ACCSIM_KERNELS_CONV_PER_CHANNEL_H
#define ACCSIM_KERNELS_CONV_PER_CHANNEL_H

#include <stdint.h>

#include "accsim_kernels/shape4.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The fields of TFLM's ConvParams that the int8 per-channel kernel reads. */
typedef struct {
  int32_t stride_width, stride_height;
  int32_t dilation_width_factor, dilation_height_factor;
  int32_t padding_width, padding_height; /* leading padding */
  int32_t input_offset;                  /* -input_zero_point */
  int32_t output_offset;                 /* output zero point */
  int32_t quantized_activation_min, quantized_activation_max;
} ConvPerChannelParams;

/* The general reference kernel: any filter size, stride, dilation and padding. bias_data may
 * be NULL. */
void conv_per_channel_int8(const ConvPerChannelParams* params, const int32_t* output_multiplier,
                           const int32_t* output_shift, const Shape4* input_shape,
                           const int8_t* input_data, const Shape4* filter_shape,
                           const int8_t* filter_data, const int32_t* bias_data,
                           const Shape4* output_shape, int8_t* output_data);

/* Same contract, but a 1x1 / stride 1 / dilation 1 / unpadded convolution with bias takes a
 * specialised copy (seed 001's "C-only optimisations"); anything else falls back to the general
 * kernel. */
void conv_per_channel_int8_specialised(const ConvPerChannelParams* params,
                                       const int32_t* output_multiplier,
                                       const int32_t* output_shift, const Shape4* input_shape,
                                       const int8_t* input_data, const Shape4* filter_shape,
                                       const int8_t* filter_data, const int32_t* bias_data,
                                       const Shape4* output_shape, int8_t* output_data);

#ifdef __cplusplus
}
#endif

#endif
