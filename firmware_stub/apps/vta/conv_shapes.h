/* vta_conv2d's shape table: MobileNetV2 0.35's 34 1x1 convolutions and its first 3x3
 * convolution (workloads.md), then 3x3 (and other) convolutions chosen to cover strides 1/2,
 * SAME/VALID, odd channel counts and the driver's tiling over rows, output-channel blocks and
 * input-channel blocks. */
#ifndef ACCSIM_APPS_VTA_CONV_SHAPES_H
#define ACCSIM_APPS_VTA_CONV_SHAPES_H

#include <stdint.h>

typedef struct {
  const char* name; /* also the region name */
  int in_h, in_w, in_c, out_c, k, stride, same;
  int32_t input_offset, output_offset, act_min, act_max;
} ConvShape;

extern const ConvShape conv_shapes[];
extern const int conv_num_shapes;
#define CONV_NUM_MNV2_1X1 34

#endif
