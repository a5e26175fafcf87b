/* RESIZE_NEAREST_NEIGHBOR and RESIZE_BILINEAR (4-D NHWC).
 *
 * RESIZE_NEAREST_NEIGHBOR, as TFLM's reference_ops::ResizeNearestNeighbor: each
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

/* RESIZE_BILINEAR int8, as TFLM's reference_ops::ResizeBilinearInteger: scales in 1/1024
 * steps (rounded integer division), each output row and column at (index * scale [+ scale / 2
 * - 512 with half_pixel_centers]) / 1024 between a lower and upper input index, the four
 * neighbours weighted in 1/1024 steps and the sum rounded (halves away from zero) by 2^20. The
 * sum stays below 2^29 in magnitude, so int32 holds it exactly (TFLM uses int64). Per axis the
 * indices and weights depend only on the sizes: computed once into tables. */
typedef struct {
  int32_t lower, upper, weight; /* input indices and the upper one's weight (1/1024 steps) */
} TflBilinearTap;

/* Returns -1 when align_corners and half_pixel_centers are both set (TFLM refuses that) or an
 * index would leave the input. Fills out_size taps (none when taps is NULL: a check only). */
int tfl_resize_bilinear_taps(int32_t in_size, int32_t out_size, int align_corners,
                             int half_pixel_centers, TflBilinearTap* taps);

typedef struct {
  int32_t batches, in_height, in_width, depth, out_height, out_width;
  const TflBilinearTap* y_taps; /* out_height entries */
  const TflBilinearTap* x_taps; /* out_width entries */
} TflResizeBilinearParams;

void tfl_resize_bilinear_int8(const TflResizeBilinearParams* p, const int8_t* input,
                              int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
