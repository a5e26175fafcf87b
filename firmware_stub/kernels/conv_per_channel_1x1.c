/* Seed 001's C-only optimisation of the reference convolution: an `if` sends the 1x1 case to an
 * inline copy of the kernel in which the filter size, stride, dilation and padding are the
 * literals 1, 1, 1 and 0. With those constants the filter loops, the bounds checks and the
 * 4-D index arithmetic disappear, leaving a pixel walk, a filter-row walk and the MAC loop. */
#include "accsim_kernels/conv_per_channel.h"
#include "accsim_kernels/tflite_int8.h"

static inline void conv_per_channel_1x1(const ConvPerChannelParams* params,
                                        const int32_t* output_multiplier,
                                        const int32_t* output_shift, const Shape4* input_shape,
                                        const int8_t* input_data, const Shape4* filter_shape,
                                        const int8_t* filter_data, const int32_t* bias_data,
                                        int8_t* output_data) {
  const int32_t input_offset = params->input_offset;
  const int32_t output_offset = params->output_offset;
  const int32_t output_activation_min = params->quantized_activation_min;
  const int32_t output_activation_max = params->quantized_activation_max;
  const int input_depth = input_shape->dims[3];
  const int output_depth = filter_shape->dims[0];
  /* Stride 1 without padding: output pixel i reads input pixel i, over all batches. */
  const int pixels = input_shape->dims[0] * input_shape->dims[1] * input_shape->dims[2];

  const int8_t* input_pixel = input_data;
  int8_t* output = output_data;
  for (int pixel = 0; pixel < pixels; ++pixel) {
    const int8_t* filter_row = filter_data;
    for (int out_channel = 0; out_channel < output_depth; ++out_channel) {
      int32_t acc = 0;
      for (int in_channel = 0; in_channel < input_depth; ++in_channel) {
        acc += filter_row[in_channel] * (input_pixel[in_channel] + input_offset);
      }
      filter_row += input_depth;
      acc = add_wrapping(acc, bias_data[out_channel]);
      acc = multiply_by_quantized_multiplier(acc, output_multiplier[out_channel],
                                             output_shift[out_channel]);
      acc = add_wrapping(acc, output_offset);
      if (acc < output_activation_min) acc = output_activation_min;
      if (acc > output_activation_max) acc = output_activation_max;
      *output++ = (int8_t)acc;
    }
    input_pixel += input_depth;
  }
}

void conv_per_channel_int8_specialised(const ConvPerChannelParams* params,
                                       const int32_t* output_multiplier,
                                       const int32_t* output_shift, const Shape4* input_shape,
                                       const int8_t* input_data, const Shape4* filter_shape,
                                       const int8_t* filter_data, const int32_t* bias_data,
                                       const Shape4* output_shape, int8_t* output_data) {
  if (filter_shape->dims[1] == 1 && filter_shape->dims[2] == 1 && params->stride_width == 1 &&
      params->stride_height == 1 && params->dilation_width_factor == 1 &&
      params->dilation_height_factor == 1 && params->padding_width == 0 &&
      params->padding_height == 0 && bias_data != 0) {
    conv_per_channel_1x1(params, output_multiplier, output_shift, input_shape, input_data,
                         filter_shape, filter_data, bias_data, output_data);
  } else {
    conv_per_channel_int8(params, output_multiplier, output_shift, input_shape, input_data,
                          filter_shape, filter_data, bias_data, output_shape, output_data);
  }
}
