#include "accsim_kernels/tfl_requantize.h"

#include "accsim_kernels/tfl_quant.h"
#include "accsim_kernels/tflite_int8.h"

void tfl_requantize_prepare_int8(float input_scale, int32_t input_zero_point, float output_scale,
                                 int32_t output_zero_point, TflRequantizeParams* params) {
  tfl_quantize_multiplier((double)input_scale / (double)output_scale, &params->multiplier,
                          &params->shift);
  params->input_zero_point = input_zero_point;
  params->output_zero_point = output_zero_point;
}

void tfl_requantize_int8(const TflRequantizeParams* params, int size, const int8_t* input,
                         int8_t* output) {
  /* int8 -> int8 never takes Requantize's int8/uint8 XOR-0x80 shortcut. */
  for (int i = 0; i < size; ++i) {
    const int32_t centred = input[i] - params->input_zero_point;
    int32_t v =
        add_wrapping(multiply_by_quantized_multiplier(centred, params->multiplier, params->shift),
                     params->output_zero_point);
    if (v > 127) v = 127;
    if (v < -128) v = -128;
    output[i] = (int8_t)v;
  }
}
