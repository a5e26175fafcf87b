/* int8 per-channel Conv2D, TFLM reference loop order (NHWC input, OHWI filter). */
#ifndef ACCSIM_KERNELS_CONV_H
#define ACCSIM_KERNELS_CONV_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int in_h, in_w, in_c;
  int out_h, out_w, out_c;
  int k_h, k_w;
  int stride_h, stride_w;
  int pad_top, pad_left; /* from conv_same_padding() or 0 for VALID */
  int32_t input_offset;  /* -input_zero_point */
  int32_t output_offset; /* output zero point */
  int32_t act_min, act_max;
  const int32_t* output_multiplier; /* per output channel */
  const int32_t* output_shift;      /* per output channel */
} ConvParams;

/* Fills out_h/out_w and the padding for SAME (same = 1) or VALID (same = 0), as TFLite. */
void conv_set_geometry(ConvParams* p, int same);

/* sum over the taps inside the input of (input + input_offset) * filter for output (y, x, oc),
 * without bias: the accumulator of the reference below (and of raw checks of accelerators). */
int32_t conv2d_int8_accumulator(const ConvParams* p, const int8_t* input, const int8_t* filter,
                                int y, int x, int oc);
void conv2d_int8_reference(const ConvParams* p, const int8_t* input, const int8_t* filter,
                           const int32_t* bias, int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
