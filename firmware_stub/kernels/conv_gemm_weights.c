/* The weight transforms of both GEMM algorithms: done once ahead of time (seed 002: "we can
 * offload the weight transformation, since the weights are known at compile time"), so the
 * firmware runs them outside the measured region and reports their size. */
#include "accsim_kernels/conv_suite.h"
#include "accsim_kernels/tflite_int8.h"

static int filter_k(const ConvParams* p) { return p->k_h * p->k_w * p->in_c; }

size_t conv_gemm_bias_bytes(const ConvParams* p) {
  return (size_t)conv_round_up(p->out_c, CONV_GEMM_NR) * sizeof(int32_t);
}

void conv_gemm_fold_bias(const ConvParams* p, const int8_t* filter, const int32_t* bias,
                         int32_t* folded) {
  const int k = filter_k(p);
  const int n_padded = conv_round_up(p->out_c, CONV_GEMM_NR);
  for (int n = 0; n < n_padded; ++n) {
    if (n >= p->out_c) {
      folded[n] = 0;
      continue;
    }
    /* sum((x + off) * w) = sum(x * w) + off * sum(w); padded taps read the zero point, whose
     * x + off is 0 in the reference, so they may enter both sums. */
    int32_t filter_sum = 0;
    for (int i = 0; i < k; ++i) filter_sum += filter[n * k + i];
    folded[n] = add_wrapping(bias ? bias[n] : 0, p->input_offset * filter_sum);
  }
}

size_t conv_im2col_weight_bytes(const ConvParams* p) {
  return (size_t)conv_round_up(p->out_c, CONV_GEMM_NR) *
         (size_t)conv_round_up(filter_k(p), CONV_GEMM_KB);
}

void conv_im2col_pack_weights(const ConvParams* p, const int8_t* filter, int8_t* packed) {
  const int k = filter_k(p);
  const int k_padded = conv_round_up(k, CONV_GEMM_KB);
  const int n_padded = conv_round_up(p->out_c, CONV_GEMM_NR);
  /* [N/4][K/KB][4][KB]: each 4 x KB block is a transposed KB x 4 block of the [K][N] matrix. */
  for (int nt = 0; nt < n_padded; nt += CONV_GEMM_NR) {
    for (int kb = 0; kb < k_padded; kb += CONV_GEMM_KB) {
      for (int c = 0; c < CONV_GEMM_NR; ++c) {
        const int n = nt + c;
        for (int j = 0; j < CONV_GEMM_KB; ++j) {
          const int kk = kb + j;
          *packed++ = (n < p->out_c && kk < k) ? filter[n * k + kk] : 0;
        }
      }
    }
  }
}

size_t conv_indirect_weight_bytes(const ConvParams* p) {
  return (size_t)conv_round_up(p->out_c, CONV_GEMM_NR) * (size_t)(p->k_h * p->k_w) *
         (size_t)conv_round_up(p->in_c, CONV_GEMM_KB);
}

void conv_indirect_pack_weights(const ConvParams* p, const int8_t* filter, int8_t* packed) {
  const int taps = p->k_h * p->k_w;
  const int k = filter_k(p);
  const int c_padded = conv_round_up(p->in_c, CONV_GEMM_KB);
  const int n_padded = conv_round_up(p->out_c, CONV_GEMM_NR);
  /* [N/4][taps][C/KB][4][KB]: the same 4 x KB blocks, restarting at every tap. */
  for (int nt = 0; nt < n_padded; nt += CONV_GEMM_NR) {
    for (int t = 0; t < taps; ++t) {
      for (int cb = 0; cb < c_padded; cb += CONV_GEMM_KB) {
        for (int c = 0; c < CONV_GEMM_NR; ++c) {
          const int n = nt + c;
          for (int j = 0; j < CONV_GEMM_KB; ++j) {
            const int ic = cb + j;
            *packed++ = (n < p->out_c && ic < p->in_c) ? filter[n * k + t * p->in_c + ic] : 0;
          }
        }
      }
    }
  }
}
