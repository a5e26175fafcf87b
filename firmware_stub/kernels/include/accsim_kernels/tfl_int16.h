/* The 16x8 quantisation paths of TFLite Micro (int16 activations, int8 weights, int64 or int32
 * bias): reference_integer_ops::ConvPerChannel and FullyConnected for int16, the 64-bit
 * MultiplyByQuantizedMultiplier they requantise with, reference_ops::Requantize between the
 * integer types QUANTIZE converts, and the int16 LUT sigmoid / tanh (integer_ops/logistic.h,
 * tanh.h) the integer LSTM uses. */
#ifndef ACCSIM_KERNELS_TFL_INT16_H
#define ACCSIM_KERNELS_TFL_INT16_H

#include <stdint.h>

#include "accsim_kernels/conv_per_channel.h"
#include "accsim_kernels/shape4.h"

#ifdef __cplusplus
extern "C" {
#endif

/* TFLM's MultiplyByQuantizedMultiplier(int64_t x, ...): the multiplier reduced to 16 bits
 * (rounded), one rounding shift by 15 - shift. x must lie in [-2^47, 2^47). */
int32_t tfl_multiply_by_quantized_multiplier_64(int64_t x, int32_t multiplier, int shift);

/* ConvPerChannel for int16 input and output: no input or output offset (int16 is symmetric);
 * bias64 (int64 bias) selects TFLM's 64-bit accumulator; an int32 bias (bias32) or none, the
 * 32-bit one (wrapping). params' offsets are ignored. */
void tfl_conv_per_channel_int16(const ConvPerChannelParams* params,
                                const int32_t* output_multiplier, const int32_t* output_shift,
                                const Shape4* input_shape, const int16_t* input_data,
                                const Shape4* filter_shape, const int8_t* filter_data,
                                const int64_t* bias64, const int32_t* bias32,
                                const Shape4* output_shape, int16_t* output_data);

/* DepthwiseConvPerChannel for int16: filter [1, KH, KW, C * multiplier], output channel
 * ic * multiplier + m; an int64 sum (int64 bias or none), the 64-bit requantisation. */
void tfl_depthwise_per_channel_int16(const ConvPerChannelParams* params, int depth_multiplier,
                                     const int32_t* output_multiplier, const int32_t* output_shift,
                                     const Shape4* input_shape, const int16_t* input_data,
                                     const Shape4* filter_shape, const int8_t* filter_data,
                                     const int64_t* bias, const Shape4* output_shape,
                                     int16_t* output_data);

/* reference_integer_ops::AveragePool / MaxPool for int16: in-image taps, the average rounded
 * half away from zero by C division ((sum +- n / 2) / n), clamped to [act_min, act_max]. */
void tfl_average_pool_int16(int stride_h, int stride_w, int filter_h, int filter_w, int pad_top,
                            int pad_left, int32_t act_min, int32_t act_max,
                            const Shape4* input_shape, const int16_t* input,
                            const Shape4* output_shape, int16_t* output);
void tfl_max_pool_int16(int stride_h, int stride_w, int filter_h, int filter_w, int pad_top,
                        int pad_left, int32_t act_min, int32_t act_max, const Shape4* input_shape,
                        const int16_t* input, const Shape4* output_shape, int16_t* output);

/* FullyConnected / FullyConnectedPerChannel for int16: output[b, o] from batches rows of
 * accum_depth int16 inputs, filter [output_depth, accum_depth]; per-channel when
 * multipliers/shifts hold output_depth entries (per_channel != 0), else entry 0 for all. */
void tfl_fully_connected_int16(int per_channel, const int32_t* multipliers, const int32_t* shifts,
                               int32_t act_min, int32_t act_max, int batches, int accum_depth,
                               int output_depth, const int16_t* input, const int8_t* filter,
                               const int64_t* bias64, const int32_t* bias32, int16_t* output);

/* reference_ops::Requantize: out = clamp(MBQM(in - in_zp) + out_zp) to the output type's range.
 * One function per (input, output) pair QUANTIZE converts. */
typedef struct {
  int32_t multiplier;
  int shift;
  int32_t input_zero_point, output_zero_point;
} TflRequantize;

void tfl_requantize_prepare(float input_scale, int32_t input_zero_point, float output_scale,
                            int32_t output_zero_point, TflRequantize* params);
void tfl_requantize_i16_i8(const TflRequantize* p, int size, const int16_t* in, int8_t* out);
void tfl_requantize_i16_i16(const TflRequantize* p, int size, const int16_t* in, int16_t* out);
void tfl_requantize_i16_i32(const TflRequantize* p, int size, const int16_t* in, int32_t* out);
void tfl_requantize_i8_i16(const TflRequantize* p, int size, const int8_t* in, int16_t* out);
void tfl_requantize_i8_i32(const TflRequantize* p, int size, const int8_t* in, int32_t* out);

/* AffineQuantize float32 -> int16 and Dequantize int16 -> float32 (as the int8 versions). */
void tfl_affine_quantize_float_to_int16(float scale, int32_t zero_point, int size,
                                        const float* input, int16_t* output);
void tfl_dequantize_int16_to_float(float scale, int32_t zero_point, int size, const int16_t* input,
                                   float* output);

/* reference_integer_ops::Logistic / Tanh for int16 through the 256-entry sigmoid table
 * (sigmoid(i / 24) in 0.16). input_multiplier 0 is the power-of-two case (3 << left_shift). */
void tfl_logistic_int16(int32_t input_multiplier, int32_t input_left_shift, int size,
                        const int16_t* input, int16_t* output);
void tfl_tanh_int16(int32_t input_multiplier, int32_t input_left_shift, int size,
                    const int16_t* input, int16_t* output);

#ifdef __cplusplus
}
#endif

#endif
