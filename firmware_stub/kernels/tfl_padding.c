#include "accsim_kernels/tfl_padding.h"

int tfl_compute_padding(TflPaddingKind padding, int stride, int dilation, int in_size,
                        int filter_size, int* out_size, int* pad_before) {
  const int effective_filter_size = (filter_size - 1) * dilation + 1;
  if (stride <= 0) return -1;
  if (padding == TFL_PADDING_KIND_SAME) {
    *out_size = (in_size + stride - 1) / stride;
  } else if (padding == TFL_PADDING_KIND_VALID) {
    *out_size = (in_size + stride - effective_filter_size) / stride;
  } else {
    return -1;
  }
  const int total_padding = (*out_size - 1) * stride + effective_filter_size - in_size;
  *pad_before = total_padding > 0 ? total_padding / 2 : 0;
  return 0;
}
