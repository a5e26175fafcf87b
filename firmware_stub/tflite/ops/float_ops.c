/* float32 CONV_2D, DEPTHWISE_CONV_2D, AVERAGE_POOL_2D, MAX_POOL_2D, SOFTMAX and LOGISTIC: TFLite's
 * float reference kernels (accsim_kernels/tfl_float.h), chosen for an operator whose first input
 * is float32 (tfl_find_op_kernel_for). FULLY_CONNECTED, ADD, SUB, MUL and RESHAPE take float32
 * in their own files. */
#include <stddef.h>

#include "accsim_kernels/tfl_float.h"
#include "conv_2d_common.h"
#include "op_util.h"

typedef struct {
  TflFloatWindow window;
  Shape4 in_shape, filter_shape, out_shape;
} FloatWindowState;

static int require_float_io(TflModel* m, int index, int rank, TflError* error) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  if (op_require_type(in, TFL_TYPE_FLOAT32, "input", index, error) ||
      op_require_type(out, TFL_TYPE_FLOAT32, "output", index, error)) {
    return -1;
  }
  if (rank && (op_require_rank(in, rank, "input", index, error) ||
               op_require_rank(out, rank, "output", index, error))) {
    return -1;
  }
  return 0;
}

static void set_shapes(TflModel* m, int index, FloatWindowState* s) {
  op_shape4(op_input(m, index, 0), &s->in_shape);
  op_shape4(op_output(m, index), &s->out_shape);
  const TflTensor* filter = op_input(m, index, 1);
  if (filter && filter->rank == 4) op_shape4(filter, &s->filter_shape);
}

static int check_output_shape(const TflTensor* out, int n, int h, int w, int c, int index,
                              TflError* error) {
  if (out->dims[0] != n || out->dims[1] != h || out->dims[2] != w || out->dims[3] != c) {
    return tfl_fail(error, index, "output shape does not match the computed %dx%dx%dx%d", n, h, w,
                    c);
  }
  return 0;
}

/* ---- CONV_2D ---- */

static int conv_window(TflModel* m, int index, TflFloatWindow* w, TflError* error) {
  ConvGeometry g;
  if (conv2d_geometry(m, index, &g, error)) return -1;
  w->stride_h = g.stride_h;
  w->stride_w = g.stride_w;
  w->dilation_h = g.dilation_h;
  w->dilation_w = g.dilation_w;
  w->pad_top = g.pad_top;
  w->pad_left = g.pad_left;
  tfl_activation_range_float((TflFusedActivation)g.activation, &w->act_min, &w->act_max);
  return 0;
}

static int conv_check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 3, error) || require_float_io(m, index, 4, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  if (op_require_rank(filter, 4, "filter", index, error) ||
      op_require_float_weights(filter, index, error) ||
      op_require_bias_float(op_input(m, index, 2), filter->dims[0], index, error)) {
    return -1;
  }
  if (filter->dims[3] != in->dims[3]) {
    return tfl_fail(error, index, "filter has %d input channels but the input has %d",
                    (int)filter->dims[3], (int)in->dims[3]);
  }
  ConvGeometry g;
  if (conv2d_geometry(m, index, &g, error) ||
      check_output_shape(op_output(m, index), in->dims[0], g.out_h, g.out_w, filter->dims[0], index,
                         error)) {
    return -1;
  }
  TflOperator* op = op_at(m, index);
  op->macs = (uint64_t)op_output(m, index)->elements * (uint64_t)filter->dims[1] *
             (uint64_t)filter->dims[2] * (uint64_t)filter->dims[3];
  op->kernel = "reference_float";
  return 0;
}

