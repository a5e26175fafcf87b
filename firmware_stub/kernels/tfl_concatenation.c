#include "accsim_kernels/tfl_concatenation.h"

int tfl_concatenation_axis4(int axis, int rank, int* axis4) {
  const int positive = axis < 0 ? axis + rank : axis;
  if (rank < 1 || rank > 4 || positive < 0 || positive >= rank) return -1;
  *axis4 = positive + 4 - rank;
  return 0;
}

void tfl_concatenation_int8(int axis4, int num_inputs, const Shape4* input_shapes,
                            const int8_t* const* inputs, const Shape4* output_shape,
                            int8_t* output) {
  int outer_size = 1;
  for (int d = 0; d < axis4; ++d) outer_size *= output_shape->dims[d];
  int base_inner_size = 1;
  for (int d = axis4 + 1; d < 4; ++d) base_inner_size *= output_shape->dims[d];
  int8_t* out = output;
  for (int k = 0; k < outer_size; ++k) {
    for (int i = 0; i < num_inputs; ++i) {
      const int copy_size = input_shapes[i].dims[axis4] * base_inner_size;
      const int8_t* in = inputs[i] + k * copy_size;
      for (int j = 0; j < copy_size; ++j) out[j] = in[j];
      out += copy_size;
    }
  }
}
