/* int8 ADD, SUB and MUL with 4-D broadcasting, as TFLM prepares them (add_common.cc,
 * sub_common.cc, mul_common.cc) and evaluates them (reference_integer_ops::AddFunc /
 * BroadcastAdd4DSlow, reference_ops::SubElementwise / BroadcastQuantSubSlow,
 * reference_integer_ops::MulElementwise / BroadcastMul4DSlow). Same-shape inputs take a flat
 * loop, others the broadcast walk; both give identical results. */
#ifndef ACCSIM_KERNELS_TFL_ELEMENTWISE_H
#define ACCSIM_KERNELS_TFL_ELEMENTWISE_H

#include <stdint.h>

#include "accsim_kernels/shape4.h"
#include "accsim_kernels/tfl_quant.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The fields of TFLM's ArithmeticParams the int8 kernels read (MUL ignores left_shift and the
 * input multipliers). */
typedef struct {
  int32_t input1_offset, input2_offset; /* -zero_point */
  int32_t output_offset;                /* output zero point */
  int left_shift;                       /* 20 for int8 ADD and SUB */
  int32_t input1_multiplier;
  int input1_shift;
  int32_t input2_multiplier;
  int input2_shift;
  int32_t output_multiplier;
  int output_shift;
  int32_t quantized_activation_min, quantized_activation_max;
} TflArithmeticParams;

/* ADD: twice_max_input_scale = 2 * double(max(s1, s2)); input multipliers s / twice_max,
 * output multiplier twice_max / (2^20 * so), all in double. */
int tfl_add_prepare_int8(float input1_scale, int32_t input1_zero_point, float input2_scale,
                         int32_t input2_zero_point, float output_scale, int32_t output_zero_point,
                         TflFusedActivation activation, TflArithmeticParams* params);

/* SUB: the same formulas as ADD but evaluated in float (TFLM's sub_common.cc keeps
 * twice_max_input_scale a float and converts each quotient to double afterwards). */
int tfl_sub_prepare_int8(float input1_scale, int32_t input1_zero_point, float input2_scale,
                         int32_t input2_zero_point, float output_scale, int32_t output_zero_point,
                         TflFusedActivation activation, TflArithmeticParams* params);

/* MUL: QuantizeMultiplier(double(s1) * double(s2) / double(so)). */
int tfl_mul_prepare_int8(float input1_scale, int32_t input1_zero_point, float input2_scale,
                         int32_t input2_zero_point, float output_scale, int32_t output_zero_point,
                         TflFusedActivation activation, TflArithmeticParams* params);

/* Each returns -1 if an input does not broadcast to output_shape. */
int tfl_add_int8(const TflArithmeticParams* params, const Shape4* input1_shape,
                 const int8_t* input1, const Shape4* input2_shape, const int8_t* input2,
                 const Shape4* output_shape, int8_t* output);
int tfl_sub_int8(const TflArithmeticParams* params, const Shape4* input1_shape,
                 const int8_t* input1, const Shape4* input2_shape, const int8_t* input2,
                 const Shape4* output_shape, int8_t* output);
int tfl_mul_int8(const TflArithmeticParams* params, const Shape4* input1_shape,
                 const int8_t* input1, const Shape4* input2_shape, const int8_t* input2,
                 const Shape4* output_shape, int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
