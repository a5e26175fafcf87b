#include "conv_suite_layers.h"

#include "accsim_kernels/tflite_int8.h"

/* ResNet-18 with TFLite SAME padding; SqueezeNet 1.0's fire modules at Caffe's 55/27/13 (its
 * 3x3 expands pad 1 = SAME, conv1 is unpadded); MobileNetV2 0.35 at 160x160. */
const ConvSuiteLayer conv_suite_layers[] = {
    {"rn18_conv1_7x7s2", "resnet18", 224, 224, 3, 64, 7, 2, 1},
    {"rn18_l1_3x3_64", "resnet18", 56, 56, 64, 64, 3, 1, 1},
    {"rn18_l2_3x3s2_64_128", "resnet18", 56, 56, 64, 128, 3, 2, 1},
    {"rn18_l2_3x3_128", "resnet18", 28, 28, 128, 128, 3, 1, 1},
    {"rn18_l2_1x1s2_64_128", "resnet18", 56, 56, 64, 128, 1, 2, 1},
    {"rn18_l3_3x3s2_128_256", "resnet18", 28, 28, 128, 256, 3, 2, 1},
    {"rn18_l3_3x3_256", "resnet18", 14, 14, 256, 256, 3, 1, 1},
    {"rn18_l3_1x1s2_128_256", "resnet18", 28, 28, 128, 256, 1, 2, 1},
    {"rn18_l4_3x3s2_256_512", "resnet18", 14, 14, 256, 512, 3, 2, 1},
    {"rn18_l4_3x3_512", "resnet18", 7, 7, 512, 512, 3, 1, 1},
    {"rn18_l4_1x1s2_256_512", "resnet18", 14, 14, 256, 512, 1, 2, 1},
    {"sq10_conv1_7x7s2", "squeezenet10", 224, 224, 3, 96, 7, 2, 0},
    {"sq10_fire2_squeeze", "squeezenet10", 55, 55, 96, 16, 1, 1, 1},
    {"sq10_fire2_expand1x1", "squeezenet10", 55, 55, 16, 64, 1, 1, 1},
    {"sq10_fire2_expand3x3", "squeezenet10", 55, 55, 16, 64, 3, 1, 1},
    {"sq10_fire3_squeeze", "squeezenet10", 55, 55, 128, 16, 1, 1, 1},
    {"sq10_fire4_squeeze", "squeezenet10", 55, 55, 128, 32, 1, 1, 1},
    {"sq10_fire4_expand1x1", "squeezenet10", 55, 55, 32, 128, 1, 1, 1},
    {"sq10_fire4_expand3x3", "squeezenet10", 55, 55, 32, 128, 3, 1, 1},
    {"sq10_fire5_squeeze", "squeezenet10", 27, 27, 256, 32, 1, 1, 1},
    {"sq10_fire5_expand1x1", "squeezenet10", 27, 27, 32, 128, 1, 1, 1},
    {"sq10_fire5_expand3x3", "squeezenet10", 27, 27, 32, 128, 3, 1, 1},
    {"sq10_fire6_squeeze", "squeezenet10", 27, 27, 256, 48, 1, 1, 1},
    {"sq10_fire6_expand1x1", "squeezenet10", 27, 27, 48, 192, 1, 1, 1},
    {"sq10_fire6_expand3x3", "squeezenet10", 27, 27, 48, 192, 3, 1, 1},
    {"sq10_fire7_squeeze", "squeezenet10", 27, 27, 384, 48, 1, 1, 1},
    {"sq10_fire8_squeeze", "squeezenet10", 27, 27, 384, 64, 1, 1, 1},
    {"sq10_fire8_expand1x1", "squeezenet10", 27, 27, 64, 256, 1, 1, 1},
    {"sq10_fire8_expand3x3", "squeezenet10", 27, 27, 64, 256, 3, 1, 1},
    {"sq10_fire9_squeeze", "squeezenet10", 13, 13, 512, 64, 1, 1, 1},
    {"sq10_fire9_expand1x1", "squeezenet10", 13, 13, 64, 256, 1, 1, 1},
    {"sq10_fire9_expand3x3", "squeezenet10", 13, 13, 64, 256, 3, 1, 1},
    {"sq10_conv10", "squeezenet10", 13, 13, 512, 1000, 1, 1, 1},
    {"mnv2_00_3x3s2", "mnv2_035", 160, 160, 3, 16, 3, 2, 1},
    {"mnv2_1x1_80_16_8", "mnv2_035", 80, 80, 16, 8, 1, 1, 1},
    {"mnv2_1x1_80_8_48", "mnv2_035", 80, 80, 8, 48, 1, 1, 1},
    {"mnv2_1x1_40_48_8", "mnv2_035", 40, 40, 48, 8, 1, 1, 1},
    {"mnv2_1x1_40_8_48", "mnv2_035", 40, 40, 8, 48, 1, 1, 1},
    {"mnv2_1x1_20_48_16", "mnv2_035", 20, 20, 48, 16, 1, 1, 1},
    {"mnv2_1x1_20_16_96", "mnv2_035", 20, 20, 16, 96, 1, 1, 1},
    {"mnv2_1x1_20_96_16", "mnv2_035", 20, 20, 96, 16, 1, 1, 1},
    {"mnv2_1x1_10_96_24", "mnv2_035", 10, 10, 96, 24, 1, 1, 1},
    {"mnv2_1x1_10_24_144", "mnv2_035", 10, 10, 24, 144, 1, 1, 1},
    {"mnv2_1x1_10_144_24", "mnv2_035", 10, 10, 144, 24, 1, 1, 1},
    {"mnv2_1x1_10_144_32", "mnv2_035", 10, 10, 144, 32, 1, 1, 1},
    {"mnv2_1x1_10_32_192", "mnv2_035", 10, 10, 32, 192, 1, 1, 1},
    {"mnv2_1x1_10_192_32", "mnv2_035", 10, 10, 192, 32, 1, 1, 1},
    {"mnv2_1x1_5_192_56", "mnv2_035", 5, 5, 192, 56, 1, 1, 1},
    {"mnv2_1x1_5_56_336", "mnv2_035", 5, 5, 56, 336, 1, 1, 1},
    {"mnv2_1x1_5_336_56", "mnv2_035", 5, 5, 336, 56, 1, 1, 1},
    {"mnv2_1x1_5_336_112", "mnv2_035", 5, 5, 336, 112, 1, 1, 1},
    {"mnv2_1x1_5_112_1280", "mnv2_035", 5, 5, 112, 1280, 1, 1, 1},
    /* Small shapes for the firmware tests: odd channel counts, both paddings, both strides. */
    {"test_3x3s1_same", "test", 9, 7, 5, 7, 3, 1, 1},
    {"test_3x3s2_valid", "test", 10, 11, 6, 9, 3, 2, 0},
    {"test_1x1s1", "test", 6, 5, 17, 5, 1, 1, 1},
    {"test_1x1s2", "test", 7, 7, 8, 6, 1, 2, 1},
    {"test_7x7s2_same", "test", 13, 12, 3, 10, 7, 2, 1},
    {"test_5x5s1_valid", "test", 8, 9, 33, 3, 5, 1, 0},
};
const int conv_suite_num_layers = (int)(sizeof(conv_suite_layers) / sizeof(conv_suite_layers[0]));

