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

int tfl_resize_bilinear_taps(int32_t in_size, int32_t out_size, int align_corners,
                             int half_pixel_centers, TflBilinearTap* taps) {
  if (align_corners && half_pixel_centers) return -1;
  int32_t scale = ((1 << 10) * in_size + out_size / 2) / out_size;
  if (align_corners && out_size > 1) {
    scale = ((1 << 10) * (in_size - 1) + (out_size - 1) / 2) / (out_size - 1);
  }
  for (int32_t i = 0; i < out_size; ++i) {
    const int32_t at = half_pixel_centers ? i * scale + scale / 2 - (1 << 9) : i * scale;
    int32_t lower = at / (1 << 10); /* C division: truncation, as TFLM's */
    if (lower < 0) lower = 0;
    int32_t upper = (at + (1 << 10) - 1) / (1 << 10);
    if (upper > in_size - 1) upper = in_size - 1;
    if (lower > in_size - 1) return -1;
    if (!taps) continue;
    taps[i].lower = lower;
    taps[i].upper = upper;
    taps[i].weight = at - (1 << 10) * lower;
  }
  return 0;
}

void tfl_resize_bilinear_int8(const TflResizeBilinearParams* p, const int8_t* input,
                              int8_t* output) {
  const int32_t depth = p->depth;
  const int32_t row = p->in_width * depth;
  for (int32_t b = 0; b < p->batches; ++b) {
    const int8_t* image = input + b * p->in_height * row;
    for (int32_t y = 0; y < p->out_height; ++y) {
      const TflBilinearTap ty = p->y_taps[y];
      const int8_t* row0 = image + ty.lower * row;
      const int8_t* row1 = image + ty.upper * row;
      const int32_t wy1 = ty.weight, wy0 = (1 << 10) - ty.weight;
      for (int32_t x = 0; x < p->out_width; ++x) {
        const TflBilinearTap tx = p->x_taps[x];
        const int32_t wx1 = tx.weight, wx0 = (1 << 10) - tx.weight;
        const int32_t w00 = wy0 * wx0, w10 = wy1 * wx0, w01 = wy0 * wx1, w11 = wy1 * wx1;
        const int8_t* a = row0 + tx.lower * depth;
        const int8_t* b1 = row1 + tx.lower * depth;
        const int8_t* c = row0 + tx.upper * depth;
        const int8_t* d = row1 + tx.upper * depth;
        for (int32_t ch = 0; ch < depth; ++ch) {
          const int32_t sum = a[ch] * w00 + b1[ch] * w10 + c[ch] * w01 + d[ch] * w11;
          /* (sum +- 2^19) / 2^20 with C's truncating division, without dividing. */
          const int32_t rounded = sum > 0 ? sum + (1 << 19) : sum - (1 << 19);
          const int32_t q = rounded >= 0 ? rounded >> 20 : -((-rounded) >> 20);
          *output++ = (int8_t)q;
        }
      }
    }
  }
}
