/* The general int8 per-channel convolution with TFLM's reference loop structure: batches,
 * output rows, columns and channels, then filter rows, columns and input channels, with the
 * dilation and padding checks and a 4-D Offset() per element. It is seed 001's unaccelerated
 * baseline, so it deliberately keeps the per-element index arithmetic. */
#include "accsim_kernels/conv_per_channel.h"

#include "accsim_kernels/tflite_int8.h"

void conv_per_channel_int8(const ConvPerChannelParams* params, const int32_t* output_multiplier,
                           const int32_t* output_shift, const Shape4* input_shape,
                           const int8_t* input_data, const Shape4* filter_shape,
                           const int8_t* filter_data, const int32_t* bias_data,
                           const Shape4* output_shape, int8_t* output_data) {
  const int stride_width = params->stride_width;
  const int stride_height = params->stride_height;
  const int dilation_width_factor = params->dilation_width_factor;
  const int dilation_height_factor = params->dilation_height_factor;
  const int pad_width = params->padding_width;
  const int pad_height = params->padding_height;
  const int32_t input_offset = params->input_offset;
  const int32_t output_offset = params->output_offset;
  const int32_t output_activation_min = params->quantized_activation_min;
  const int32_t output_activation_max = params->quantized_activation_max;

  /* TFLM takes these with MatchingDim(); the shapes are consistent by construction here. */
  const int batches = input_shape->dims[0];
  const int input_depth = input_shape->dims[3];
  const int output_depth = filter_shape->dims[0];
  const int input_height = input_shape->dims[1];
  const int input_width = input_shape->dims[2];
  const int filter_height = filter_shape->dims[1];
  const int filter_width = filter_shape->dims[2];
  const int output_height = output_shape->dims[1];
  const int output_width = output_shape->dims[2];

  for (int batch = 0; batch < batches; ++batch) {
    for (int out_y = 0; out_y < output_height; ++out_y) {
      const int in_y_origin = (out_y * stride_height) - pad_height;
      for (int out_x = 0; out_x < output_width; ++out_x) {
        const int in_x_origin = (out_x * stride_width) - pad_width;
        for (int out_channel = 0; out_channel < output_depth; ++out_channel) {
          int32_t acc = 0;
          for (int filter_y = 0; filter_y < filter_height; ++filter_y) {
            const int in_y = in_y_origin + dilation_height_factor * filter_y;
            for (int filter_x = 0; filter_x < filter_width; ++filter_x) {
              const int in_x = in_x_origin + dilation_width_factor * filter_x;
              /* Taps in the zero padding contribute nothing. */
              const int is_point_inside_image =
                  (in_x >= 0) && (in_x < input_width) && (in_y >= 0) && (in_y < input_height);
              if (!is_point_inside_image) continue;
              for (int in_channel = 0; in_channel < input_depth; ++in_channel) {
                const int32_t input_val =
                    input_data[shape4_offset(input_shape, batch, in_y, in_x, in_channel)];
                const int32_t filter_val = filter_data[shape4_offset(
                    filter_shape, out_channel, filter_y, filter_x, in_channel)];
                acc += filter_val * (input_val + input_offset);
              }
            }
          }
          if (bias_data) acc = add_wrapping(acc, bias_data[out_channel]);
          acc = multiply_by_quantized_multiplier(acc, output_multiplier[out_channel],
                                                 output_shift[out_channel]);
          acc = add_wrapping(acc, output_offset);
          if (acc < output_activation_min) acc = output_activation_min;
          if (acc > output_activation_max) acc = output_activation_max;
          output_data[shape4_offset(output_shape, batch, out_y, out_x, out_channel)] = (int8_t)acc;
        }
      }
    }
  }
}