static int window_prepare(TflRuntime* rt, int index, TflError* error, FloatWindowState** out) {
  FloatWindowState* s = (FloatWindowState*)tfl_state_alloc(rt, sizeof(FloatWindowState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  set_shapes(rt->model, index, s);
  *out = s;
  return 0;
}

static int conv_prepare(TflRuntime* rt, int index, TflError* error) {
  FloatWindowState* s;
  if (window_prepare(rt, index, error, &s)) return -1;
  return conv_window(rt->model, index, &s->window, error);
}

static const float* bias_of(TflRuntime* rt, int index, int slot) {
  const TflTensor* bias = op_input(rt->model, index, slot);
  return bias ? (const float*)bias->data : NULL;
}

static void conv_eval(TflRuntime* rt, int index) {
  const FloatWindowState* s = (const FloatWindowState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  tfl_conv_float(&s->window, &s->in_shape, (const float*)tfl_tensor_data(rt, op->inputs[0]),
                 &s->filter_shape, (const float*)tfl_tensor_data(rt, op->inputs[1]),
                 bias_of(rt, index, 2), &s->out_shape, (float*)tfl_tensor_data(rt, op->outputs[0]));
}

/* ---- DEPTHWISE_CONV_2D ---- */

static int depthwise_window(TflModel* m, int index, TflFloatWindow* w, int* out_h, int* out_w,
                            TflError* error) {
  FbReader* r = &m->reader;
  const FbTable* t = &m->operators[index].options;
  const int padding = fb_i8(r, t, TFL_DW_PADDING, TFL_PADDING_KIND_SAME);
  const int activation = fb_i8(r, t, TFL_DW_ACTIVATION, TFL_FUSED_NONE);
  w->stride_w = fb_i32(r, t, TFL_DW_STRIDE_W, 0);
  w->stride_h = fb_i32(r, t, TFL_DW_STRIDE_H, 0);
  w->dilation_w = fb_i32(r, t, TFL_DW_DILATION_W, 1);
  w->dilation_h = fb_i32(r, t, TFL_DW_DILATION_H, 1);
  if ((padding != TFL_PADDING_KIND_SAME && padding != TFL_PADDING_KIND_VALID) || w->stride_w < 1 ||
      w->stride_h < 1 || w->dilation_w < 1 || w->dilation_h < 1 || w->stride_w > 64 ||
      w->stride_h > 64 || w->dilation_w > 64 || w->dilation_h > 64) {
    return tfl_fail(error, index, "padding, stride or dilation out of range");
  }
  if (op_require_activation(activation, index, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  w->depth_multiplier = filter->dims[3] / in->dims[3];
  if (op_output_size(padding, in->dims[1], filter->dims[1], w->stride_h, w->dilation_h, out_h,
                     &w->pad_top) ||
      op_output_size(padding, in->dims[2], filter->dims[2], w->stride_w, w->dilation_w, out_w,
                     &w->pad_left)) {
    return tfl_fail(error, index, "the filter is larger than the input");
  }
  tfl_activation_range_float((TflFusedActivation)activation, &w->act_min, &w->act_max);
  return 0;
}

static int depthwise_check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 3, error) || require_float_io(m, index, 4, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  if (op_require_rank(filter, 4, "filter", index, error) ||
      op_require_float_weights(filter, index, error) ||
      op_require_bias_float(op_input(m, index, 2), filter->dims[3], index, error)) {
    return -1;
  }
  if (filter->dims[0] != 1 || filter->dims[3] % in->dims[3] != 0) {
    return tfl_fail(error, index, "filter [1, KH, KW, C x multiplier] does not fit %d channels",
                    (int)in->dims[3]);
  }
  TflFloatWindow w;
  int out_h, out_w;
  if (depthwise_window(m, index, &w, &out_h, &out_w, error) ||
      check_output_shape(op_output(m, index), in->dims[0], out_h, out_w, filter->dims[3], index,
                         error)) {
    return -1;
  }
  TflOperator* op = op_at(m, index);
  op->macs = (uint64_t)op_output(m, index)->elements * (uint64_t)filter->dims[1] *
             (uint64_t)filter->dims[2];
  op->kernel = "reference_float";
  return 0;
}

static int depthwise_prepare(TflRuntime* rt, int index, TflError* error) {
  FloatWindowState* s;
  int out_h, out_w;
  if (window_prepare(rt, index, error, &s)) return -1;
  return depthwise_window(rt->model, index, &s->window, &out_h, &out_w, error);
}

static void depthwise_eval(TflRuntime* rt, int index) {
  const FloatWindowState* s = (const FloatWindowState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  tfl_depthwise_float(&s->window, &s->in_shape, (const float*)tfl_tensor_data(rt, op->inputs[0]),
                      &s->filter_shape, (const float*)tfl_tensor_data(rt, op->inputs[1]),
                      bias_of(rt, index, 2), &s->out_shape,
                      (float*)tfl_tensor_data(rt, op->outputs[0]));
}

/* ---- AVERAGE_POOL_2D, MAX_POOL_2D ---- */

static int pool_window(TflModel* m, int index, TflFloatWindow* w, int* out_h, int* out_w,
                       TflError* error) {
  FbReader* r = &m->reader;
  const FbTable* o = &m->operators[index].options;
  const int padding = fb_i8(r, o, TFL_POOL_PADDING, TFL_PADDING_KIND_SAME);
  const int activation = fb_i8(r, o, TFL_POOL_ACTIVATION, TFL_FUSED_NONE);
  w->stride_w = fb_i32(r, o, TFL_POOL_STRIDE_W, 0);
  w->stride_h = fb_i32(r, o, TFL_POOL_STRIDE_H, 0);
  w->filter_w = fb_i32(r, o, TFL_POOL_FILTER_W, 0);
  w->filter_h = fb_i32(r, o, TFL_POOL_FILTER_H, 0);
  if ((padding != TFL_PADDING_KIND_SAME && padding != TFL_PADDING_KIND_VALID) || w->stride_w < 1 ||
      w->stride_h < 1 || w->filter_w < 1 || w->filter_h < 1 || w->stride_w > 1024 ||
      w->stride_h > 1024 || w->filter_w > 4096 || w->filter_h > 4096) {
    return tfl_fail(error, index, "filter, stride or padding out of range");
  }
  if (op_require_activation(activation, index, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  if (op_output_size(padding, in->dims[1], w->filter_h, w->stride_h, 1, out_h, &w->pad_top) ||
      op_output_size(padding, in->dims[2], w->filter_w, w->stride_w, 1, out_w, &w->pad_left)) {
    return tfl_fail(error, index, "the filter is larger than the input");
  }
  tfl_activation_range_float((TflFusedActivation)activation, &w->act_min, &w->act_max);
  return 0;
}

static int pool_check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 1, 1, error) || require_float_io(m, index, 4, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  TflFloatWindow w;
  int out_h, out_w;
  if (pool_window(m, index, &w, &out_h, &out_w, error) ||
      check_output_shape(op_output(m, index), in->dims[0], out_h, out_w, in->dims[3], index,
                         error)) {
    return -1;
  }
  op_at(m, index)->kernel = "reference_float";
  return 0;
}

static int pool_prepare(TflRuntime* rt, int index, TflError* error) {
  FloatWindowState* s;
  int out_h, out_w;
  if (window_prepare(rt, index, error, &s)) return -1;
  return pool_window(rt->model, index, &s->window, &out_h, &out_w, error);
}

static void pool_eval(TflRuntime* rt, int index) {
  const FloatWindowState* s = (const FloatWindowState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  const float* in = (const float*)tfl_tensor_data(rt, op->inputs[0]);
  float* out = (float*)tfl_tensor_data(rt, op->outputs[0]);
  if (op->builtin == TFL_OP_AVERAGE_POOL_2D) {
    tfl_average_pool_float(&s->window, &s->in_shape, in, &s->out_shape, out);
  } else {
    tfl_max_pool_float(&s->window, &s->in_shape, in, &s->out_shape, out);
  }
}

/* ---- SOFTMAX, LOGISTIC ---- */

static int elementwise_check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 1, 1, error) || require_float_io(m, index, 0, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  if (in->elements != op_output(m, index)->elements || in->rank < 1) {
    return tfl_fail(error, index, "input and output shapes differ");
  }
  op_at(m, index)->kernel = "reference_float";
  return 0;
}

static void softmax_eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  const TflTensor* in = &rt->model->tensors[op->inputs[0]];
  const int depth = in->dims[in->rank - 1];
  const float beta = fb_f32(&rt->model->reader, &op->options, TFL_SOFTMAX_BETA, 0.0f);
  tfl_softmax_float(beta, (int)in->elements / depth, depth,
                    (const float*)tfl_tensor_data(rt, op->inputs[0]),
                    (float*)tfl_tensor_data(rt, op->outputs[0]));
}

static void logistic_eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  tfl_logistic_float((int)rt->model->tensors[op->outputs[0]].elements,
                     (const float*)tfl_tensor_data(rt, op->inputs[0]),
                     (float*)tfl_tensor_data(rt, op->outputs[0]));
}

static const TflOpKernel kFloatKernels[] = {
    {TFL_OP_CONV_2D, "conv_2d", conv_check, conv_prepare, conv_eval},
    {TFL_OP_DEPTHWISE_CONV_2D, "depthwise_conv_2d", depthwise_check, depthwise_prepare,
     depthwise_eval},
    {TFL_OP_AVERAGE_POOL_2D, "average_pool_2d", pool_check, pool_prepare, pool_eval},
    {TFL_OP_MAX_POOL_2D, "max_pool_2d", pool_check, pool_prepare, pool_eval},
    {TFL_OP_SOFTMAX, "softmax", elementwise_check, op_prepare_nothing, softmax_eval},
    {TFL_OP_LOGISTIC, "logistic", elementwise_check, op_prepare_nothing, logistic_eval},
};

const TflOpKernel* tfl_find_float_kernel(int32_t builtin) {
  for (unsigned i = 0; i < sizeof(kFloatKernels) / sizeof(kFloatKernels[0]); ++i) {
    if (kFloatKernels[i].builtin == builtin) return &kFloatKernels[i];
  }
  return 0;
}
