/* Direct convolution in TFLM's reference loop order (output row, column, channel, then filter
 * row, column, input channel) with its arithmetic: (input + input_offset) * filter per tap,
 * padding taps skipped. The only liberty taken is hoisting the padding test out of the tap loops
 * (the tap range is clipped once per output pixel), which TFLM's optimised kernels also do. No
 * memory beyond the tensors. */
#include "accsim_kernels/conv_suite.h"
#include "conv_gemm_tile.h"

void conv_direct(const ConvParams* p, const int8_t* input, const int8_t* filter,
                 const int32_t* bias, int8_t* output) {
  const int in_c = p->in_c;
  for (int y = 0; y < p->out_h; ++y) {
    const int iy0 = y * p->stride_h - p->pad_top;
    const int ky_lo = iy0 < 0 ? -iy0 : 0;
    const int ky_hi = p->in_h - iy0 < p->k_h ? p->in_h - iy0 : p->k_h;
    for (int x = 0; x < p->out_w; ++x) {
      const int ix0 = x * p->stride_w - p->pad_left;
      const int kx_lo = ix0 < 0 ? -ix0 : 0;
      const int kx_hi = p->in_w - ix0 < p->k_w ? p->in_w - ix0 : p->k_w;
      int8_t* out = output + (y * p->out_w + x) * p->out_c;
      for (int oc = 0; oc < p->out_c; ++oc) {
        int32_t acc = 0;
        for (int ky = ky_lo; ky < ky_hi; ++ky) {
          for (int kx = kx_lo; kx < kx_hi; ++kx) {
            const int8_t* in = input + ((iy0 + ky) * p->in_w + ix0 + kx) * in_c;
            const int8_t* f = filter + ((oc * p->k_h + ky) * p->k_w + kx) * in_c;
            for (int ic = 0; ic < in_c; ++ic) acc += (in[ic] + p->input_offset) * f[ic];
          }
        }
        if (bias) acc = add_wrapping(acc, bias[oc]);
        out[oc] = conv_requantize(p, acc, oc);
      }
    }
  }
}
