/* int8 per-channel DEPTHWISE_CONV_2D with dilation: TFLM's
 * reference_integer_ops::DepthwiseConvPerChannel, in its loop order (batch, out_y, out_x,
 * in_channel, multiplier, filter_y, filter_x). Input NHWC, filter [1, KH, KW, IC * M], output
 * channel ic * M + m. (depthwise.h's kernels are the dilation-1 specialisations.) */
#ifndef ACCSIM_KERNELS_TFL_DEPTHWISE_H
#define ACCSIM_KERNELS_TFL_DEPTHWISE_H

#include <stdint.h>

#include "accsim_kernels/conv_per_channel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* bias may be NULL. */
void tfl_depthwise_conv_per_channel_int8(const ConvPerChannelParams* params, int depth_multiplier,
                                         const int32_t* output_multiplier,
                                         const int32_t* output_shift, const Shape4* input_shape,
                                         const int8_t* input, const Shape4* filter_shape,
                                         const int8_t* filter, const int32_t* bias,
                                         const Shape4* output_shape, int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
