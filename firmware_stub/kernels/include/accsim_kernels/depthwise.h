/* int8 per-channel DepthwiseConv2D (NHWC input, filter [1, KH, KW, IC * depth_multiplier]).
 * Two loop orders with bit-identical results: TFLM's reference order and seed 000's
 * channel-innermost order with a K-entry int32 accumulator block. */
#ifndef ACCSIM_KERNELS_DEPTHWISE_H
#define ACCSIM_KERNELS_DEPTHWISE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Seed 000's K: 32 int32 accumulators = 128 bytes = 4 lines of a 4 KiB, 32 B-line D-cache,
 * and one 32 B line of int8 input per tap. */
#define DEPTHWISE_DEFAULT_K 32

typedef struct {
  int in_h, in_w, in_c;
  int depth_multiplier; /* out_c = in_c * depth_multiplier; oc = ic * depth_multiplier + m */
  int out_h, out_w;
  int k_h, k_w;
  int stride_h, stride_w;
  int pad_top, pad_left; /* from depthwise_set_geometry() */
  int32_t input_offset;  /* -input_zero_point */
  int32_t output_offset; /* output zero point */
  int32_t act_min, act_max;
  const int32_t* output_multiplier; /* per output channel */
  const int32_t* output_shift;      /* per output channel */
} DepthwiseParams;

/* Fills out_h/out_w and the padding for SAME (same = 1) or VALID (same = 0), as TFLite. */
void depthwise_set_geometry(DepthwiseParams* p, int same);

/* TFLM reference loop order: (out_y, out_x, in_channel, multiplier, filter_y, filter_x).
 * bias may be NULL. */
void depthwise_int8_reference(const DepthwiseParams* p, const int8_t* input, const int8_t* filter,
                              const int32_t* bias, int8_t* output);

/* Seed 000's order: per output pixel and multiplier, channels in chunks of k, each chunk
 * accumulated over all in-image taps in acc_buffer (k int32 entries, owned by the caller so
 * the kernel never allocates), then requantized. Any k >= 1 and any in_c work. */
void depthwise_int8_optimized(const DepthwiseParams* p, const int8_t* input, const int8_t* filter,
                              const int32_t* bias, int8_t* output, int32_t* acc_buffer, int k);

#ifdef __cplusplus
}
#endif

#endif
