#include "accsim_kernels/tfl_fully_connected.h"

#include "accsim_kernels/tflite_int8.h"

int tfl_fully_connected_prepare_int8(float input_scale, int32_t input_zero_point,
                                     const float* filter_scales, int num_filter_scales,
                                     int32_t filter_zero_point, float output_scale,
                                     int32_t output_zero_point, TflFusedActivation activation,
                                     int32_t* multiplier_storage, int32_t* shift_storage,
                                     TflFullyConnectedParams* params) {
  if (filter_zero_point != 0) return -1; /* TFLM's DCHECK: symmetric int8 filters only */
  params->input_offset = -input_zero_point;
  params->filter_offset = -filter_zero_point;
  params->output_offset = output_zero_point;
  params->output_multiplier = 0;
  params->output_shift = 0;
  params->per_channel_multiplier = 0;
  params->per_channel_shift = 0;
  if (num_filter_scales > 1) {
    tfl_per_channel_multipliers(input_scale, filter_scales, num_filter_scales, output_scale,
                                num_filter_scales, multiplier_storage, shift_storage);
    params->per_channel_multiplier = multiplier_storage;
    params->per_channel_shift = shift_storage;
  } else {
    const double input_product_scale = (double)(input_scale * filter_scales[0]);
    if (!(input_product_scale >= 0)) return -1;
    tfl_quantize_multiplier(input_product_scale / (double)output_scale, &params->output_multiplier,
                            &params->output_shift);
  }
  return tfl_activation_range_int8(activation, output_scale, output_zero_point,
                                   &params->quantized_activation_min,
                                   &params->quantized_activation_max);
}

void tfl_fully_connected_int8(const TflFullyConnectedParams* params, int batches, int accum_depth,
                              int output_depth, const int8_t* input, const int8_t* filter,
                              const int32_t* bias, int8_t* output) {
  for (int b = 0; b < batches; ++b) {
    const int8_t* row = input + b * accum_depth;
    for (int o = 0; o < output_depth; ++o) {
      const int8_t* weights = filter + o * accum_depth;
      /* int32 accumulation, wrapping (as the reference's int32 does in practice) only for
       * depths beyond ~33000. */
      int32_t acc = 0;
      for (int d = 0; d < accum_depth; ++d) {
        const int32_t product =
            (weights[d] + params->filter_offset) * (row[d] + params->input_offset);
        acc = add_wrapping(acc, product);
      }
      if (bias) acc = add_wrapping(acc, bias[o]);
      const int per_channel = params->per_channel_multiplier != 0;
      const int32_t multiplier =
          per_channel ? params->per_channel_multiplier[o] : params->output_multiplier;
      const int shift = per_channel ? params->per_channel_shift[o] : params->output_shift;
      int32_t v = add_wrapping(multiply_by_quantized_multiplier(acc, multiplier, shift),
                               params->output_offset);
      if (v < params->quantized_activation_min) v = params->quantized_activation_min;
      if (v > params->quantized_activation_max) v = params->quantized_activation_max;
      output[b * output_depth + o] = (int8_t)v;
    }
  }
}
