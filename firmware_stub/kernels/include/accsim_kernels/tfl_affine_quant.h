/* The float32 graph edges: QUANTIZE float32 -> int8 (reference_ops::AffineQuantize) and
 * DEQUANTIZE int8/uint8 -> float32 (reference_ops::Dequantize), as current upstream TFLite Micro
 * evaluates them. Float arithmetic is float32 throughout, as in TFLM: the RV32IM firmware gets
 * it from libgcc's soft-float, which is correctly rounded IEEE like the host's. */
#ifndef ACCSIM_KERNELS_TFL_AFFINE_QUANT_H
#define ACCSIM_KERNELS_TFL_AFFINE_QUANT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* TfLiteRound(x) as an int32: std::round's halves away from zero, saturated at the int32 range
 * (the C++ cast is undefined beyond it; the soft-float cast saturates), NaN -> 0. */
int32_t tfl_round_float_to_int32(float x);

/* out = clamp(TfLiteRound(in / scale) + zero_point, -128, 127); the quotient is float32. */
void tfl_affine_quantize_float_to_int8(float scale, int32_t zero_point, int size,
                                       const float* input, int8_t* output);

/* out = scale * float(in - zero_point), one float32 multiplication per element. */
void tfl_dequantize_int8_to_float(float scale, int32_t zero_point, int size, const int8_t* input,
                                  float* output);
void tfl_dequantize_uint8_to_float(float scale, int32_t zero_point, int size, const uint8_t* input,
                                   float* output);

#ifdef __cplusplus
}
#endif

#endif
