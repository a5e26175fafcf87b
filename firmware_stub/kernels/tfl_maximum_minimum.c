#include "accsim_kernels/tfl_maximum_minimum.h"

#include "accsim_kernels/tfl_broadcast.h"

int tfl_maximum_minimum_prepare(const Shape4* in1, const Shape4* in2, const Shape4* out,
                                int maximum, TflMaxMinParams* params) {
  params->out = *out;
  params->maximum = maximum;
  if (tfl_broadcast_strides(in1, out, params->strides1) != 0 ||
      tfl_broadcast_strides(in2, out, params->strides2) != 0) {
    return -1;
  }
  return 0;
}

/* The comparison is chosen once per call, not per element: one loop nest each. */
#define MAXMIN_LOOPS(PICK)                                            \
  for (int32_t i0 = 0; i0 < d[0]; ++i0) {                             \
    for (int32_t i1 = 0; i1 < d[1]; ++i1) {                           \
      for (int32_t i2 = 0; i2 < d[2]; ++i2) {                         \
        const int8_t* a = in1 + i0 * s1[0] + i1 * s1[1] + i2 * s1[2]; \
        const int8_t* b = in2 + i0 * s2[0] + i1 * s2[1] + i2 * s2[2]; \
        for (int32_t i3 = 0; i3 < d[3]; ++i3) {                       \
          const int8_t x = a[i3 * s1[3]], y = b[i3 * s2[3]];          \
          *output++ = PICK;                                           \
        }                                                             \
      }                                                               \
    }                                                                 \
  }

void tfl_maximum_minimum_int8(const TflMaxMinParams* p, const int8_t* in1, const int8_t* in2,
                              int8_t* output) {
  const int32_t* d = p->out.dims;
  const int32_t* s1 = p->strides1;
  const int32_t* s2 = p->strides2;
  if (p->maximum) {
    MAXMIN_LOOPS(x > y ? x : y)
  } else {
    MAXMIN_LOOPS(x < y ? x : y)
  }
}
