/* int8 FULLY_CONNECTED (filter [output_depth, accum_depth], optional int32 bias), per-tensor or
 * per-channel, as TFLM's fully_connected_common.cc (CalculateOpDataFullyConnected) prepares it
 * and reference_integer_ops::FullyConnected / FullyConnectedPerChannel evaluate it. */
#ifndef ACCSIM_KERNELS_TFL_FULLY_CONNECTED_H
#define ACCSIM_KERNELS_TFL_FULLY_CONNECTED_H

#include <stdint.h>

#include "accsim_kernels/tfl_quant.h"

#ifdef __cplusplus
extern "C" {
#endif

/* TFLM's FullyConnectedParams plus OpDataFullyConnected's per-channel arrays. */
typedef struct {
  int32_t input_offset;      /* -input zero point */
  int32_t filter_offset;     /* -filter zero point (0: int8 filters are symmetric) */
  int32_t output_offset;     /* output zero point */
  int32_t output_multiplier; /* per-tensor */
  int output_shift;
  const int32_t* per_channel_multiplier; /* non-NULL: per-channel, one per output channel */
  const int32_t* per_channel_shift;
  int32_t quantized_activation_min, quantized_activation_max;
} TflFullyConnectedParams;

/* num_filter_scales > 1 selects per-channel quantisation: per output channel
 * QuantizeMultiplier(double(input_scale) * double(filter_scale[c]) / double(output_scale)) into
 * the caller's multiplier_storage / shift_storage (num_filter_scales entries each), which the
 * params then point to. A single scale is per-tensor, and TFLM's GetQuantizedConvolutionMultipler
 * multiplies input_scale * filter_scale in float before converting to double. Returns -1 for a
 * negative scale product, a nonzero filter zero point or a refused activation range. */
int tfl_fully_connected_prepare_int8(float input_scale, int32_t input_zero_point,
                                     const float* filter_scales, int num_filter_scales,
                                     int32_t filter_zero_point, float output_scale,
                                     int32_t output_zero_point, TflFusedActivation activation,
                                     int32_t* multiplier_storage, int32_t* shift_storage,
                                     TflFullyConnectedParams* params);

/* output[b, o] for batches rows of accum_depth inputs; bias may be NULL. */
void tfl_fully_connected_int8(const TflFullyConnectedParams* params, int batches, int accum_depth,
                              int output_depth, const int8_t* input, const int8_t* filter,
                              const int32_t* bias, int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
