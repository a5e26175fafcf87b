/* AVERAGE_POOL_2D and MAX_POOL_2D, int8 NHWC: filter, stride, SAME/VALID padding and a fused
 * activation; TFLite's reference kernels (accsim_kernels/tfl_pool.h). The output must share the
 * input's quantisation, as TFLite's pooling does not rescale. */
#include "accsim_kernels/tfl_pool.h"
#include "op_util.h"

typedef struct {
  TflPoolParams params;
  Shape4 in_shape, out_shape;
} PoolState;

static int compute_params(TflModel* m, int index, TflPoolParams* params, int* out_h, int* out_w) {
  FbReader* r = &m->reader;
  const FbTable* o = &m->operators[index].options;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  const int padding = fb_i8(r, o, TFL_POOL_PADDING, TFL_PADDING_KIND_SAME);
  const int stride_w = fb_i32(r, o, TFL_POOL_STRIDE_W, 0);
  const int stride_h = fb_i32(r, o, TFL_POOL_STRIDE_H, 0);
  const int filter_w = fb_i32(r, o, TFL_POOL_FILTER_W, 0);
  const int filter_h = fb_i32(r, o, TFL_POOL_FILTER_H, 0);
  const int activation = fb_i8(r, o, TFL_POOL_ACTIVATION, TFL_FUSED_NONE);
  if (stride_w < 1 || stride_h < 1 || filter_w < 1 || filter_h < 1 || stride_w > 1024 ||
      stride_h > 1024 || filter_w > 4096 || filter_h > 4096 ||
      (padding != TFL_PADDING_KIND_SAME && padding != TFL_PADDING_KIND_VALID) ||
      (activation != TFL_FUSED_NONE && activation != TFL_FUSED_RELU &&
       activation != TFL_FUSED_RELU6 && activation != TFL_FUSED_RELU_N1_TO_1)) {
    return -1;
  }
  if (tfl_pool_prepare_int8((TflPaddingKind)padding, stride_h, stride_w, filter_h, filter_w,
                            in->dims[1], in->dims[2], (TflFusedActivation)activation, out->scale,
                            out->zero_point, params, out_h, out_w) != 0) {
    return -1;
  }
  return *out_h > 0 && *out_w > 0 ? 0 : -1;
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 1, 1, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  if (op_require_int8(m, index, in, "input", error) ||
      op_require_int8(m, index, out, "output", error) ||
      op_require_rank(in, 4, "input", index, error) ||
      op_require_rank(out, 4, "output", index, error) ||
      op_require_same_quantization(in, out, "output", index, error)) {
    return -1;
  }
  TflPoolParams params;
  int out_h, out_w;
  if (compute_params(m, index, &params, &out_h, &out_w) != 0) {
    return tfl_fail(error, index, "filter, stride, padding or activation out of range");
  }
  if (out->dims[0] != in->dims[0] || out->dims[1] != out_h || out->dims[2] != out_w ||
      out->dims[3] != in->dims[3]) {
    return tfl_fail(error, index,
                    "output shape %dx%dx%dx%d does not match the computed %dx%dx%dx%d",
                    (int)out->dims[0], (int)out->dims[1], (int)out->dims[2], (int)out->dims[3],
                    (int)in->dims[0], out_h, out_w, (int)in->dims[3]);
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  PoolState* s = (PoolState*)tfl_state_alloc(rt, sizeof(PoolState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  int out_h, out_w;
  compute_params(m, index, &s->params, &out_h, &out_w);
  op_shape4(op_input(m, index, 0), &s->in_shape);
  op_shape4(op_output(m, index), &s->out_shape);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const PoolState* s = (const PoolState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  const int8_t* input = (const int8_t*)tfl_tensor_data(rt, op->inputs[0]);
  int8_t* output = (int8_t*)tfl_tensor_data(rt, op->outputs[0]);
  if (op->builtin == TFL_OP_AVERAGE_POOL_2D) {
    tfl_average_pool_int8(&s->params, &s->in_shape, input, &s->out_shape, output);
  } else {
    tfl_max_pool_int8(&s->params, &s->in_shape, input, &s->out_shape, output);
  }
}

const TflOpKernel tfl_average_pool_2d_kernel = {TFL_OP_AVERAGE_POOL_2D, "average_pool_2d", check,
                                                prepare, eval};
const TflOpKernel tfl_max_pool_2d_kernel = {TFL_OP_MAX_POOL_2D, "max_pool_2d", check, prepare,
                                            eval};
