/* MAXIMUM and MINIMUM int8 with 4-D broadcasting, as TFLM's
 * reference_ops::MaximumMinimumBroadcastSlow: the larger (smaller) of the two raw int8 values
 * at each output index (the caller requires the same quantisation everywhere, which makes the
 * raw comparison a comparison of real values). */
#ifndef ACCSIM_KERNELS_TFL_MAXIMUM_MINIMUM_H
#define ACCSIM_KERNELS_TFL_MAXIMUM_MINIMUM_H

#include <stdint.h>

#include "accsim_kernels/shape4.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  Shape4 out;
  int32_t strides1[4], strides2[4]; /* tfl_broadcast_strides of each input */
  int maximum;                      /* 1: MAXIMUM, 0: MINIMUM */
} TflMaxMinParams;

/* Returns -1 when an input does not broadcast to `out`. */
int tfl_maximum_minimum_prepare(const Shape4* in1, const Shape4* in2, const Shape4* out,
                                int maximum, TflMaxMinParams* params);

void tfl_maximum_minimum_int8(const TflMaxMinParams* p, const int8_t* in1, const int8_t* in2,
                              int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