void conv_suite_geometry(const ConvSuiteLayer* l, int32_t budget_kmacs, ConvParams* p,
                         int* full_out_h, int* full_out_w) {
  p->k_h = p->k_w = l->k;
  p->stride_h = p->stride_w = l->stride;
  p->in_c = l->in_c;
  p->out_c = l->out_c;
  p->in_w = l->in_w;
  tflite_output_size(l->in_h, l->k, l->stride, l->same, full_out_h, &p->pad_top);
  tflite_output_size(l->in_w, l->k, l->stride, l->same, full_out_w, &p->pad_left);
  p->out_h = *full_out_h;
  p->out_w = *full_out_w;
  p->in_h = l->in_h;
  if (budget_kmacs <= 0) return;
  const int64_t macs_per_pixel = (int64_t)l->k * l->k * l->in_c * l->out_c;
  int64_t pixels = ((int64_t)budget_kmacs * 1000 + macs_per_pixel - 1) / macs_per_pixel;
  pixels = (pixels + 3) / 4 * 4;
  if (pixels < 8) pixels = 8;
  if (pixels < (int64_t)p->out_w) p->out_w = (int)pixels;
  const int64_t rows = (pixels + p->out_w - 1) / p->out_w;
  if (rows < p->out_h) p->out_h = (int)rows;
  const int rows_read = (p->out_h - 1) * p->stride_h + p->k_h - p->pad_top;
  if (rows_read < p->in_h) p->in_h = rows_read;
}
