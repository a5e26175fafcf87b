#include "accsim_kernels/vta_conv_layout.h"

#include "accsim_kernels/tflite_int8.h"

void vta_conv_geometry(const ConvParams* p, int block, VtaConvGeometry* g) {
  g->block = block;
  g->icb = (p->in_c + block - 1) / block;
  g->ocb = (p->out_c + block - 1) / block;
  /* Every tap of every output pixel must be inside the padded input. */
  const int need_h = (p->out_h - 1) * p->stride_h + p->k_h;
  const int need_w = (p->out_w - 1) * p->stride_w + p->k_w;
  g->hp = p->pad_top + p->in_h > need_h ? p->pad_top + p->in_h : need_h;
  g->wp = p->pad_left + p->in_w > need_w ? p->pad_left + p->in_w : need_w;
  g->pad_bottom = g->hp - p->pad_top - p->in_h;
  g->pad_right = g->wp - p->pad_left - p->in_w;
}

void vta_conv_pack_input(const ConvParams* p, const VtaConvGeometry* g, const int8_t* input,
                         int8_t* blocked) {
  const int8_t zero_point = (int8_t)-p->input_offset;
  const int channels = g->icb * g->block;
  for (int y = 0; y < g->hp; ++y) {
    const int iy = y - p->pad_top;
    for (int x = 0; x < g->wp; ++x) {
      const int ix = x - p->pad_left;
      int8_t* dst = blocked + (y * g->wp + x) * channels;
      if (iy < 0 || iy >= p->in_h || ix < 0 || ix >= p->in_w) {
        for (int c = 0; c < channels; ++c) dst[c] = zero_point;
        continue;
      }
      const int8_t* src = input + (iy * p->in_w + ix) * p->in_c;
      int c = 0;
      for (; c < p->in_c; ++c) dst[c] = src[c];
      for (; c < channels; ++c) dst[c] = zero_point;
    }
  }
}

void vta_conv_pack_weights(const ConvParams* p, const VtaConvGeometry* g, const int8_t* filter,
                           int8_t* blocked) {
  const int b = g->block;
  for (int ob = 0; ob < g->ocb; ++ob) {
    for (int ky = 0; ky < p->k_h; ++ky) {
      for (int kx = 0; kx < p->k_w; ++kx) {
        for (int ib = 0; ib < g->icb; ++ib) {
          int8_t* dst = blocked + ((((ob * p->k_h + ky) * p->k_w + kx) * g->icb + ib) * b * b);
          for (int o = 0; o < b; ++o) {
            const int oc = ob * b + o;
            for (int k = 0; k < b; ++k) {
              const int ic = ib * b + k;
              dst[o * b + k] = (oc < p->out_c && ic < p->in_c)
                                   ? filter[((oc * p->k_h + ky) * p->k_w + kx) * p->in_c + ic]
                                   : 0;
            }
          }
        }
      }
    }
  }
}

void vta_conv_fold_bias(const ConvParams* p, const VtaConvGeometry* g, const int8_t* filter,
                        const int32_t* bias, int32_t* folded) {
  const int taps = p->k_h * p->k_w * p->in_c;
  for (int oc = 0; oc < g->ocb * g->block; ++oc) {
    if (oc >= p->out_c) {
      folded[oc] = 0;
      continue;
    }
    int32_t sum = 0;
    for (int i = 0; i < taps; ++i) sum += filter[oc * taps + i];
    /* |sum| <= 128 * taps: the product wraps only for huge kernels, as the reference would. */
    const int32_t correction = (int32_t)((uint32_t)p->input_offset * (uint32_t)sum);
    folded[oc] = add_wrapping(bias ? bias[oc] : 0, correction);
  }
}

void vta_conv_unpack_output(const ConvParams* p, const VtaConvGeometry* g, const int8_t* blocked,
                            int8_t* output) {
  const int b = g->block, pixels = p->out_h * p->out_w;
  for (int i = 0; i < pixels; ++i) {
    for (int oc = 0; oc < p->out_c; ++oc) {
      output[i * p->out_c + oc] = blocked[((oc / b) * pixels + i) * b + oc % b];
    }
  }
}

void vta_conv_model(const ConvParams* p, const VtaConvGeometry* g, const int8_t* blocked_input,
                    const int8_t* blocked_weights, const int32_t* folded_bias, int8_t* output) {
  const int b = g->block;
  for (int y = 0; y < p->out_h; ++y) {
    for (int x = 0; x < p->out_w; ++x) {
      for (int oc = 0; oc < p->out_c; ++oc) {
        const int ob = oc / b, o = oc % b;
        uint32_t acc = 0; /* the GEMM core's wrapping int32 */
        for (int ky = 0; ky < p->k_h; ++ky) {
          for (int kx = 0; kx < p->k_w; ++kx) {
            const int py = y * p->stride_h + ky, px = x * p->stride_w + kx;
            for (int ib = 0; ib < g->icb; ++ib) {
              const int8_t* in = blocked_input + ((py * g->wp + px) * g->icb + ib) * b;
              const int8_t* w = blocked_weights +
                                (((ob * p->k_h + ky) * p->k_w + kx) * g->icb + ib) * b * b + o * b;
              for (int k = 0; k < b; ++k) acc += (uint32_t)(in[k] * w[k]);
            }
          }
        }
        int32_t v = add_wrapping((int32_t)acc, folded_bias[oc]);
        v = multiply_by_quantized_multiplier(v, p->output_multiplier[oc], p->output_shift[oc]);
        v = add_wrapping(v, p->output_offset);
        if (v < p->act_min) v = p->act_min;
        if (v > p->act_max) v = p->act_max;
        output[(y * p->out_w + x) * p->out_c + oc] = (int8_t)v;
      }
    }
  }
}
