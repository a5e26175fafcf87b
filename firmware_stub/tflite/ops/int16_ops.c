/* 16x8 DEPTHWISE_CONV_2D, AVERAGE_POOL_2D and MAX_POOL_2D (int16 activations, zero point 0),
 * chosen by tfl_find_op_kernel_for when the input is int16: TFLM's DepthwiseConvPerChannel for
 * int16 (int64 bias or none) and its int16 pools (accsim_kernels/tfl_int16.h). CONV_2D,
 * FULLY_CONNECTED, ADD and MUL take int16 in their own files. */
#include <stddef.h>

#include "accsim_kernels/tfl_int16.h"
#include "fully_connected_typed.h"
#include "op_util.h"

typedef struct {
  ConvPerChannelParams params;
  int depth_multiplier;
  int filter_h, filter_w;
  Shape4 in_shape, filter_shape, out_shape;
  int32_t* multipliers;
  int32_t* shifts;
} Int16WindowState;

/* The window's options: padding, strides, dilations (depthwise) or filter size (pools),
 * activation; the output size and leading padding. */
static int read_window(TflModel* m, int index, int is_pool, Int16WindowState* s, int* out_h,
                       int* out_w, TflError* error) {
  FbReader* r = &m->reader;
  const FbTable* t = &m->operators[index].options;
  const TflTensor* in = op_input(m, index, 0);
  int padding, activation, k_h, k_w;
  ConvPerChannelParams* p = &s->params;
  if (is_pool) {
    padding = fb_i8(r, t, TFL_POOL_PADDING, TFL_PADDING_KIND_SAME);
    p->stride_width = fb_i32(r, t, TFL_POOL_STRIDE_W, 0);
    p->stride_height = fb_i32(r, t, TFL_POOL_STRIDE_H, 0);
    k_w = s->filter_w = fb_i32(r, t, TFL_POOL_FILTER_W, 0);
    k_h = s->filter_h = fb_i32(r, t, TFL_POOL_FILTER_H, 0);
    activation = fb_i8(r, t, TFL_POOL_ACTIVATION, TFL_FUSED_NONE);
    p->dilation_width_factor = p->dilation_height_factor = 1;
  } else {
    const TflTensor* filter = op_input(m, index, 1);
    padding = fb_i8(r, t, TFL_DW_PADDING, TFL_PADDING_KIND_SAME);
    p->stride_width = fb_i32(r, t, TFL_DW_STRIDE_W, 0);
    p->stride_height = fb_i32(r, t, TFL_DW_STRIDE_H, 0);
    p->dilation_width_factor = fb_i32(r, t, TFL_DW_DILATION_W, 1);
    p->dilation_height_factor = fb_i32(r, t, TFL_DW_DILATION_H, 1);
    activation = fb_i8(r, t, TFL_DW_ACTIVATION, TFL_FUSED_NONE);
    k_h = filter->dims[1];
    k_w = filter->dims[2];
    s->depth_multiplier = filter->dims[3] / in->dims[3];
  }
  if ((padding != TFL_PADDING_KIND_SAME && padding != TFL_PADDING_KIND_VALID) ||
      p->stride_width < 1 || p->stride_height < 1 || p->stride_width > 1024 ||
      p->stride_height > 1024 || p->dilation_width_factor < 1 || p->dilation_height_factor < 1 ||
      p->dilation_width_factor > 64 || p->dilation_height_factor > 64 || k_h < 1 || k_w < 1 ||
      k_h > 4096 || k_w > 4096) {
    return tfl_fail(error, index, "padding, stride, dilation or filter size out of range");
  }
  if (op_require_activation(activation, index, error)) return -1;
  int pad_top, pad_left;
  if (op_output_size(padding, in->dims[1], k_h, p->stride_height, p->dilation_height_factor, out_h,
                     &pad_top) ||
      op_output_size(padding, in->dims[2], k_w, p->stride_width, p->dilation_width_factor, out_w,
                     &pad_left)) {
    return tfl_fail(error, index, "the filter is larger than the input");
  }
  p->padding_height = pad_top;
  p->padding_width = pad_left;
  op_activation_range_int16(activation, op_output(m, index), &p->quantized_activation_min,
                            &p->quantized_activation_max);
  p->input_offset = p->output_offset = 0;
  return 0;
}

static int check_common(TflModel* m, int index, int is_pool, int channels, TflError* error) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  if (op_require_int16(in, "input", 0, index, error) ||
      op_require_int16(out, "output", 0, index, error) ||
      op_require_rank(in, 4, "input", index, error) ||
      op_require_rank(out, 4, "output", index, error)) {
    return -1;
  }
  if (is_pool && op_require_same_quantization(in, out, "output", index, error)) return -1;
  Int16WindowState s;
  int out_h, out_w;
  if (read_window(m, index, is_pool, &s, &out_h, &out_w, error)) return -1;
  if (out->dims[0] != in->dims[0] || out->dims[1] != out_h || out->dims[2] != out_w ||
      out->dims[3] != channels) {
    return tfl_fail(error, index, "output shape does not match the computed %dx%dx%dx%d",
                    (int)in->dims[0], out_h, out_w, channels);
  }
  return 0;
}

