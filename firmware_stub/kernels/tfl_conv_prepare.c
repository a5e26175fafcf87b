#include "accsim_kernels/tfl_conv_prepare.h"

int tfl_conv_prepare_int8(TflPaddingKind padding, int stride_height, int stride_width,
                          int dilation_height, int dilation_width, int input_height,
                          int input_width, int filter_height, int filter_width,
                          int32_t input_zero_point, float output_scale, int32_t output_zero_point,
                          TflFusedActivation activation, ConvPerChannelParams* params,
                          int* output_height, int* output_width) {
  int pad_h, pad_w;
  if (tfl_compute_padding(padding, stride_height, dilation_height, input_height, filter_height,
                          output_height, &pad_h) ||
      tfl_compute_padding(padding, stride_width, dilation_width, input_width, filter_width,
                          output_width, &pad_w)) {
    return -1;
  }
  params->stride_height = stride_height;
  params->stride_width = stride_width;
  params->dilation_height_factor = dilation_height;
  params->dilation_width_factor = dilation_width;
  params->padding_height = pad_h;
  params->padding_width = pad_w;
  params->input_offset = -input_zero_point;
  params->output_offset = output_zero_point;
  return tfl_activation_range_int8(activation, output_scale, output_zero_point,
                                   &params->quantized_activation_min,
                                   &params->quantized_activation_max);
}
