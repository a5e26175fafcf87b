/* Prepare for int8 CONV_2D and DEPTHWISE_CONV_2D as TFLM's conv_common.cc /
 * depthwise_conv_common.cc do it: padding with dilation (ComputePaddingHeightWidth), the
 * offsets, and the activation range. The per-channel multipliers come from
 * tfl_per_channel_multipliers (tfl_quant.h). */
#ifndef ACCSIM_KERNELS_TFL_CONV_PREPARE_H
#define ACCSIM_KERNELS_TFL_CONV_PREPARE_H

#include <stdint.h>

#include "accsim_kernels/conv_per_channel.h"
#include "accsim_kernels/tfl_padding.h"
#include "accsim_kernels/tfl_quant.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fills params and the output's height and width. Returns -1 on a bad stride or padding or a
 * refused activation range. */
int tfl_conv_prepare_int8(TflPaddingKind padding, int stride_height, int stride_width,
                          int dilation_height, int dilation_width, int input_height,
                          int input_width, int filter_height, int filter_width,
                          int32_t input_zero_point, float output_scale, int32_t output_zero_point,
                          TflFusedActivation activation, ConvPerChannelParams* params,
                          int* output_height, int* output_width);

#ifdef __cplusplus
}
#endif

#endif
