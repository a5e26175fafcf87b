/* im2col + GEMM as seed 002 builds it: the input transform (im2col + padding + interleave into
 * 4 x KB blocks) runs on every call into the caller's buffer, then the 4x4-tile GEMM against the
 * weights packed ahead of time, with the output un-interleave fused into requantisation. */
#include <stdint.h>

#include "accsim_kernels/conv_suite.h"
#include "conv_gemm_tile.h"

/* A word type allowed to alias the int8 tensors: the copies move 4 bytes per load/store when
 * source, destination and length allow it, as TFLite's memcpy-based im2col would. */
typedef uint32_t __attribute__((may_alias)) conv_word;

static int filter_k(const ConvParams* p) { return p->k_h * p->k_w * p->in_c; }

size_t conv_im2col_buffer_bytes(const ConvParams* p) {
  return (size_t)conv_round_up(p->out_h * p->out_w, CONV_GEMM_MR) *
         (size_t)conv_round_up(filter_k(p), CONV_GEMM_KB);
}

static void copy_bytes(int8_t* dst, const int8_t* src, int n) {
  if ((((uintptr_t)dst | (uintptr_t)src | (uintptr_t)n) & 3) == 0) {
    conv_word* d = (conv_word*)dst;
    const conv_word* s = (const conv_word*)src;
    for (int i = 0; i < n / 4; ++i) d[i] = s[i];
  } else {
    for (int i = 0; i < n; ++i) dst[i] = src[i];
  }
}

static void fill_bytes(int8_t* dst, int8_t value, int n) {
  if ((((uintptr_t)dst | (uintptr_t)n) & 3) == 0) {
    const uint32_t word = (uint8_t)value * 0x01010101u;
    conv_word* d = (conv_word*)dst;
    for (int i = 0; i < n / 4; ++i) d[i] = word;
  } else {
    for (int i = 0; i < n; ++i) dst[i] = value;
  }
}

/* Appends n values to one interleaved A row at K position k: copied from src, or `value` when
 * src is NULL (padding). Row elements k..k+KB-1 of a block are contiguous; the next block of the
 * same row is 4 * KB bytes on. Returns the new K position. */
static int put_run(int8_t* row, int k, const int8_t* src, int n, int8_t value) {
  int pos = k % CONV_GEMM_KB;
  int8_t* dst = row + (k / CONV_GEMM_KB) * (CONV_GEMM_MR * CONV_GEMM_KB) + pos;
  k += n;
  while (n > 0) {
    const int chunk = CONV_GEMM_KB - pos < n ? CONV_GEMM_KB - pos : n;
    if (src) {
      copy_bytes(dst, src, chunk);
      src += chunk;
    } else {
      fill_bytes(dst, value, chunk);
    }
    n -= chunk;
    dst += chunk + (CONV_GEMM_MR - 1) * CONV_GEMM_KB; /* next block of the row */
    pos = 0;
  }
  return k;
}

/* The input transform. Padding taps hold the input zero point (their x + input_offset is 0, as
 * TFLite's skipped taps); the K padding holds 0 against zero weights; the pixel padding rows are
 * zeroed so the buffer's contents never depend on what was there before. */
