/* The pieces the im2col and indirect GEMMs share, so the comparison is between their data
 * movement and not between two differently tuned inner loops: seed 002's 4x4 int32 output-tile
 * micro-kernel (in register passes) and the fused un-interleave + requantise store. Static inline:
 * each driver's tile loop compiles into one function with the 16 accumulators in registers. Private
 * to the kernels. */
#ifndef ACCSIM_KERNELS_CONV_GEMM_TILE_H
#define ACCSIM_KERNELS_CONV_GEMM_TILE_H

#include <stdint.h>

#include "accsim_kernels/conv.h"
#include "accsim_kernels/conv_suite.h"
#include "accsim_kernels/tflite_int8.h"

/* A 4x4 tile is computed in register passes of CONV_GEMM_PASS_ROWS output pixels x 4 channels,
 * each over the whole K, with its accumulators in registers throughout. RV32 has 28 allocatable
 * registers: one 4x4 pass (16 accumulators, 4 weights, an input, a product, the pointers) does
 * not fit once the indirect kernel's four row pointers join, and every spill costs a
 * write-through store (main_ram latency) per iteration. Two 2x4 passes (seed 002 splits its
 * NEON tile in halves for the same reason) read the weights twice but never spill. 4 selects the
 * single pass, for comparison. */
#ifndef CONV_GEMM_PASS_ROWS
#define CONV_GEMM_PASS_ROWS 2
#endif
#if CONV_GEMM_PASS_ROWS != 2 && CONV_GEMM_PASS_ROWS != 4
#error "CONV_GEMM_PASS_ROWS must be 2 or 4"
#endif

typedef struct {
  int32_t c[CONV_GEMM_PASS_ROWS * CONV_GEMM_NR]; /* row r = output pixel, column = channel */
} ConvPassAcc;

/* acc += A[rows x kc] * B[4 x kc]^T. Row r of A starts at a_r (kc contiguous int8); B is one
 * [4][KB] block (column c's kc values at b + c * KB). No SIMD on this core: int8 loads and 32-bit
 * multiply-adds. */
static inline void conv_gemm_kernel_2x4(ConvPassAcc* acc, const int8_t* a0, const int8_t* a1,
                                        const int8_t* b, int kc) {
  int32_t c00 = acc->c[0], c01 = acc->c[1], c02 = acc->c[2], c03 = acc->c[3];
  int32_t c10 = acc->c[4], c11 = acc->c[5], c12 = acc->c[6], c13 = acc->c[7];
  for (int k = 0; k < kc; ++k) {
    const int32_t w0 = b[k], w1 = b[CONV_GEMM_KB + k];
    const int32_t w2 = b[2 * CONV_GEMM_KB + k], w3 = b[3 * CONV_GEMM_KB + k];
    const int32_t x0 = a0[k], x1 = a1[k];
    c00 += x0 * w0, c01 += x0 * w1, c02 += x0 * w2, c03 += x0 * w3;
    c10 += x1 * w0, c11 += x1 * w1, c12 += x1 * w2, c13 += x1 * w3;
  }
  acc->c[0] = c00, acc->c[1] = c01, acc->c[2] = c02, acc->c[3] = c03;
  acc->c[4] = c10, acc->c[5] = c11, acc->c[6] = c12, acc->c[7] = c13;
}

#if CONV_GEMM_PASS_ROWS == 4
static inline void conv_gemm_kernel_4x4(ConvPassAcc* acc, const int8_t* a0, const int8_t* a1,
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
/* The pass over rows a0..a3 (a macro, so the 2-row pass never evaluates a2 and a3). */
#define CONV_GEMM_PASS(acc, a0, a1, a2, a3, b, kc) conv_gemm_kernel_4x4(acc, a0, a1, a2, a3, b, kc)
#else
#define CONV_GEMM_PASS(acc, a0, a1, a2, a3, b, kc) conv_gemm_kernel_2x4(acc, a0, a1, b, kc)
#endif

/* TFLite's MultiplyByQuantizedMultiplier (tflite_int8.c, which conv_ref.c uses), inlined: on a
 * 4 KiB direct-mapped I$ a call from the tile loop to a function 4 KiB away evicts the loop on
 * every output. Same operations, checked bit-exact against conv_ref.c by the tests. */
static inline int32_t conv_mbqm(int32_t x, int32_t multiplier, int shift) {
  const int left = shift > 0 ? shift : 0;
  const int right = shift > 0 ? 0 : -shift;
  const int32_t a = (int32_t)((uint32_t)x << left);
  int32_t high;
  if (a == INT32_MIN && multiplier == INT32_MIN) {
    high = INT32_MAX;
  } else {
    const int64_t product = (int64_t)a * (int64_t)multiplier;
    const int64_t nudge = product >= 0 ? (1ll << 30) : (1 - (1ll << 30));
    high = (int32_t)((product + nudge) / (1ll << 31));
  }
  const int32_t mask = (int32_t)((1ll << right) - 1);
  const int32_t remainder = high & mask;
  const int32_t threshold = (mask >> 1) + (high < 0 ? 1 : 0);
  return (high >> right) + (remainder > threshold ? 1 : 0);
}

/* TFLite's per-channel output stage for one accumulator (bias already added or folded in). */
static inline int8_t conv_requantize(const ConvParams* p, int32_t acc, int channel) {
  acc = conv_mbqm(acc, p->output_multiplier[channel], p->output_shift[channel]);
  acc = add_wrapping(acc, p->output_offset);
  if (acc < p->act_min) acc = p->act_min;
  if (acc > p->act_max) acc = p->act_max;
  return (int8_t)acc;
}

/* Seed 002's output transform fused with requantisation: one pass's rows (output pixels m0..)
 * at channel n0 go straight to their NHWC place; rows past the last pixel and columns past the
 * last channel (the tile padding) are dropped. Forced inline and unrolled so the accumulators
 * go from registers to the requantisation: spilling them first would cost a write-through
 * store each. */
static inline __attribute__((always_inline)) void conv_gemm_store_pass(const ConvParams* p,
                                                                       const ConvPassAcc* acc,
                                                                       int m0, int n0, int pixels,
                                                                       const int32_t* folded_bias,
                                                                       int8_t* output) {
  const int rows = pixels - m0;
  const int cols = p->out_c - n0;
#pragma GCC unroll 4
  for (int r = 0; r < CONV_GEMM_PASS_ROWS; ++r) {
    int8_t* out = output + (m0 + r) * p->out_c + n0;
#pragma GCC unroll 4
    for (int c = 0; c < CONV_GEMM_NR; ++c) {
      if (r < rows && c < cols) {
        const int32_t v = add_wrapping(acc->c[r * CONV_GEMM_NR + c], folded_bias[n0 + c]);
        out[c] = conv_requantize(p, v, n0 + c);
      }
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
