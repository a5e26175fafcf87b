/* STRIDED_SLICE (rank <= 4), as TFLM's strided_slice_common.cc prepares it and
 * reference_ops::StridedSlice walks it: per axis a first index, a count and a step, the input
 * padded to 4-D with whole size-1 axes in front. Two rules from strided_slice_logic.h meet here:
 * the output shape a model must declare (StartForAxis/StopForAxis; a shrunk axis counts 1) and
 * the indices the copy visits (StridedSliceStartForAxis/EndForAxis; a shrunk axis whose index is
 * clamped to the axis size visits none). The caller refuses models where the two disagree. */
#ifndef ACCSIM_KERNELS_TFL_STRIDED_SLICE_H
#define ACCSIM_KERNELS_TFL_STRIDED_SLICE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int32_t start[4], count[4], step[4]; /* input indices: start + i * step, i < count */
  int32_t pitch[4];                    /* elements between neighbouring indices of each axis */
} TflStridedSliceParams;

typedef struct {
  int rank;
  const int32_t *dims, *begin, *end, *strides; /* rank entries each */
  int32_t begin_mask, end_mask, shrink_axis_mask;
} TflStridedSliceSpec;

/* Returns -1 when rank > 4 or a stride is 0. Else fills params and the declared output shape
 * (out_dims, *out_rank: the axes not shrunk) and returns 0. */
int tfl_strided_slice_prepare(const TflStridedSliceSpec* spec, TflStridedSliceParams* params,
                              int32_t out_dims[4], int* out_rank);

/* Elements the copy writes (the product of the counts). */
uint32_t tfl_strided_slice_elements(const TflStridedSliceParams* params);

void tfl_strided_slice_int8(const TflStridedSliceParams* params, const int8_t* input,
                            int8_t* output);
/* The same slice of wider elements (int16: 2 bytes, float32: 4), copied byte by byte. */
void tfl_strided_slice_wide(const TflStridedSliceParams* params, int element_bytes,
                            const uint8_t* input, uint8_t* output);

#ifdef __cplusplus
}
#endif

#endif
