/* int8 MEAN over any set of axes, as current TFLM (reduce_common.cc EvalIntegerMean with
 * micro/kernels/internal/reference/reduce.h, 2024-2025; no special 4-D path for int8):
 * - same input and output quantisation: Mean<int8_t, int32_t>, the int32 sum divided by the
 *   element count with C division (truncation toward zero);
 * - otherwise QuantizedMeanOrSum: the multiplier QuantizeMultiplier(in_scale / out_scale) is
 *   rescaled by 1/count (count folded into multiplier and shift), applied to
 *   sum - in_zp * count, plus out_zp, clamped.
 * Older TFLM (up to 2022) had a reference_integer_ops::Mean fast path for 4-D axes {1, 2} and a
 * float-based QuantizedMeanOrSum; those are not reproduced. */
#ifndef ACCSIM_KERNELS_TFL_MEAN_H
#define ACCSIM_KERNELS_TFL_MEAN_H

#include <stdint.h>

#include "accsim_kernels/shape4.h"

#ifdef __cplusplus
extern "C" {
#endif

/* OpDataReduce's fields for int8 MEAN. */
typedef struct {
  int32_t multiplier; /* QuantizeMultiplier(double(in_scale) / double(out_scale)) */
  int shift;
  int32_t input_zero_point, output_zero_point;
  int same_quantization; /* zero points equal and float scales equal */
} TflMeanParams;

void tfl_mean_prepare_int8(float input_scale, int32_t input_zero_point, float output_scale,
                           int32_t output_zero_point, TflMeanParams* params);

/* The model's axes (negative count from the end, duplicates ignored: ResolveAxis) for a tensor
 * of the given rank, as flags over the 4-D extended dimensions. Returns -1 for an axis out of
 * range or a rank above 4. */
int tfl_mean_resolve_axes(const int32_t* axes, int num_axes, int rank, int reduced[4]);

/* Writes one int8 per combination of the non-reduced dimensions, in row-major order (the same
 * bytes whether or not the model keeps the reduced dimensions). */
void tfl_mean_int8(const TflMeanParams* params, const Shape4* input_shape, const int8_t* input,
                   const int reduced[4], int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
