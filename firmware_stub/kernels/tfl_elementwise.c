#include "accsim_kernels/tfl_elementwise.h"

#include "accsim_kernels/tfl_broadcast.h"
#include "accsim_kernels/tflite_int8.h"

enum { kInt8LeftShift = 20 };

static void set_offsets(int32_t input1_zero_point, int32_t input2_zero_point,
                        int32_t output_zero_point, TflArithmeticParams* p) {
  p->input1_offset = -input1_zero_point;
  p->input2_offset = -input2_zero_point;
  p->output_offset = output_zero_point;
  p->left_shift = kInt8LeftShift;
}

/* The three rescalings of ADD and SUB, from real multipliers computed by the caller. */
static int quantize_add_sub(double real_input1, double real_input2, double real_output,
                            TflArithmeticParams* p) {
  return tfl_quantize_multiplier_smaller_than_one_exp(real_input1, &p->input1_multiplier,
                                                      &p->input1_shift) ||
                 tfl_quantize_multiplier_smaller_than_one_exp(real_input2, &p->input2_multiplier,
                                                              &p->input2_shift) ||
                 tfl_quantize_multiplier_smaller_than_one_exp(real_output, &p->output_multiplier,
                                                              &p->output_shift)
             ? -1
             : 0;
}

int tfl_add_prepare_int8(float input1_scale, int32_t input1_zero_point, float input2_scale,
                         int32_t input2_zero_point, float output_scale, int32_t output_zero_point,
                         TflFusedActivation activation, TflArithmeticParams* params) {
  set_offsets(input1_zero_point, input2_zero_point, output_zero_point, params);
  const float max_input_scale = input1_scale > input2_scale ? input1_scale : input2_scale;
  const double twice_max_input_scale = 2 * (double)max_input_scale;
  if (quantize_add_sub((double)input1_scale / twice_max_input_scale,
                       (double)input2_scale / twice_max_input_scale,
                       twice_max_input_scale / ((1 << kInt8LeftShift) * (double)output_scale),
                       params)) {
    return -1;
  }
  return tfl_activation_range_int8(activation, output_scale, output_zero_point,
                                   &params->quantized_activation_min,
                                   &params->quantized_activation_max);
}

int tfl_sub_prepare_int8(float input1_scale, int32_t input1_zero_point, float input2_scale,
                         int32_t input2_zero_point, float output_scale, int32_t output_zero_point,
                         TflFusedActivation activation, TflArithmeticParams* params) {
  set_offsets(input1_zero_point, input2_zero_point, output_zero_point, params);
  const float twice_max_input_scale =
      2 * (input1_scale > input2_scale ? input1_scale : input2_scale);
  if (quantize_add_sub((double)(input1_scale / twice_max_input_scale),
                       (double)(input2_scale / twice_max_input_scale),
                       (double)(twice_max_input_scale / ((1 << kInt8LeftShift) * output_scale)),
                       params)) {
    return -1;
  }
  return tfl_activation_range_int8(activation, output_scale, output_zero_point,
                                   &params->quantized_activation_min,
                                   &params->quantized_activation_max);
}

int tfl_mul_prepare_int8(float input1_scale, int32_t input1_zero_point, float input2_scale,
                         int32_t input2_zero_point, float output_scale, int32_t output_zero_point,
                         TflFusedActivation activation, TflArithmeticParams* params) {
  set_offsets(input1_zero_point, input2_zero_point, output_zero_point, params);
  params->input1_multiplier = params->input2_multiplier = 0;
  params->input1_shift = params->input2_shift = 0;
  tfl_quantize_multiplier((double)input1_scale * (double)input2_scale / (double)output_scale,
                          &params->output_multiplier, &params->output_shift);
  return tfl_activation_range_int8(activation, output_scale, output_zero_point,
                                   &params->quantized_activation_min,
                                   &params->quantized_activation_max);
}

static int8_t clamp_to_activation(const TflArithmeticParams* p, int32_t v) {
  if (v < p->quantized_activation_min) v = p->quantized_activation_min;
  if (v > p->quantized_activation_max) v = p->quantized_activation_max;
  return (int8_t)v;
}

