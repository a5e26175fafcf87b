#include "accsim_kernels/tfl_elementwise_int16.h"

#include "accsim_kernels/tfl_broadcast.h"
#include "accsim_kernels/tflite_int8.h"

enum { kInt16LeftShift = 15 };

static void set_common(int32_t input1_zero_point, int32_t input2_zero_point,
                       int32_t output_zero_point, int32_t act_min, int32_t act_max,
                       TflArithmeticParams* p) {
  p->input1_offset = -input1_zero_point;
  p->input2_offset = -input2_zero_point;
  p->output_offset = output_zero_point;
  p->left_shift = kInt16LeftShift;
  p->quantized_activation_min = act_min;
  p->quantized_activation_max = act_max;
}

int tfl_add_prepare_int16(float input1_scale, int32_t input1_zero_point, float input2_scale,
                          int32_t input2_zero_point, float output_scale, int32_t output_zero_point,
                          int32_t act_min, int32_t act_max, TflArithmeticParams* params) {
  set_common(input1_zero_point, input2_zero_point, output_zero_point, act_min, act_max, params);
  const float max_input_scale = input1_scale > input2_scale ? input1_scale : input2_scale;
  const double twice_max = 2 * (double)max_input_scale;
  return tfl_quantize_multiplier_smaller_than_one_exp(
             (double)input1_scale / twice_max, &params->input1_multiplier, &params->input1_shift) ||
                 tfl_quantize_multiplier_smaller_than_one_exp((double)input2_scale / twice_max,
                                                              &params->input2_multiplier,
                                                              &params->input2_shift) ||
                 tfl_quantize_multiplier_smaller_than_one_exp(
                     twice_max / ((1 << kInt16LeftShift) * (double)output_scale),
                     &params->output_multiplier, &params->output_shift)
             ? -1
             : 0;
}

void tfl_mul_prepare_int16(float input1_scale, int32_t input1_zero_point, float input2_scale,
                           int32_t input2_zero_point, float output_scale, int32_t output_zero_point,
                           int32_t act_min, int32_t act_max, TflArithmeticParams* params) {
  set_common(input1_zero_point, input2_zero_point, output_zero_point, act_min, act_max, params);
  params->input1_multiplier = params->input2_multiplier = 0;
  params->input1_shift = params->input2_shift = 0;
  tfl_quantize_multiplier((double)input1_scale * (double)input2_scale / (double)output_scale,
                          &params->output_multiplier, &params->output_shift);
}

static int16_t clamp_output(const TflArithmeticParams* p, int32_t v) {
  if (v < p->quantized_activation_min) v = p->quantized_activation_min;
  if (v > p->quantized_activation_max) v = p->quantized_activation_max;
  return (int16_t)v;
}

static inline int16_t add_one(const TflArithmeticParams* p, int16_t a, int16_t b) {
  const int32_t sa = multiply_by_quantized_multiplier((p->input1_offset + a) * (1 << p->left_shift),
                                                      p->input1_multiplier, p->input1_shift);
  const int32_t sb = multiply_by_quantized_multiplier((p->input2_offset + b) * (1 << p->left_shift),
                                                      p->input2_multiplier, p->input2_shift);
  const int32_t raw =
      multiply_by_quantized_multiplier(sa + sb, p->output_multiplier, p->output_shift);
  return clamp_output(p, add_wrapping(raw, p->output_offset));
}

static inline int16_t mul_one(const TflArithmeticParams* p, int16_t a, int16_t b) {
  const int32_t product = (p->input1_offset + a) * (p->input2_offset + b);
  const int32_t raw =
      multiply_by_quantized_multiplier(product, p->output_multiplier, p->output_shift);
  return clamp_output(p, add_wrapping(raw, p->output_offset));
}

/* The broadcast walk, one copy per operation so the element step inlines. */
#define WALK(ONE)                                                                \
  if (shape4_equal(shape1, shape2) && shape4_equal(shape1, output_shape)) {      \
    const int size = shape4_flat_size(output_shape);                             \
    for (int i = 0; i < size; ++i) output[i] = ONE(p, input1[i], input2[i]);     \
    return 0;                                                                    \
  }                                                                              \
  int32_t s1[4], s2[4];                                                          \
  if (tfl_broadcast_strides(shape1, output_shape, s1) ||                         \
      tfl_broadcast_strides(shape2, output_shape, s2)) {                         \
    return -1;                                                                   \
  }                                                                              \
  const int32_t* d = output_shape->dims;                                         \
  int o = 0;                                                                     \
  for (int i0 = 0; i0 < d[0]; ++i0)                                              \
    for (int i1 = 0; i1 < d[1]; ++i1)                                            \
      for (int i2 = 0; i2 < d[2]; ++i2)                                          \
        for (int i3 = 0; i3 < d[3]; ++i3)                                        \
          output[o++] = ONE(p, input1[tfl_broadcast_offset(s1, i0, i1, i2, i3)], \
                            input2[tfl_broadcast_offset(s2, i0, i1, i2, i3)]);   \
  return 0;

int tfl_add_int16(const TflArithmeticParams* p, const Shape4* shape1, const int16_t* input1,
                  const Shape4* shape2, const int16_t* input2, const Shape4* output_shape,
                  int16_t* output) {
  WALK(add_one)
}

int tfl_mul_int16(const TflArithmeticParams* p, const Shape4* shape1, const int16_t* input1,
                  const Shape4* shape2, const int16_t* input2, const Shape4* output_shape,
                  int16_t* output) {
  WALK(mul_one)
}
