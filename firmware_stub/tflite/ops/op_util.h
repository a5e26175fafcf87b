/* Helpers every operator's glue shares: tensor access, the int8 checks, geometry and the
 * prepare-time quantisation parameters. */
#ifndef ACCSIM_TFLITE_OP_UTIL_H
#define ACCSIM_TFLITE_OP_UTIL_H

#include <stdint.h>

#include "accsim_kernels/shape4.h"
#include "accsim_kernels/tfl_padding.h"
#include "accsim_kernels/tfl_quant.h"
#include "accsim_tflite/model.h"
#include "accsim_tflite/op_kernel.h"
#include "accsim_tflite/schema.h"

static inline TflOperator* op_at(TflModel* m, int index) { return &m->operators[index]; }

/* Input i of an operator, or NULL when absent (-1) or beyond its inputs. */
static inline TflTensor* op_input(TflModel* m, int index, int i) {
  const TflOperator* op = &m->operators[index];
  if (i >= op->input_count || op->inputs[i] < 0) return 0;
  return &m->tensors[op->inputs[i]];
}
static inline TflTensor* op_output(TflModel* m, int index) {
  return &m->tensors[m->operators[index].outputs[0]];
}

/* prepare() of an operator that has nothing to compute before eval (a copy, a conversion whose
 * parameters are the tensors' own). */
static inline int op_prepare_nothing(TflRuntime* rt, int index, TflError* error) {
  (void)rt;
  (void)index;
  (void)error;
  return 0;
}

/* Refusals for check(): each fills `error` with the reason and returns -1. */
int op_require_inputs(TflModel* m, int index, int min, int max, TflError* error);
/* An int8 tensor with per-tensor quantisation (activations). */
int op_require_int8(TflModel* m, int index, const TflTensor* t, const char* role, TflError* error);
/* A per-tensor quantised tensor of `type` (int8 or uint8; graph-edge conversions), zero point in
 * the type's range. */
int op_require_quantized(const TflTensor* t, int type, const char* role, int index,
                         TflError* error);
/* A tensor of `type` (no quantisation needed: float32). */
int op_require_type(const TflTensor* t, int type, const char* role, int index, TflError* error);
int op_require_rank(const TflTensor* t, int rank, const char* role, int index, TflError* error);
/* Filter of a convolution / fully-connected: int8, constant, symmetric, per-tensor or per
 * output channel along `channel_dim`. */
int op_require_weights(TflModel* m, int index, const TflTensor* t, int channel_dim,
                       TflError* error);
/* The operands of a weighted operator (CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED): 2-3
 * inputs, int8 input and output of rank `activation_rank` (0: any), a constant int8 filter of
 * rank `filter_rank` quantised per tensor or along `channel_dim`, and an optional int32 bias with
 * one entry per output channel. */
int op_require_weighted(TflModel* m, int index, int activation_rank, int filter_rank,
                        int channel_dim, TflError* error);
/* Optional int32 constant bias with `count` entries. */
int op_require_bias(TflModel* m, int index, const TflTensor* t, int count, TflError* error);
int op_require_activation(int activation, int index, TflError* error);
int op_require_same_quantization(const TflTensor* a, const TflTensor* b, const char* what,
                                 int index, TflError* error);

/* An int16 activation (16x8 quantisation): per-tensor, positive scale, zero point 0 as TFLite
 * requires of int16 activations (any int16 zero point when `any_zero_point`, e.g. SOFTMAX's
 * -32768 output). */
int op_require_int16(const TflTensor* t, const char* role, int any_zero_point, int index,
                     TflError* error);
/* The filter of a 16x8 or float32 CONV_2D / FULLY_CONNECTED: the same rules as
 * op_require_weights for int8 filters; a constant float32 tensor for float. */
int op_require_float_weights(const TflTensor* t, int index, TflError* error);
/* The bias of a 16x8 operator: int64 (TFLite's) or int32, constant, `count` entries; or absent. */
int op_require_bias_int16(const TflTensor* t, int count, int index, TflError* error);
/* The bias of a float32 operator: constant float32, `count` entries; or absent. */
int op_require_bias_float(const TflTensor* t, int count, int index, TflError* error);

/* "1x48x48x8" */
void op_format_shape(const TflTensor* t, char* out, int out_bytes);
/* The resizes' shared check (RESIZE_NEAREST_NEIGHBOR, RESIZE_BILINEAR): int8 4-D input and
 * output quantised alike, a constant int32 size of 2 entries, and the output the input resized
 * to it (batch and channels kept). */
int op_check_resize(TflModel* m, int index, TflError* error);

/* Output size and leading padding along one dimension (TFLite's ComputePaddingHeightWidth, with
 * dilation); -1 when the output would be empty. */
int op_output_size(int padding, int in, int filter, int stride, int dilation, int* out,
                   int* pad_before);
/* The activations' int8 range for the operator's output tensor (TFLite's
 * CalculateActivationRangeQuantized). */
void op_activation_range(int activation, const TflTensor* output, int32_t* act_min,
                         int32_t* act_max);
/* A tensor's float32 scales inside the model (checked 4-byte aligned at load). */
static inline const float* op_scales(const TflModel* m, const TflTensor* t) {
  return (const float*)(const void*)(m->reader.data + t->scales.pos);
}
/* The tensor's shape as TFLite's 4-D RuntimeShape: rank <= 4, leading 1s. */
int op_shape4(const TflTensor* t, Shape4* shape);

/* The operator's options table and reader (absent table: schema defaults). */
#define OP_OPTIONS(m, index) (&(m)->reader), (&(m)->operators[index].options)

#endif
