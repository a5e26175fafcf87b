#include "accsim_kernels/depthwise.h"

#include "accsim_kernels/tflite_int8.h"

void depthwise_set_geometry(DepthwiseParams* p, int same) {
  tflite_output_size(p->in_h, p->k_h, p->stride_h, same, &p->out_h, &p->pad_top);
  tflite_output_size(p->in_w, p->k_w, p->stride_w, same, &p->out_w, &p->pad_left);
}

/* The per-channel tail both loop orders share, so they can only differ in accumulation. */
static inline int8_t requantize(const DepthwiseParams* p, int32_t acc, int oc) {
  acc = multiply_by_quantized_multiplier(acc, p->output_multiplier[oc], p->output_shift[oc]);
  acc += p->output_offset;
  if (acc < p->act_min) acc = p->act_min;
  if (acc > p->act_max) acc = p->act_max;
  return (int8_t)acc;
}

void depthwise_int8_reference(const DepthwiseParams* p, const int8_t* input, const int8_t* filter,
                              const int32_t* bias, int8_t* output) {
  const int dm = p->depth_multiplier;
  const int out_c = p->in_c * dm;
  for (int y = 0; y < p->out_h; ++y) {
    for (int x = 0; x < p->out_w; ++x) {
      const int iy0 = y * p->stride_h - p->pad_top;
      const int ix0 = x * p->stride_w - p->pad_left;
      for (int ic = 0; ic < p->in_c; ++ic) {
        for (int m = 0; m < dm; ++m) {
          const int oc = ic * dm + m;
          int32_t acc = 0;
          for (int ky = 0; ky < p->k_h; ++ky) {
            const int iy = iy0 + ky;
            for (int kx = 0; kx < p->k_w; ++kx) {
              const int ix = ix0 + kx;
              /* Taps in the zero padding contribute nothing (TFLM's is_point_inside_image). */
              if (iy < 0 || iy >= p->in_h || ix < 0 || ix >= p->in_w) continue;
              const int32_t in = input[(iy * p->in_w + ix) * p->in_c + ic];
              acc += (in + p->input_offset) * filter[(ky * p->k_w + kx) * out_c + oc];
            }
          }
          if (bias) acc += bias[oc];
          output[(y * p->out_w + x) * out_c + oc] = requantize(p, acc, oc);
        }
      }
    }
  }
}

void depthwise_int8_optimized(const DepthwiseParams* p, const int8_t* input, const int8_t* filter,
                              const int32_t* bias, int8_t* output, int32_t* acc_buffer, int k) {
  const int dm = p->depth_multiplier;
  const int out_c = p->in_c * dm;
  for (int y = 0; y < p->out_h; ++y) {
    const int iy0 = y * p->stride_h - p->pad_top;
    /* In-image filter rows, computed once per row instead of testing every tap. */
    const int ky_begin = iy0 < 0 ? -iy0 : 0;
    const int ky_end = p->in_h - iy0 < p->k_h ? p->in_h - iy0 : p->k_h;
    for (int x = 0; x < p->out_w; ++x) {
      const int ix0 = x * p->stride_w - p->pad_left;
      const int kx_begin = ix0 < 0 ? -ix0 : 0;
      const int kx_end = p->in_w - ix0 < p->k_w ? p->in_w - ix0 : p->k_w;
      int8_t* out_pixel = output + (y * p->out_w + x) * out_c;
      for (int m = 0; m < dm; ++m) {
        for (int c0 = 0; c0 < p->in_c; c0 += k) {
          const int n = p->in_c - c0 < k ? p->in_c - c0 : k; /* last chunk may be short */
          for (int j = 0; j < n; ++j) acc_buffer[j] = 0;
          for (int ky = ky_begin; ky < ky_end; ++ky) {
            for (int kx = kx_begin; kx < kx_end; ++kx) {
              /* Consecutive channels: the input walk is sequential within a cache line. */
              const int8_t* in = input + ((iy0 + ky) * p->in_w + ix0 + kx) * p->in_c + c0;
              const int8_t* f = filter + (ky * p->k_w + kx) * out_c + c0 * dm + m;
              for (int j = 0; j < n; ++j) {
                acc_buffer[j] += (in[j] + p->input_offset) * f[0];
                f += dm;
              }
            }
          }
          for (int j = 0; j < n; ++j) {
            const int oc = (c0 + j) * dm + m;
            int32_t acc = acc_buffer[j];
            if (bias) acc += bias[oc];
            out_pixel[oc] = requantize(p, acc, oc);
          }
        }
      }
    }
  }
}
