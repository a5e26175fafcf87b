/* The convolution shapes of the algorithm comparison: every distinct convolution of ResNet-18 and
 * SqueezeNet 1.0 (seed 003's benchmark set), MobileNetV2 0.35's full 3x3 convolution and its
 * distinct 1x1 shapes (docs/reference/workloads.md), and small test shapes for the firmware tests.
 */
#ifndef CONV_SUITE_LAYERS_H
#define CONV_SUITE_LAYERS_H

#include <stdint.h>

#include "accsim_kernels/conv.h"

typedef struct {
  const char* name; /* also the CSV's layer column */
  const char* net;  /* resnet18, squeezenet10, mnv2_035, test */
  int in_h, in_w, in_c, out_c, k, stride, same;
} ConvSuiteLayer;

extern const ConvSuiteLayer conv_suite_layers[];
extern const int conv_suite_num_layers;

/* Geometry of a run: the full layer's output size and padding, and the output window actually
 * computed. With budget_kmacs > 0 the window is the top-left corner of the full output, all
 * channels, the full input width (so row pitches and cache conflicts stay the full layer's):
 * at least 8 pixels (two 4-pixel tiles) and enough for budget_kmacs thousand MACs, filled row by
 * row; budget_kmacs == 0 is the full layer. The input is cropped to the rows the window reads.
 * Sets every geometry field of *p (in/out sizes, kernel, stride, padding). */
void conv_suite_geometry(const ConvSuiteLayer* l, int32_t budget_kmacs, ConvParams* p,
                         int* full_out_h, int* full_out_w);

#endif
