/* TFLite's 4-D elementwise broadcasting (NdArrayDescsForElementwiseBroadcast and the "slow"
 * broadcast loops): an input dimension of size 1 is repeated along the output's (stride 0);
 * any other input dimension must equal the output's. Shapes are extended to 4-D first. */
#ifndef ACCSIM_KERNELS_TFL_BROADCAST_H
#define ACCSIM_KERNELS_TFL_BROADCAST_H

#include <stdint.h>

#include "accsim_kernels/shape4.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Element strides of `input` when walked in `output`'s index space. Returns -1 if the input
 * does not broadcast to the output. */
int tfl_broadcast_strides(const Shape4* input, const Shape4* output, int32_t strides[4]);

static inline int tfl_broadcast_offset(const int32_t strides[4], int i0, int i1, int i2, int i3) {
  return i0 * strides[0] + i1 * strides[1] + i2 * strides[2] + i3 * strides[3];
}

#ifdef __cplusplus
}
#endif

#endif
