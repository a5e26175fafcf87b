#include "accsim_kernels/tfl_strided_slice.h"

static int64_t clamp(int64_t v, int64_t lo, int64_t hi) { return v > hi ? hi : v < lo ? lo : v; }

/* Clamps a (negative-wrapped) index to [0, size] going forward or [-1, size - 1] backward. */
static int64_t clamp_for_stride(int64_t index, int32_t size, int32_t stride) {
  if (index < 0) index += size;
  return stride > 0 ? clamp(index, 0, size) : clamp(index, -1, (int64_t)size - 1);
}

/* Indices from start toward stop (exclusive) in steps of stride: ceil((stop - start) / stride),
 * at least 0. TFLM divides in float; these magnitudes are exact there. */
static int32_t steps(int64_t start, int64_t stop, int32_t stride) {
  const int64_t distance = stride > 0 ? stop - start : start - stop;
  const int64_t step = stride > 0 ? stride : -(int64_t)stride;
  return distance > 0 ? (int32_t)((distance + step - 1) / step) : 0;
}

int tfl_strided_slice_prepare(const TflStridedSliceSpec* spec, TflStridedSliceParams* params,
                              int32_t out_dims[4], int* out_rank) {
  if (spec->rank > 4 || spec->rank < 0) return -1;
  const int pad = 4 - spec->rank;
  int64_t pitch = 1;
  *out_rank = 0;
  for (int d = 3; d >= 0; --d) {
    params->pitch[d] = (int32_t)pitch;
    if (d < pad) { /* a whole size-1 axis in front */
      params->start[d] = 0;
      params->count[d] = 1;
      params->step[d] = 1;
      continue;
    }
    const int axis = d - pad;
    const int32_t size = spec->dims[axis];
    const int32_t stride = spec->strides[axis];
    if (stride == 0) return -1;
    pitch *= size;
    const int begin_masked = (spec->begin_mask >> axis) & 1;
    const int end_masked = (spec->end_mask >> axis) & 1;
    const int shrink = (spec->shrink_axis_mask >> axis) & 1;
    /* What the copy visits. */
    int64_t start = clamp_for_stride(spec->begin[axis], size, stride);
    if (begin_masked) start = stride > 0 ? 0 : (int64_t)size - 1;
    int64_t stop;
    if (shrink) {
      stop = start >= size ? start : start + 1;
    } else {
      stop = clamp_for_stride(spec->end[axis], size, stride);
      if (end_masked) stop = stride > 0 ? size : -1;
    }
    params->start[d] = (int32_t)start;
    params->step[d] = stride;
    params->count[d] = steps(start, stop, shrink ? 1 : stride);
  }
  /* The shape TFLM's prepare checks against the model, axis by axis in order. */
  for (int axis = 0; axis < spec->rank; ++axis) {
    if ((spec->shrink_axis_mask >> axis) & 1) continue;
    const int32_t size = spec->dims[axis];
    const int32_t stride = spec->strides[axis];
    const int64_t lowest = -INT64_C(2147483648), highest = INT64_C(2147483647);
    int64_t start = spec->begin[axis];
    if ((spec->begin_mask >> axis) & 1) start = stride > 0 ? lowest : highest;
    start = clamp_for_stride(start, size, stride);
    int64_t stop = spec->end[axis];
    if ((spec->end_mask >> axis) & 1) stop = stride > 0 ? highest : lowest;
    stop = clamp_for_stride(stop, size, stride);
    out_dims[(*out_rank)++] = steps(start, stop, stride);
  }
  return 0;
}

uint32_t tfl_strided_slice_elements(const TflStridedSliceParams* params) {
  uint32_t n = 1;
  for (int d = 0; d < 4; ++d) n *= (uint32_t)params->count[d];
  return n;
}

void tfl_strided_slice_int8(const TflStridedSliceParams* p, const int8_t* input, int8_t* output) {
  const int32_t step3 = p->step[3];
  for (int32_t i0 = 0; i0 < p->count[0]; ++i0) {
    const int8_t* a = input + (p->start[0] + i0 * p->step[0]) * p->pitch[0];
    for (int32_t i1 = 0; i1 < p->count[1]; ++i1) {
      const int8_t* b = a + (p->start[1] + i1 * p->step[1]) * p->pitch[1];
      for (int32_t i2 = 0; i2 < p->count[2]; ++i2) {
        const int8_t* row = b + (p->start[2] + i2 * p->step[2]) * p->pitch[2] + p->start[3];
        /* The innermost axis is contiguous (pitch 1): a plain copy when its step is 1. */
        if (step3 == 1) {
          for (int32_t i3 = 0; i3 < p->count[3]; ++i3) *output++ = row[i3];
        } else {
          for (int32_t i3 = 0; i3 < p->count[3]; ++i3) *output++ = row[i3 * step3];
        }
      }
    }
  }
}

void tfl_strided_slice_wide(const TflStridedSliceParams* p, int element_bytes, const uint8_t* input,
                            uint8_t* output) {
  const int32_t eb = element_bytes;
  for (int32_t i0 = 0; i0 < p->count[0]; ++i0) {
    const uint8_t* a = input + (p->start[0] + i0 * p->step[0]) * p->pitch[0] * eb;
    for (int32_t i1 = 0; i1 < p->count[1]; ++i1) {
      const uint8_t* b = a + (p->start[1] + i1 * p->step[1]) * p->pitch[1] * eb;
      for (int32_t i2 = 0; i2 < p->count[2]; ++i2) {
        const uint8_t* row = b + ((p->start[2] + i2 * p->step[2]) * p->pitch[2] + p->start[3]) * eb;
        for (int32_t i3 = 0; i3 < p->count[3]; ++i3) {
          const uint8_t* element = row + i3 * p->step[3] * eb;
          for (int32_t k = 0; k < eb; ++k) *output++ = element[k];
        }
      }
    }
  }
}
