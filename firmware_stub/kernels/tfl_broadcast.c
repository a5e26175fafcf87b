#include "accsim_kernels/tfl_broadcast.h"

int tfl_broadcast_strides(const Shape4* input, const Shape4* output, int32_t strides[4]) {
  int32_t stride = 1;
  for (int d = 3; d >= 0; --d) {
    const int32_t size = input->dims[d];
    if (size == output->dims[d]) {
      strides[d] = stride;
    } else if (size == 1) {
      strides[d] = 0;
    } else {
      return -1;
    }
    stride *= size;
  }
  return 0;
}
