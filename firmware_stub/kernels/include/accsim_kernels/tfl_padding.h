/* TFLite's padding.h: output size and leading padding along one spatial dimension for SAME or
 * VALID padding, with dilation (ComputeOutSize, ComputePaddingWithOffset). */
#ifndef ACCSIM_KERNELS_TFL_PADDING_H
#define ACCSIM_KERNELS_TFL_PADDING_H

#ifdef __cplusplus
extern "C" {
#endif

/* The TFLite schema's Padding, numbered as the schema (and accsim_tflite/schema.h's
 * TFL_PADDING_*). */
typedef enum { TFL_PADDING_KIND_SAME = 0, TFL_PADDING_KIND_VALID = 1 } TflPaddingKind;

/* *out_size and *pad_before (the leading padding; any odd extra pixel of SAME padding goes at
 * the end). Returns -1 for a zero stride or an unknown padding (TFLite's output size 0). */
int tfl_compute_padding(TflPaddingKind padding, int stride, int dilation, int in_size,
                        int filter_size, int* out_size, int* pad_before);

#ifdef __cplusplus
}
#endif

#endif
