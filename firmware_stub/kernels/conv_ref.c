#include "accsim_kernels/conv.h"
#include "accsim_kernels/tflite_int8.h"

void conv_set_geometry(ConvParams* p, int same) {
  tflite_output_size(p->in_h, p->k_h, p->stride_h, same, &p->out_h, &p->pad_top);
  tflite_output_size(p->in_w, p->k_w, p->stride_w, same, &p->out_w, &p->pad_left);
}

int32_t conv2d_int8_accumulator(const ConvParams* p, const int8_t* input, const int8_t* filter,
                                int y, int x, int oc) {
  int32_t acc = 0;
  for (int ky = 0; ky < p->k_h; ++ky) {
    const int iy = y * p->stride_h - p->pad_top + ky;
    if (iy < 0 || iy >= p->in_h) continue;
    for (int kx = 0; kx < p->k_w; ++kx) {
      const int ix = x * p->stride_w - p->pad_left + kx;
      if (ix < 0 || ix >= p->in_w) continue;
      const int8_t* in = input + (iy * p->in_w + ix) * p->in_c;
      const int8_t* f = filter + ((oc * p->k_h + ky) * p->k_w + kx) * p->in_c;
      for (int ic = 0; ic < p->in_c; ++ic) acc += (in[ic] + p->input_offset) * f[ic];
    }
  }
  return acc;
}

void conv2d_int8_reference(const ConvParams* p, const int8_t* input, const int8_t* filter,
                           const int32_t* bias, int8_t* output) {
  for (int y = 0; y < p->out_h; ++y) {
    for (int x = 0; x < p->out_w; ++x) {
      for (int oc = 0; oc < p->out_c; ++oc) {
        int32_t acc = conv2d_int8_accumulator(p, input, filter, y, x, oc);
        if (bias) acc = add_wrapping(acc, bias[oc]);
        acc = multiply_by_quantized_multiplier(acc, p->output_multiplier[oc], p->output_shift[oc]);
        acc = add_wrapping(acc, p->output_offset);
        if (acc < p->act_min) acc = p->act_min;
        if (acc > p->act_max) acc = p->act_max;
        output[(y * p->out_w + x) * p->out_c + oc] = (int8_t)acc;
      }
    }
  }
}
