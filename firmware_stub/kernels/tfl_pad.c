#include "accsim_kernels/tfl_pad.h"

int tfl_pad_prepare_int8(const int32_t* paddings, int rank, int32_t output_zero_point,
                         TflPadParams* params) {
  if (rank < 0 || rank > 4 || output_zero_point < -128 || output_zero_point > 127) return -1;
  const int lead = 4 - rank;
  for (int d = 0; d < 4; ++d) {
    params->left[d] = d < lead ? 0 : paddings[2 * (d - lead)];
    params->right[d] = d < lead ? 0 : paddings[2 * (d - lead) + 1];
    if (params->left[d] < 0 || params->right[d] < 0) return -1;
  }
  params->pad_value = (int8_t)output_zero_point;
  return 0;
}

static int in_padding(const TflPadParams* p, const Shape4* input_shape, int d, int i) {
  return i < p->left[d] || i >= p->left[d] + input_shape->dims[d];
}

void tfl_pad_int8(const TflPadParams* params, const Shape4* input_shape, const int8_t* input,
                  const Shape4* output_shape, int8_t* output) {
  const int32_t* o = output_shape->dims;
  int out = 0;
  for (int i0 = 0; i0 < o[0]; ++i0) {
    for (int i1 = 0; i1 < o[1]; ++i1) {
      for (int i2 = 0; i2 < o[2]; ++i2) {
        for (int i3 = 0; i3 < o[3]; ++i3) {
          if (in_padding(params, input_shape, 0, i0) || in_padding(params, input_shape, 1, i1) ||
              in_padding(params, input_shape, 2, i2) || in_padding(params, input_shape, 3, i3)) {
            output[out++] = params->pad_value;
          } else {
            output[out++] =
                input[shape4_offset(input_shape, i0 - params->left[0], i1 - params->left[1],
                                    i2 - params->left[2], i3 - params->left[3])];
          }
        }
      }
    }
  }
}
