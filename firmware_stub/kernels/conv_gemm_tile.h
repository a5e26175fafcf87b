/* The pieces the im2col and indirect GEMMs share, so the comparison is between their data
 * movement and not between two differently tuned inner loops: seed 002's 4x4 int32 output-tile
 * micro-kernel and the fused un-interleave + requantise store. Static inline: each driver's tile
 * loop compiles into one function with the 16 accumulators in registers. Private to the
 * kernels. */
#ifndef ACCSIM_KERNELS_CONV_GEMM_TILE_H
#define ACCSIM_KERNELS_CONV_GEMM_TILE_H

#include <stdint.h>

#include "accsim_kernels/conv.h"
#include "accsim_kernels/conv_suite.h"
#include "accsim_kernels/tflite_int8.h"

/* One 4x4 output tile's accumulators, row r = output pixel, column c = output channel. */
typedef struct {
  int32_t c[CONV_GEMM_MR * CONV_GEMM_NR];
} ConvTileAcc;

/* acc += A[4 x kc] * B[4 x kc]^T. Row r of A starts at a_r (kc contiguous int8); B is one
 * [4][KB] block (column c's kc values at b + c * KB). No SIMD on this core: int8 loads and 32-bit
 * multiply-adds, 8 loads per 16 MACs. Each A value is consumed as soon as it is loaded so the 16
 * accumulators, 4 weights and the pointers fit RV32's registers. */
static inline void conv_gemm_micro_kernel(ConvTileAcc* acc, const int8_t* a0, const int8_t* a1,
                                          const int8_t* a2, const int8_t* a3, const int8_t* b,
                                          int kc) {
  int32_t c00 = acc->c[0], c01 = acc->c[1], c02 = acc->c[2], c03 = acc->c[3];
  int32_t c10 = acc->c[4], c11 = acc->c[5], c12 = acc->c[6], c13 = acc->c[7];
  int32_t c20 = acc->c[8], c21 = acc->c[9], c22 = acc->c[10], c23 = acc->c[11];
  int32_t c30 = acc->c[12], c31 = acc->c[13], c32 = acc->c[14], c33 = acc->c[15];
  for (int k = 0; k < kc; ++k) {
    const int32_t w0 = b[k], w1 = b[CONV_GEMM_KB + k];
    const int32_t w2 = b[2 * CONV_GEMM_KB + k], w3 = b[3 * CONV_GEMM_KB + k];
    int32_t x = a0[k];
    c00 += x * w0, c01 += x * w1, c02 += x * w2, c03 += x * w3;
    x = a1[k];
    c10 += x * w0, c11 += x * w1, c12 += x * w2, c13 += x * w3;
    x = a2[k];
    c20 += x * w0, c21 += x * w1, c22 += x * w2, c23 += x * w3;
    x = a3[k];
    c30 += x * w0, c31 += x * w1, c32 += x * w2, c33 += x * w3;
  }
  acc->c[0] = c00, acc->c[1] = c01, acc->c[2] = c02, acc->c[3] = c03;
  acc->c[4] = c10, acc->c[5] = c11, acc->c[6] = c12, acc->c[7] = c13;
  acc->c[8] = c20, acc->c[9] = c21, acc->c[10] = c22, acc->c[11] = c23;
  acc->c[12] = c30, acc->c[13] = c31, acc->c[14] = c32, acc->c[15] = c33;
}

/* TFLite's per-channel output stage for one accumulator (bias already added or folded in). */
static inline int8_t conv_requantize(const ConvParams* p, int32_t acc, int channel) {
  acc = multiply_by_quantized_multiplier(acc, p->output_multiplier[channel],
                                         p->output_shift[channel]);
  acc = add_wrapping(acc, p->output_offset);
  if (acc < p->act_min) acc = p->act_min;
  if (acc > p->act_max) acc = p->act_max;
  return (int8_t)acc;
}

/* Seed 002's output transform fused with requantisation: the tile at output pixel m0, channel
 * n0 goes straight to its NHWC place; rows past the last pixel and columns past the last channel
 * (the tile padding) are dropped. */
static inline void conv_gemm_store_tile(const ConvParams* p, const ConvTileAcc* acc, int m0, int n0,
                                        int pixels, const int32_t* folded_bias, int8_t* output) {
  const int rows = pixels - m0 < CONV_GEMM_MR ? pixels - m0 : CONV_GEMM_MR;
  const int cols = p->out_c - n0 < CONV_GEMM_NR ? p->out_c - n0 : CONV_GEMM_NR;
  for (int r = 0; r < rows; ++r) {
    int8_t* out = output + (m0 + r) * p->out_c + n0;
    for (int c = 0; c < cols; ++c) {
      const int32_t v = add_wrapping(acc->c[r * CONV_GEMM_NR + c], folded_bias[n0 + c]);
      out[c] = conv_requantize(p, v, n0 + c);
    }
  }
}

/* The tile loops both GEMMs run: blocks of mc pixels x nc channels; inside a block, for each
 * 4-pixel group the A side is set up once and every 4-channel weight panel runs against it. */
static inline int conv_gemm_block(int requested, int padded) {
  const int b = requested > 0 ? conv_round_up(requested, 4) : padded;
  return b < padded ? b : padded;
}

#endif
