/* Three CPU algorithms for the same int8 per-channel Conv2D (NHWC input, OHWI filter, the
 * arithmetic of conv_ref.c, bit-exact to it):
 *   direct   - TFLM's reference loop order, no extra memory;
 *   im2col   - seed 002: the input copied into an interleaved [M/4][K/KB][4][KB] matrix (im2col +
 *              padding + interleave), weights packed ahead of time into [N/4][K/KB][4][KB], a 4x4
 *              int32 tile GEMM, requantisation fused into the un-interleaving store;
 *   indirect - seed 003: an indirection buffer of input-row pointers (a zero-point row for the
 *              padding) read by the same 4x4 micro-kernel, no input copy; a 1x1 stride-1
 *              convolution skips the buffer and reads the input rows as a plain GEMM.
 * All take a ConvParams whose geometry the caller may set by hand (any out_h/out_w/pad_top/
 * pad_left: a cropped output window is the top-left part of the full layer; taps outside
 * [0, in_h) x [0, in_w) are padding). Dilation 1, batch 1. */
#ifndef ACCSIM_KERNELS_CONV_SUITE_H
#define ACCSIM_KERNELS_CONV_SUITE_H

#include <stddef.h>
#include <stdint.h>

#include "accsim_kernels/conv.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The micro-kernel's register tile is 4 output pixels x 4 output channels (seed 002's shape,
 * fixed by the written-out 16 accumulators); the K block of the packed layouts is a build-time
 * choice (seed 002: 16). */
#define CONV_GEMM_MR 4
#define CONV_GEMM_NR 4
#ifndef CONV_GEMM_KB
#define CONV_GEMM_KB 16
#endif

/* Cache blocking of the tile loops, chosen at run time: output pixels (mc) by output channels
 * (nc) per block, each rounded up to a multiple of 4; 0 means all. Inside a block the tiles run
 * channel-panel by channel-panel for each group of 4 pixels, so the default {4, 0} keeps one
 * 4-pixel A tile hot while every weight panel streams past it. */
typedef struct {
  int mc, nc;
} ConvGemmTiling;

static inline int conv_round_up(int value, int multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

/* ---- direct ---- */
void conv_direct(const ConvParams* p, const int8_t* input, const int8_t* filter,
                 const int32_t* bias, int8_t* output);

/* ---- weights, done once ahead of time for both GEMM algorithms ---- */
/* Per output channel, bias + input_offset * sum(filter): the input offset folded out of the
 * inner loop, so the GEMMs multiply raw int8 inputs (exact in int32, as the padding taps hold
 * the zero point and cancel). conv_round_up(out_c, 4) entries; bias may be NULL. */
size_t conv_gemm_bias_bytes(const ConvParams* p);
void conv_gemm_fold_bias(const ConvParams* p, const int8_t* filter, const int32_t* bias,
                         int32_t* folded);

/* ---- im2col + GEMM (seed 002) ---- */
/* K = k_h * k_w * in_c flattened in (ky, kx, c) order and padded to KB; M = out_h * out_w
 * padded to 4; N = out_c padded to 4. */
size_t conv_im2col_weight_bytes(const ConvParams* p);
size_t conv_im2col_buffer_bytes(const ConvParams* p);
/* Flatten + pad + interleave + block-transpose to [N/4][K/KB][4][KB]. */
void conv_im2col_pack_weights(const ConvParams* p, const int8_t* filter, int8_t* packed);
/* Input transform into `buffer` (conv_im2col_buffer_bytes), then the GEMM and fused output. */
void conv_im2col(const ConvParams* p, const ConvGemmTiling* tiling, const int8_t* input,
                 const int8_t* packed_weights, const int32_t* folded_bias, int8_t* buffer,
                 int8_t* output);
/* The two halves of conv_im2col, for timing them apart. */
void conv_im2col_transform(const ConvParams* p, const int8_t* input, int8_t* buffer);
void conv_im2col_gemm(const ConvParams* p, const ConvGemmTiling* tiling, const int8_t* buffer,
                      const int8_t* packed_weights, const int32_t* folded_bias, int8_t* output);

/* ---- indirect GEMM (seed 003) ---- */
/* Weights as [N/4][k_h*k_w][ceil(C/KB)][4][KB]: the K blocks restart at every tap because the
 * indirect kernel walks one input row (C bytes) per tap. */
size_t conv_indirect_weight_bytes(const ConvParams* p);
/* 1 when the convolution is 1x1, stride 1, unpadded: no indirection buffer, plain GEMM. */
int conv_indirect_is_plain_gemm(const ConvParams* p);
/* Pointers, [M/4][k_h*k_w][4] (0 for the plain-GEMM case), and the zero row (C bytes rounded to
 * 4, 0 for the plain-GEMM case). */
size_t conv_indirect_buffer_bytes(const ConvParams* p);
size_t conv_indirect_zero_row_bytes(const ConvParams* p);
void conv_indirect_pack_weights(const ConvParams* p, const int8_t* filter, int8_t* packed);
/* Fills the zero row with the input zero point and the indirection buffer with the input rows
 * each output pixel's taps read. Depends only on the shapes and the input's address, so it is
 * set up once per model, like the packed weights. */
void conv_indirect_init(const ConvParams* p, const int8_t* input, int8_t* zero_row,
                        const int8_t** indirection);
void conv_indirect(const ConvParams* p, const ConvGemmTiling* tiling, const int8_t* input,
                   const int8_t* const* indirection, const int8_t* packed_weights,
                   const int32_t* folded_bias, int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
