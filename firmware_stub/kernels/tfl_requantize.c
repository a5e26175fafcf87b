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

int tfl_requantize_is_xor(const TflRequantizeParams* params, int to_uint8) {
  if (params->multiplier != (1 << 30) || params->shift != 1) return 0;
  const int32_t zero_point_diff = params->input_zero_point - params->output_zero_point;
  return zero_point_diff == (to_uint8 ? -128 : 128);
}

static int32_t requantize_one(const TflRequantizeParams* params, int32_t value) {
  return add_wrapping(multiply_by_quantized_multiplier(value - params->input_zero_point,
                                                       params->multiplier, params->shift),
                      params->output_zero_point);
}

void tfl_requantize_int8_to_uint8(const TflRequantizeParams* params, int size, const int8_t* input,
                                  uint8_t* output) {
  if (tfl_requantize_is_xor(params, 1)) {
    for (int i = 0; i < size; ++i) output[i] = (uint8_t)input[i] ^ 0x80;
    return;
  }
  for (int i = 0; i < size; ++i) {
    int32_t v = requantize_one(params, input[i]);
    if (v > 255) v = 255;
    if (v < 0) v = 0;
    output[i] = (uint8_t)v;
  }
}

void tfl_requantize_uint8_to_int8(const TflRequantizeParams* params, int size, const uint8_t* input,
                                  int8_t* output) {
  if (tfl_requantize_is_xor(params, 0)) {
    for (int i = 0; i < size; ++i) output[i] = (int8_t)(input[i] ^ 0x80);
    return;
  }
  for (int i = 0; i < size; ++i) {
    int32_t v = requantize_one(params, input[i]);
    if (v > 127) v = 127;
    if (v < -128) v = -128;
    output[i] = (int8_t)v;
  }
}
