#include "accsim_kernels/tfl_prelu.h"

#include "accsim_kernels/tfl_broadcast.h"
#include "accsim_kernels/tfl_quant.h"
#include "accsim_kernels/tflite_int8.h"

int tfl_prelu_prepare_int8(const Shape4* input, float input_scale, int32_t input_zero_point,
                           const Shape4* alpha, float alpha_scale, int32_t alpha_zero_point,
                           const Shape4* out, float output_scale, int32_t output_zero_point,
                           TflPreluParams* p) {
  p->out = *out;
  if (tfl_broadcast_strides(input, out, p->input_strides) != 0 ||
      tfl_broadcast_strides(alpha, out, p->alpha_strides) != 0) {
    return -1;
  }
  p->input_zero_point = input_zero_point;
  p->alpha_zero_point = alpha_zero_point;
  p->output_zero_point = output_zero_point;
  tfl_quantize_multiplier((double)input_scale / (double)output_scale, &p->multiplier_1,
                          &p->shift_1);
  tfl_quantize_multiplier((double)input_scale * (double)alpha_scale / (double)output_scale,
                          &p->multiplier_2, &p->shift_2);
  return 0;
}

void tfl_prelu_int8(const TflPreluParams* p, const int8_t* input, const int8_t* alpha,
                    int8_t* output) {
  const int32_t* d = p->out.dims;
  const int32_t* si = p->input_strides;
  const int32_t* sa = p->alpha_strides;
  for (int32_t i0 = 0; i0 < d[0]; ++i0) {
    for (int32_t i1 = 0; i1 < d[1]; ++i1) {
      for (int32_t i2 = 0; i2 < d[2]; ++i2) {
        const int8_t* in = input + i0 * si[0] + i1 * si[1] + i2 * si[2];
        const int8_t* al = alpha + i0 * sa[0] + i1 * sa[1] + i2 * sa[2];
        for (int32_t i3 = 0; i3 < d[3]; ++i3) {
          const int32_t x = in[i3 * si[3]] - p->input_zero_point;
          int32_t v;
          if (x >= 0) {
            v = multiply_by_quantized_multiplier(x, p->multiplier_1, p->shift_1);
          } else {
            const int32_t a = al[i3 * sa[3]] - p->alpha_zero_point;
            v = multiply_by_quantized_multiplier(x * a, p->multiplier_2, p->shift_2);
          }
          v += p->output_zero_point;
          *output++ = (int8_t)(v < -128 ? -128 : v > 127 ? 127 : v);
        }
      }
    }
  }
}
