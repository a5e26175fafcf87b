#include "accsim_kernels/tfl_resize.h"

/* The values are >= 0 here (index + offset >= 0, scale > 0): truncation is floor, and
 * round-half-away is truncation plus one when the exact fraction is >= 0.5. */
static int32_t floor_nonnegative(float v) { return (int32_t)v; }

static int32_t round_nonnegative(float v) {
  const int32_t whole = (int32_t)v;
  return whole + (v - (float)whole >= 0.5f ? 1 : 0);
}

void tfl_resize_nearest_indices(int32_t in_size, int32_t out_size, int align_corners,
                                int half_pixel_centers, int32_t* out_index) {
  const float scale = (align_corners && out_size > 1) ? (float)(in_size - 1) / (float)(out_size - 1)
                                                      : (float)in_size / (float)out_size;
  const float offset = half_pixel_centers ? 0.5f : 0.0f;
  for (int32_t i = 0; i < out_size; ++i) {
    const float at = ((float)i + offset) * scale;
    int32_t index = align_corners ? round_nonnegative(at) : floor_nonnegative(at);
    if (index > in_size - 1) index = in_size - 1;
    if (half_pixel_centers && index < 0) index = 0;
    out_index[i] = index;
  }
}

void tfl_resize_nearest_int8(const TflResizeNearestParams* p, const int8_t* input, int8_t* output) {
  const int32_t depth = p->depth;
  const int32_t row = p->in_width * depth;
  for (int32_t b = 0; b < p->batches; ++b) {
    const int8_t* image = input + b * p->in_height * row;
    for (int32_t y = 0; y < p->out_height; ++y) {
      const int8_t* in_row = image + p->y_index[y] * row;
      for (int32_t x = 0; x < p->out_width; ++x) {
        const int8_t* pixel = in_row + p->x_index[x] * depth;
        for (int32_t c = 0; c < depth; ++c) output[c] = pixel[c];
        output += depth;
      }
    }
  }
}
