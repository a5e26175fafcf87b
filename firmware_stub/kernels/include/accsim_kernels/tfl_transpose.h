/* TRANSPOSE (rank 1-5), as TFLM's reference_ops::Transpose: output[i0..i4] = input at the
 * permuted indices, walking the output in order. The shapes are padded to 5-D with leading
 * size-1 axes, so one five-deep loop nest serves every rank and permutation (TFLM recurses per
 * axis; the element order is the same). */
#ifndef ACCSIM_KERNELS_TFL_TRANSPOSE_H
#define ACCSIM_KERNELS_TFL_TRANSPOSE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TFL_TRANSPOSE_MAX_DIMS 5

typedef struct {
  int32_t out_dims[TFL_TRANSPOSE_MAX_DIMS];  /* the output shape, padded to 5-D */
  int32_t in_stride[TFL_TRANSPOSE_MAX_DIMS]; /* input elements between steps of output axis d */
} TflTransposeParams;

/* Returns -1 unless 1 <= rank <= 5 and perm is a permutation of 0..rank-1; else fills params
 * and out_dims (the output shape: dims[perm[d]]) and returns 0. */
int tfl_transpose_prepare(int rank, const int32_t* dims, const int32_t* perm,
                          TflTransposeParams* params, int32_t* out_dims);

/* element_bytes 1, 2 or 4 (TFLM moves elements as same-sized integers). */
void tfl_transpose(const TflTransposeParams* p, int element_bytes, const void* input, void* output);

#ifdef __cplusplus
}
#endif

#endif
