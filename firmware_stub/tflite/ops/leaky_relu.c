/* LEAKY_RELU int8, as TFLM (accsim_kernels/tfl_leaky_relu.h): alpha from LeakyReluOptions, any
 * input and output quantisation; a negative alpha is refused. */
#include "accsim_kernels/tfl_leaky_relu.h"
#include "op_util.h"

/* LeakyReluOptions */
enum { kAlpha = 0 };

static int params_of(TflModel* m, int index, TflLeakyReluParams* p) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  const float alpha = fb_f32(&m->reader, &m->operators[index].options, kAlpha, 0.0f);
  return tfl_leaky_relu_prepare_int8(in->scale, in->zero_point, alpha, out->scale, out->zero_point,
                                     p);
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 1, 1, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  if (op_require_int8(m, index, in, "input", error) ||
      op_require_int8(m, index, out, "output", error)) {
    return -1;
  }
  if (in->elements != out->elements) {
    return tfl_fail(error, index, "input and output sizes differ");
  }
  TflLeakyReluParams params;
  if (params_of(m, index, &params) != 0) {
    return tfl_fail(error, index, "alpha is negative (not supported)");
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflLeakyReluParams* p = (TflLeakyReluParams*)tfl_state_alloc(rt, sizeof(TflLeakyReluParams));
  if (!p) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = p;
  params_of(rt->model, index, p);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  tfl_leaky_relu_int8((const TflLeakyReluParams*)rt->op_state[index],
                      (int)rt->model->tensors[op->outputs[0]].elements,
                      (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
                      (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_leaky_relu_kernel = {TFL_OP_LEAKY_RELU, "leaky_relu", check, prepare, eval};
