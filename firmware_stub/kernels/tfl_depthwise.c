#include "accsim_kernels/tfl_depthwise.h"

#include "accsim_kernels/tflite_int8.h"

void tfl_depthwise_conv_per_channel_int8(const ConvPerChannelParams* params, int depth_multiplier,
                                         const int32_t* output_multiplier,
                                         const int32_t* output_shift, const Shape4* input_shape,
                                         const int8_t* input, const Shape4* filter_shape,
                                         const int8_t* filter, const int32_t* bias,
                                         const Shape4* output_shape, int8_t* output) {
  const int input_height = input_shape->dims[1], input_width = input_shape->dims[2];
  const int input_depth = input_shape->dims[3];
  const int filter_height = filter_shape->dims[1], filter_width = filter_shape->dims[2];
  for (int b = 0; b < output_shape->dims[0]; ++b) {
    for (int out_y = 0; out_y < output_shape->dims[1]; ++out_y) {
      for (int out_x = 0; out_x < output_shape->dims[2]; ++out_x) {
        for (int ic = 0; ic < input_depth; ++ic) {
          for (int m = 0; m < depth_multiplier; ++m) {
            const int oc = m + ic * depth_multiplier;
            const int in_y_origin = out_y * params->stride_height - params->padding_height;
            const int in_x_origin = out_x * params->stride_width - params->padding_width;
            int32_t acc = 0;
            for (int fy = 0; fy < filter_height; ++fy) {
              for (int fx = 0; fx < filter_width; ++fx) {
                const int in_y = in_y_origin + params->dilation_height_factor * fy;
                const int in_x = in_x_origin + params->dilation_width_factor * fx;
                /* Taps in the zero padding are skipped (is_point_inside_image). */
                if (in_y < 0 || in_y >= input_height || in_x < 0 || in_x >= input_width) continue;
                const int32_t in = input[shape4_offset(input_shape, b, in_y, in_x, ic)];
                const int32_t w = filter[shape4_offset(filter_shape, 0, fy, fx, oc)];
                acc = add_wrapping(acc, w * (in + params->input_offset));
              }
            }
            if (bias) acc = add_wrapping(acc, bias[oc]);
            acc = multiply_by_quantized_multiplier(acc, output_multiplier[oc], output_shift[oc]);
            acc = add_wrapping(acc, params->output_offset);
            if (acc < params->quantized_activation_min) acc = params->quantized_activation_min;
            if (acc > params->quantized_activation_max) acc = params->quantized_activation_max;
            output[shape4_offset(output_shape, b, out_y, out_x, oc)] = (int8_t)acc;
          }
        }
      }
    }
  }
}
