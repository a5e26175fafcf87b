#include "accsim_kernels/tfl_leaky_relu.h"

#include "accsim_kernels/tfl_quant.h"
#include "accsim_kernels/tflite_int8.h"

int tfl_leaky_relu_prepare_int8(float input_scale, int32_t input_zero_point, float alpha,
                                float output_scale, int32_t output_zero_point,
                                TflLeakyReluParams* params) {
  if (!(alpha >= 0.0f)) return -1;
  params->input_zero_point = input_zero_point;
  params->output_zero_point = output_zero_point;
  /* float32 products and quotients, then widened: TFLM's static_cast<double>(float expr). */
  const float alpha_real = input_scale * alpha / output_scale;
  const float identity_real = input_scale / output_scale;
  tfl_quantize_multiplier((double)alpha_real, &params->multiplier_alpha, &params->shift_alpha);
  tfl_quantize_multiplier((double)identity_real, &params->multiplier_identity,
                          &params->shift_identity);
  return 0;
}

void tfl_leaky_relu_int8(const TflLeakyReluParams* p, int count, const int8_t* input,
                         int8_t* output) {
  for (int i = 0; i < count; ++i) {
    const int32_t x = input[i] - p->input_zero_point;
    int32_t v =
        p->output_zero_point +
        (x >= 0 ? multiply_by_quantized_multiplier(x, p->multiplier_identity, p->shift_identity)
                : multiply_by_quantized_multiplier(x, p->multiplier_alpha, p->shift_alpha));
    if (v < -128) v = -128;
    if (v > 127) v = 127;
    output[i] = (int8_t)v;
  }
}
