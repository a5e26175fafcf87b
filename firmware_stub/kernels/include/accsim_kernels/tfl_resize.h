/* RESIZE_NEAREST_NEIGHBOR (4-D NHWC), as TFLM's reference_ops::ResizeNearestNeighbor: each
 * output row and column reads the input index GetNearestNeighbor picks, computed in float32 as
 * TFLM does (scale = in / out, or (in - 1) / (out - 1) with align_corners; + 0.5 with
 * half_pixel_centers; floor, or round half away from zero with align_corners). The indices
 * depend only on the sizes and options, so they are computed once (prepare) into tables, and the
 * copy reads them: no float work per element. */
#ifndef ACCSIM_KERNELS_TFL_RESIZE_H
#define ACCSIM_KERNELS_TFL_RESIZE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* out_index[i] for i < out_size: the input index output index i reads along one axis. */
void tfl_resize_nearest_indices(int32_t in_size, int32_t out_size, int align_corners,
                                int half_pixel_centers, int32_t* out_index);

typedef struct {
  int32_t batches, in_height, in_width, depth, out_height, out_width;
  const int32_t* y_index; /* out_height entries */
  const int32_t* x_index; /* out_width entries */
} TflResizeNearestParams;

void tfl_resize_nearest_int8(const TflResizeNearestParams* p, const int8_t* input, int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
