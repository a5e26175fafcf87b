/* The integer QUANTIZE conversions (requantisation): int8 -> int8, uint8 -> int8 and
 * int8 -> uint8, as TFLM's quantize_common.cc prepares them
 * (QuantizeMultiplier(double(input_scale) / double(output_scale))) and reference_ops::Requantize
 * evaluates them. */
#ifndef ACCSIM_KERNELS_TFL_REQUANTIZE_H
#define ACCSIM_KERNELS_TFL_REQUANTIZE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int32_t multiplier;
  int shift;
  int32_t input_zero_point, output_zero_point;
} TflRequantizeParams;

void tfl_requantize_prepare_int8(float input_scale, int32_t input_zero_point, float output_scale,
                                 int32_t output_zero_point, TflRequantizeParams* params);

/* out = clamp(MBQM(in - input_zp) + output_zp, -128, 127) for size elements. */
void tfl_requantize_int8(const TflRequantizeParams* params, int size, const int8_t* input,
                         int8_t* output);

/* The same with the output clamped to [0, 255] (int8 -> uint8) or a uint8 input (uint8 -> int8).
 * Both take Requantize's shortcut when the scales are equal (multiplier 2^30, shift 1) and the
 * zero points differ by 128 in the direction the types do: a byte XOR 0x80, which gives the
 * bytes the general formula gives, only faster. */
void tfl_requantize_int8_to_uint8(const TflRequantizeParams* params, int size, const int8_t* input,
                                  uint8_t* output);
void tfl_requantize_uint8_to_int8(const TflRequantizeParams* params, int size, const uint8_t* input,
                                  int8_t* output);
/* 1 when the XOR shortcut applies to an int8 -> uint8 (`to_uint8` 1) or uint8 -> int8 pair. */
int tfl_requantize_is_xor(const TflRequantizeParams* params, int to_uint8);

#ifdef __cplusplus
}
#endif

#endif
