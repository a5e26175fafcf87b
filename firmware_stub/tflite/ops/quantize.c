/* QUANTIZE, int8 to int8: requantisation to the output's scale and zero point
 * (accsim_kernels/tfl_requantize.h). Float inputs (the usual QUANTIZE at a float model's entry)
 * are refused: accsim runs int8 graphs. */
#include "accsim_kernels/tfl_requantize.h"
#include "op_util.h"

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
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  TflRequantizeParams* p = (TflRequantizeParams*)tfl_state_alloc(rt, sizeof(TflRequantizeParams));
  if (!p) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = p;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  tfl_requantize_prepare_int8(in->scale, in->zero_point, out->scale, out->zero_point, p);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  tfl_requantize_int8((const TflRequantizeParams*)rt->op_state[index],
                      (int)rt->model->tensors[op->outputs[0]].elements,
                      (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
                      (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_quantize_kernel = {TFL_OP_QUANTIZE, "quantize", check, prepare, eval};
