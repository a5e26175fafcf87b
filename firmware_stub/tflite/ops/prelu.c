/* PRELU int8, as TFLM (accsim_kernels/tfl_prelu.h): an int8 alpha (usually constant, any
 * per-tensor quantisation) broadcast against the input up to 4-D. */
#include "accsim_kernels/tfl_prelu.h"
#include "op_util.h"

static int params_of(TflModel* m, int index, TflPreluParams* p) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* alpha = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  Shape4 si, sa, so;
  if (op_shape4(in, &si) || op_shape4(alpha, &sa) || op_shape4(out, &so)) return -1;
  return tfl_prelu_prepare_int8(&si, in->scale, in->zero_point, &sa, alpha->scale,
                                alpha->zero_point, &so, out->scale, out->zero_point, p);
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 2, error)) return -1;
  if (op_require_int8(m, index, op_input(m, index, 0), "input", error) ||
      op_require_int8(m, index, op_input(m, index, 1), "alpha", error) ||
      op_require_int8(m, index, op_output(m, index), "output", error)) {
    return -1;
  }
  TflPreluParams params;
  if (params_of(m, index, &params) != 0) {
    return tfl_fail(error, index, "input and alpha do not broadcast to the output (rank <= 4)");
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflPreluParams* p = (TflPreluParams*)tfl_state_alloc(rt, sizeof(TflPreluParams));
  if (!p) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = p;
  params_of(rt->model, index, p);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  tfl_prelu_int8((const TflPreluParams*)rt->op_state[index],
                 (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
                 (const int8_t*)tfl_tensor_data(rt, op->inputs[1]),
                 (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_prelu_kernel = {TFL_OP_PRELU, "prelu", check, prepare, eval};
