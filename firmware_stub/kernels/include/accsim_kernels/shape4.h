/* TFLM's RuntimeShape fixed at four dimensions (lower-rank tensors are extended with leading 1s,
 * as RuntimeShape::ExtendedShape does), and the flat-index rule every NHWC kernel shares. */
#ifndef ACCSIM_KERNELS_SHAPE4_H
#define ACCSIM_KERNELS_SHAPE4_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int32_t dims[4];
} Shape4;

/* TFLM's Offset(shape, i0, i1, i2, i3): the flat index of an element. */
static inline int shape4_offset(const Shape4* shape, int i0, int i1, int i2, int i3) {
  return ((i0 * shape->dims[1] + i1) * shape->dims[2] + i2) * shape->dims[3] + i3;
}

static inline int shape4_flat_size(const Shape4* shape) {
  return shape->dims[0] * shape->dims[1] * shape->dims[2] * shape->dims[3];
}

/* RuntimeShape::ExtendedShape(4, shape): a rank <= 4 shape right-aligned into four dimensions.
 * Returns 0, or -1 for a rank above 4 or below 0. */
static inline int shape4_extend(const int32_t* dims, int rank, Shape4* out) {
  if (rank < 0 || rank > 4) return -1;
  const int lead = 4 - rank;
  for (int i = 0; i < 4; ++i) out->dims[i] = i < lead ? 1 : dims[i - lead];
  return 0;
}

static inline int shape4_equal(const Shape4* a, const Shape4* b) {
  return a->dims[0] == b->dims[0] && a->dims[1] == b->dims[1] && a->dims[2] == b->dims[2] &&
         a->dims[3] == b->dims[3];
}

#ifdef __cplusplus
}
#endif

#endif