void conv_im2col_transform(const ConvParams* p, const int8_t* input, int8_t* buffer) {
  const int k_padded = conv_round_up(filter_k(p), CONV_GEMM_KB);
  const int pixels = p->out_h * p->out_w;
  const int in_c = p->in_c;
  const int8_t zero_point = (int8_t)(-p->input_offset);
  int m = 0;
  for (int y = 0; y < p->out_h; ++y) {
    const int iy0 = y * p->stride_h - p->pad_top;
    for (int x = 0; x < p->out_w; ++x, ++m) {
      int8_t* row =
          buffer + (m / CONV_GEMM_MR) * CONV_GEMM_MR * k_padded + (m % CONV_GEMM_MR) * CONV_GEMM_KB;
      const int ix0 = x * p->stride_w - p->pad_left;
      const int kx_lo = ix0 < 0 ? -ix0 : 0;
      const int kx_hi = p->in_w - ix0 < p->k_w ? p->in_w - ix0 : p->k_w;
      int k = 0;
      for (int ky = 0; ky < p->k_h; ++ky) {
        const int iy = iy0 + ky;
        if (iy < 0 || iy >= p->in_h || kx_lo >= kx_hi) {
          k = put_run(row, k, NULL, p->k_w * in_c, zero_point);
          continue;
        }
        /* In NHWC the in-image taps of one filter row are one contiguous run. */
        if (kx_lo > 0) k = put_run(row, k, NULL, kx_lo * in_c, zero_point);
        k = put_run(row, k, input + (iy * p->in_w + ix0 + kx_lo) * in_c, (kx_hi - kx_lo) * in_c, 0);
        if (kx_hi < p->k_w) k = put_run(row, k, NULL, (p->k_w - kx_hi) * in_c, zero_point);
      }
      put_run(row, k, NULL, k_padded - k, 0);
    }
  }
  for (; m < conv_round_up(pixels, CONV_GEMM_MR); ++m) {
    int8_t* row =
        buffer + (m / CONV_GEMM_MR) * CONV_GEMM_MR * k_padded + (m % CONV_GEMM_MR) * CONV_GEMM_KB;
    put_run(row, 0, NULL, k_padded, 0);
  }
}

void conv_im2col_gemm(const ConvParams* p, const ConvGemmTiling* tiling, const int8_t* buffer,
                      const int8_t* packed_weights, const int32_t* folded_bias, int8_t* output) {
  const int pixels = p->out_h * p->out_w;
  const int m_padded = conv_round_up(pixels, CONV_GEMM_MR);
  const int n_padded = conv_round_up(p->out_c, CONV_GEMM_NR);
  const int k_padded = conv_round_up(filter_k(p), CONV_GEMM_KB);
  const int mc = conv_gemm_block(tiling ? tiling->mc : CONV_GEMM_MR, m_padded);
  const int nc = conv_gemm_block(tiling ? tiling->nc : 0, n_padded);
  for (int n0 = 0; n0 < n_padded; n0 += nc) {
    const int n1 = n0 + nc < n_padded ? n0 + nc : n_padded;
    for (int m0 = 0; m0 < m_padded; m0 += mc) {
      const int m1 = m0 + mc < m_padded ? m0 + mc : m_padded;
      for (int mt = m0; mt < m1; mt += CONV_GEMM_MR) {
        const int8_t* a = buffer + mt * k_padded; /* tile mt/4 of [M/4][K/KB][4][KB] */
        for (int nt = n0; nt < n1; nt += CONV_GEMM_NR) {
          const int8_t* b = packed_weights + nt * k_padded;
          for (int r0 = 0; r0 < CONV_GEMM_MR; r0 += CONV_GEMM_PASS_ROWS) {
            ConvPassAcc acc = {{0}};
            for (int kb = 0; kb < k_padded; kb += CONV_GEMM_KB) {
              const int8_t* ab = a + kb * CONV_GEMM_MR + r0 * CONV_GEMM_KB;
              CONV_GEMM_PASS(&acc, ab, ab + CONV_GEMM_KB, ab + 2 * CONV_GEMM_KB,
                             ab + 3 * CONV_GEMM_KB, b + kb * CONV_GEMM_NR, CONV_GEMM_KB);
            }
            conv_gemm_store_pass(p, &acc, mt + r0, nt, pixels, folded_bias, output);
          }
        }
      }
    }
  }
}

void conv_im2col(const ConvParams* p, const ConvGemmTiling* tiling, const int8_t* input,
                 const int8_t* packed_weights, const int32_t* folded_bias, int8_t* buffer,
                 int8_t* output) {
  conv_im2col_transform(p, input, buffer);
  conv_im2col_gemm(p, tiling, buffer, packed_weights, folded_bias, output);
}
