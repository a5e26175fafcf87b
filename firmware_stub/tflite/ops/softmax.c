/* SOFTMAX over the last dimension, int8 in, int8 out (scale 1/256, zero point -128, as TFLite
 * requires) or int16 out (zero point -32768); TFLite's fixed-point reference
 * (accsim_kernels/tfl_softmax.h). */
#include "accsim_kernels/tfl_softmax.h"
#include "op_util.h"

static int compute_params(TflModel* m, int index, TflSoftmaxParams* params) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  const float beta = fb_f32(&m->reader, &m->operators[index].options, TFL_SOFTMAX_BETA, 0.0f);
  if (out->type == TFL_TYPE_INT16) {
    return tfl_softmax_prepare_int8_int16(beta, in->scale, out->zero_point, params);
  }
  return tfl_softmax_prepare_int8(beta, in->scale, out->scale, out->zero_point, params);
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 1, 1, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  if (op_require_int8(m, index, in, "input", error) ||
      (out->type == TFL_TYPE_INT16 ? op_require_int16(out, "output", 1, index, error)
                                   : op_require_int8(m, index, out, "output", error))) {
    return -1;
  }
  if (in->elements != out->elements || in->rank < 1) {
    return tfl_fail(error, index, "input and output shapes differ");
  }
  TflSoftmaxParams params;
  if (compute_params(m, index, &params) != 0) {
    return tfl_fail(error, index,
                    "output must have scale 1/256 and zero point -128 (int16: zero point "
                    "-32768), and beta times the input scale must be representable (TFLite's "
                    "int8 softmax)");
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflSoftmaxParams* p = (TflSoftmaxParams*)tfl_state_alloc(rt, sizeof(TflSoftmaxParams));
  if (!p) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = p;
  compute_params(rt->model, index, p);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  const TflTensor* in = &rt->model->tensors[op->inputs[0]];
  const int depth = in->dims[in->rank - 1];
  if (rt->model->tensors[op->outputs[0]].type == TFL_TYPE_INT16) {
    tfl_softmax_int8_int16((const TflSoftmaxParams*)rt->op_state[index], (int)in->elements / depth,
                           depth, (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
                           (int16_t*)tfl_tensor_data(rt, op->outputs[0]));
    return;
  }
  tfl_softmax_int8((const TflSoftmaxParams*)rt->op_state[index], (int)in->elements / depth, depth,
                   (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
                   (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_softmax_kernel = {TFL_OP_SOFTMAX, "softmax", check, prepare, eval};