/* (x + offset) * 2^left_shift rescaled by an input multiplier (at most 255 * 2^20: no overflow;
 * MultiplyByQuantizedMultiplierSmallerThanOneExp is MBQM with a shift <= 0). */
static int32_t scaled_input(const TflArithmeticParams* p, int8_t x, int32_t offset,
                            int32_t multiplier, int shift) {
  const int32_t shifted = (offset + x) * (1 << p->left_shift);
  return multiply_by_quantized_multiplier(shifted, multiplier, shift);
}

static int8_t finish(const TflArithmeticParams* p, int32_t raw) {
  const int32_t rescaled =
      multiply_by_quantized_multiplier(raw, p->output_multiplier, p->output_shift);
  return clamp_to_activation(p, add_wrapping(rescaled, p->output_offset));
}

static int8_t add_one(const TflArithmeticParams* p, int8_t a, int8_t b) {
  return finish(p, scaled_input(p, a, p->input1_offset, p->input1_multiplier, p->input1_shift) +
                       scaled_input(p, b, p->input2_offset, p->input2_multiplier, p->input2_shift));
}

/* TFLM's int8 SUB subtracts the rescaled inputs (it does not negate input2's multiplier, which
 * rounds differently; only its int16 path goes through ADD that way). */
static int8_t sub_one(const TflArithmeticParams* p, int8_t a, int8_t b) {
  return finish(p, scaled_input(p, a, p->input1_offset, p->input1_multiplier, p->input1_shift) -
                       scaled_input(p, b, p->input2_offset, p->input2_multiplier, p->input2_shift));
}

static int8_t mul_one(const TflArithmeticParams* p, int8_t a, int8_t b) {
  return finish(p, (p->input1_offset + a) * (p->input2_offset + b));
}

typedef int8_t (*ElementOp)(const TflArithmeticParams*, int8_t, int8_t);

static int apply(ElementOp op, const TflArithmeticParams* p, const Shape4* shape1,
                 const int8_t* input1, const Shape4* shape2, const int8_t* input2,
                 const Shape4* output_shape, int8_t* output) {
  if (shape4_equal(shape1, shape2) && shape4_equal(shape1, output_shape)) {
    const int size = shape4_flat_size(output_shape);
    for (int i = 0; i < size; ++i) output[i] = op(p, input1[i], input2[i]);
    return 0;
  }
  int32_t strides1[4], strides2[4];
  if (tfl_broadcast_strides(shape1, output_shape, strides1) ||
      tfl_broadcast_strides(shape2, output_shape, strides2)) {
    return -1;
  }
  const int32_t* d = output_shape->dims;
  int o = 0;
  for (int i0 = 0; i0 < d[0]; ++i0) {
    for (int i1 = 0; i1 < d[1]; ++i1) {
      for (int i2 = 0; i2 < d[2]; ++i2) {
        for (int i3 = 0; i3 < d[3]; ++i3) {
          output[o++] = op(p, input1[tfl_broadcast_offset(strides1, i0, i1, i2, i3)],
                           input2[tfl_broadcast_offset(strides2, i0, i1, i2, i3)]);
        }
      }
    }
  }
  return 0;
}

int tfl_add_int8(const TflArithmeticParams* params, const Shape4* input1_shape,
                 const int8_t* input1, const Shape4* input2_shape, const int8_t* input2,
                 const Shape4* output_shape, int8_t* output) {
  return apply(add_one, params, input1_shape, input1, input2_shape, input2, output_shape, output);
}

int tfl_sub_int8(const TflArithmeticParams* params, const Shape4* input1_shape,
                 const int8_t* input1, const Shape4* input2_shape, const int8_t* input2,
                 const Shape4* output_shape, int8_t* output) {
  return apply(sub_one, params, input1_shape, input1, input2_shape, input2, output_shape, output);
}

int tfl_mul_int8(const TflArithmeticParams* params, const Shape4* input1_shape,
                 const int8_t* input1, const Shape4* input2_shape, const int8_t* input2,
                 const Shape4* output_shape, int8_t* output) {
  return apply(mul_one, params, input1_shape, input1, input2_shape, input2, output_shape, output);
}
