/* Indirect GEMM as seed 003 builds it: an indirection buffer of pointers to input rows (C
 * channels of one pixel), a zero row holding the input zero point for the padding, and the
 * 4x4-tile micro-kernel reading A through the pointers: one extra loop over the filter taps, no
 * im2col copy. A 1x1 stride-1 unpadded convolution needs no indirection: its A rows are the input
 * pixels themselves (plain GEMM). */
#include <stdint.h>

#include "accsim_kernels/conv_suite.h"
#include "conv_gemm_tile.h"

int conv_indirect_is_plain_gemm(const ConvParams* p) {
  return p->k_h == 1 && p->k_w == 1 && p->stride_h == 1 && p->stride_w == 1 && p->pad_top == 0 &&
         p->pad_left == 0;
}

size_t conv_indirect_buffer_bytes(const ConvParams* p) {
  if (conv_indirect_is_plain_gemm(p)) return 0;
  return (size_t)conv_round_up(p->out_h * p->out_w, CONV_GEMM_MR) * (size_t)(p->k_h * p->k_w) *
         sizeof(const int8_t*);
}

size_t conv_indirect_zero_row_bytes(const ConvParams* p) {
  return conv_indirect_is_plain_gemm(p) ? 0 : (size_t)conv_round_up(p->in_c, 4);
}

void conv_indirect_init(const ConvParams* p, const int8_t* input, int8_t* zero_row,
                        const int8_t** indirection) {
  if (conv_indirect_is_plain_gemm(p)) return;
  const int8_t zero_point = (int8_t)(-p->input_offset);
  for (int c = 0; c < conv_round_up(p->in_c, 4); ++c) zero_row[c] = zero_point;
  const int taps = p->k_h * p->k_w;
  const int pixels = p->out_h * p->out_w;
  /* [M/4][taps][4]: the 4 pointers a tile needs for one tap are adjacent. Padding pixels of the
   * last tile read the zero row. */
  for (int m = 0; m < conv_round_up(pixels, CONV_GEMM_MR); ++m) {
    const int y = m / p->out_w, x = m % p->out_w;
    const int8_t** group =
        indirection + (m / CONV_GEMM_MR) * taps * CONV_GEMM_MR + m % CONV_GEMM_MR;
    for (int ky = 0; ky < p->k_h; ++ky) {
      const int iy = y * p->stride_h - p->pad_top + ky;
      for (int kx = 0; kx < p->k_w; ++kx) {
        const int ix = x * p->stride_w - p->pad_left + kx;
        const int inside = m < pixels && iy >= 0 && iy < p->in_h && ix >= 0 && ix < p->in_w;
        group[(ky * p->k_w + kx) * CONV_GEMM_MR] =
            inside ? input + (iy * p->in_w + ix) * p->in_c : zero_row;
      }
    }
  }
}

/* One register pass of a tile (rows point at its first pass row's pointer for tap 0): per tap,
 * the row pointers, then the tap's C channels in KB blocks (the last one short when C is not a
 * multiple of KB). */
static inline void indirect_pass(ConvPassAcc* acc, const int8_t* const* rows, int taps, int in_c,
                                 const int8_t* b) {
  const int c_padded = conv_round_up(in_c, CONV_GEMM_KB);
  for (int t = 0; t < taps; ++t, rows += CONV_GEMM_MR, b += CONV_GEMM_NR * c_padded) {
    for (int cb = 0; cb < in_c; cb += CONV_GEMM_KB) {
      const int kc = in_c - cb < CONV_GEMM_KB ? in_c - cb : CONV_GEMM_KB;
      CONV_GEMM_PASS(acc, rows[0] + cb, rows[1] + cb, rows[2] + cb, rows[3] + cb,
                     b + cb * CONV_GEMM_NR, kc);
    }
  }
}

void conv_indirect(const ConvParams* p, const ConvGemmTiling* tiling, const int8_t* input,
                   const int8_t* const* indirection, const int8_t* packed_weights,
                   const int32_t* folded_bias, int8_t* output) {
  const int plain = conv_indirect_is_plain_gemm(p);
  const int taps = p->k_h * p->k_w;
  const int pixels = p->out_h * p->out_w;
  const int m_padded = conv_round_up(pixels, CONV_GEMM_MR);
  const int n_padded = conv_round_up(p->out_c, CONV_GEMM_NR);
  const int panel = taps * conv_round_up(p->in_c, CONV_GEMM_KB) * CONV_GEMM_NR;
  const int mc = conv_gemm_block(tiling ? tiling->mc : CONV_GEMM_MR, m_padded);
  const int nc = conv_gemm_block(tiling ? tiling->nc : 0, n_padded);
  for (int n0 = 0; n0 < n_padded; n0 += nc) {
    const int n1 = n0 + nc < n_padded ? n0 + nc : n_padded;
    for (int m0 = 0; m0 < m_padded; m0 += mc) {
      const int m1 = m0 + mc < m_padded ? m0 + mc : m_padded;
      for (int mt = m0; mt < m1; mt += CONV_GEMM_MR) {
        const int8_t* plain_rows[CONV_GEMM_MR];
        const int8_t* const* rows = plain_rows;
        if (!plain) {
          rows = indirection + mt * taps;
        } else {
          /* The pixel's own input row; the tile padding re-reads the first pixel. A window of
           * whole input rows (or a single row) is one contiguous matrix: no division. */
          const int contiguous = p->out_w == p->in_w || p->out_h == 1;
          for (int r = 0; r < CONV_GEMM_MR; ++r) {
            const int m = mt + r < pixels ? mt + r : 0;
            const int pixel = contiguous ? m : (m / p->out_w) * p->in_w + m % p->out_w;
            plain_rows[r] = input + pixel * p->in_c;
          }
        }
        for (int nt = n0; nt < n1; nt += CONV_GEMM_NR) {
          for (int r0 = 0; r0 < CONV_GEMM_MR; r0 += CONV_GEMM_PASS_ROWS) {
            ConvPassAcc acc = {{0}};
            indirect_pass(&acc, rows + r0, taps, p->in_c,
                          packed_weights + (nt / CONV_GEMM_NR) * panel);
            conv_gemm_store_pass(p, &acc, mt + r0, nt, pixels, folded_bias, output);
          }
        }
      }
    }
  }
}