static int depthwise_check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 3, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* bias = op_input(m, index, 2);
  if (op_require_rank(filter, 4, "filter", index, error) ||
      op_require_weights(m, index, filter, 3, error)) {
    return -1;
  }
  if (filter->dims[0] != 1 || in->rank != 4 || filter->dims[3] % in->dims[3] != 0) {
    return tfl_fail(error, index, "filter [1, KH, KW, C x multiplier] does not fit the input");
  }
  if (bias && (bias->type != TFL_TYPE_INT64 || !bias->data ||
               bias->elements != (uint32_t)filter->dims[3])) {
    return tfl_fail(error, index, "bias must be constant int64 with %d entries",
                    (int)filter->dims[3]);
  }
  if (check_common(m, index, 0, filter->dims[3], error)) return -1;
  TflOperator* op = op_at(m, index);
  op->macs = (uint64_t)op_output(m, index)->elements * (uint64_t)filter->dims[1] *
             (uint64_t)filter->dims[2];
  op->persistent_bytes = 2u * (uint32_t)filter->dims[3] * 4u;
  op->kernel = "reference_16x8";
  return 0;
}

static int pool_check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 1, 1, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  if (in->rank == 4 && check_common(m, index, 1, in->dims[3], error)) return -1;
  if (in->rank != 4) return op_require_rank(in, 4, "input", index, error);
  op_at(m, index)->kernel = "reference_16x8";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  Int16WindowState* s = (Int16WindowState*)tfl_state_alloc(rt, sizeof(Int16WindowState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  const TflOperator* op = op_at(m, index);
  const int is_pool = op->builtin != TFL_OP_DEPTHWISE_CONV_2D;
  int out_h, out_w;
  if (read_window(m, index, is_pool, s, &out_h, &out_w, error)) return -1;
  op_shape4(op_input(m, index, 0), &s->in_shape);
  op_shape4(op_output(m, index), &s->out_shape);
  if (!is_pool) {
    const TflTensor* in = op_input(m, index, 0);
    const TflTensor* filter = op_input(m, index, 1);
    const TflTensor* out = op_output(m, index);
    op_shape4(filter, &s->filter_shape);
    const int channels = filter->dims[3];
    s->multipliers = (int32_t*)(rt->arena + op->persistent_offset);
    s->shifts = s->multipliers + channels;
    tfl_per_channel_multipliers(in->scale, op_scales(m, filter), (int)filter->scale_count,
                                out->scale, channels, s->multipliers, s->shifts);
  }
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const Int16WindowState* s = (const Int16WindowState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  const int16_t* in = (const int16_t*)tfl_tensor_data(rt, op->inputs[0]);
  int16_t* out = (int16_t*)tfl_tensor_data(rt, op->outputs[0]);
  const ConvPerChannelParams* p = &s->params;
  if (op->builtin == TFL_OP_DEPTHWISE_CONV_2D) {
    const TflTensor* bias = op_input(rt->model, index, 2);
    tfl_depthwise_per_channel_int16(p, s->depth_multiplier, s->multipliers, s->shifts, &s->in_shape,
                                    in, &s->filter_shape,
                                    (const int8_t*)tfl_tensor_data(rt, op->inputs[1]),
                                    bias ? (const int64_t*)bias->data : NULL, &s->out_shape, out);
  } else if (op->builtin == TFL_OP_AVERAGE_POOL_2D) {
    tfl_average_pool_int16(p->stride_height, p->stride_width, s->filter_h, s->filter_w,
                           p->padding_height, p->padding_width, p->quantized_activation_min,
                           p->quantized_activation_max, &s->in_shape, in, &s->out_shape, out);
  } else {
    tfl_max_pool_int16(p->stride_height, p->stride_width, s->filter_h, s->filter_w,
                       p->padding_height, p->padding_width, p->quantized_activation_min,
                       p->quantized_activation_max, &s->in_shape, in, &s->out_shape, out);
  }
}

static const TflOpKernel kInt16Kernels[] = {
    {TFL_OP_DEPTHWISE_CONV_2D, "depthwise_conv_2d", depthwise_check, prepare, eval},
    {TFL_OP_AVERAGE_POOL_2D, "average_pool_2d", pool_check, prepare, eval},
    {TFL_OP_MAX_POOL_2D, "max_pool_2d", pool_check, prepare, eval},
};

const TflOpKernel* tfl_find_int16_kernel(int32_t builtin) {
  for (unsigned i = 0; i < sizeof(kInt16Kernels) / sizeof(kInt16Kernels[0]); ++i) {
    if (kInt16Kernels[i].builtin == builtin) return &kInt16Kernels[i];
  }
  return 0;
}
