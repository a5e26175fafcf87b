#include "accsim_kernels/tfl_transpose.h"

int tfl_transpose_prepare(int rank, const int32_t* dims, const int32_t* perm,
                          TflTransposeParams* params, int32_t* out_dims) {
  if (rank < 1 || rank > TFL_TRANSPOSE_MAX_DIMS) return -1;
  int seen = 0;
  for (int d = 0; d < rank; ++d) {
    if (perm[d] < 0 || perm[d] >= rank || ((seen >> perm[d]) & 1)) return -1;
    seen |= 1 << perm[d];
  }
  int32_t stride[TFL_TRANSPOSE_MAX_DIMS];
  stride[rank - 1] = 1;
  for (int d = rank - 2; d >= 0; --d) stride[d] = stride[d + 1] * dims[d + 1];
  const int pad = TFL_TRANSPOSE_MAX_DIMS - rank;
  for (int d = 0; d < TFL_TRANSPOSE_MAX_DIMS; ++d) {
    params->out_dims[d] = d < pad ? 1 : dims[perm[d - pad]];
    params->in_stride[d] = d < pad ? 0 : stride[perm[d - pad]];
  }
  for (int d = 0; d < rank; ++d) out_dims[d] = dims[perm[d]];
  return 0;
}

/* One loop nest per element size: the element moves as one integer of its size. */
#define TRANSPOSE_LOOPS(T)                                                     \
  do {                                                                         \
    const T* in = (const T*)input;                                             \
    T* out = (T*)output;                                                       \
    const int32_t* n = p->out_dims;                                            \
    const int32_t* s = p->in_stride;                                           \
    for (int32_t i0 = 0; i0 < n[0]; ++i0) {                                    \
      for (int32_t i1 = 0; i1 < n[1]; ++i1) {                                  \
        for (int32_t i2 = 0; i2 < n[2]; ++i2) {                                \
          for (int32_t i3 = 0; i3 < n[3]; ++i3) {                              \
            const T* row = in + i0 * s[0] + i1 * s[1] + i2 * s[2] + i3 * s[3]; \
            const int32_t step = s[4];                                         \
            for (int32_t i4 = 0; i4 < n[4]; ++i4) *out++ = row[i4 * step];     \
          }                                                                    \
        }                                                                      \
      }                                                                        \
    }                                                                          \
  } while (0)

void tfl_transpose(const TflTransposeParams* p, int element_bytes, const void* input,
                   void* output) {
  if (element_bytes == 1) {
    TRANSPOSE_LOOPS(int8_t);
  } else if (element_bytes == 2) {
    TRANSPOSE_LOOPS(int16_t);
  } else {
    TRANSPOSE_LOOPS(int32_t);
  }
}
