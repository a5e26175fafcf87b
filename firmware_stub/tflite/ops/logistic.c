/* LOGISTIC int8, TFLM's integer path (accsim_kernels/tfl_logistic.h). As TFLM, the output zero
 * point must be -128 and the output scale is not read (the kernel writes 1/256 steps). */
#include "accsim_kernels/tfl_logistic.h"
#include "op_util.h"

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 1, 1, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  if (op_require_int8(m, index, in, "input", error) ||
      op_require_int8(m, index, out, "output", error)) {
    return -1;
  }
  if (out->zero_point != -128) {
    return tfl_fail(error, index, "output zero point is %d; TFLite requires -128",
                    (int)out->zero_point);
  }
  if (in->elements != out->elements) {
    return tfl_fail(error, index, "input and output sizes differ");
  }
  TflLogisticParams params;
  if (tfl_logistic_prepare_int8(in->scale, in->zero_point, &params) != 0) {
    return tfl_fail(error, index, "input scale %g is outside what TFLite's integer path handles",
                    (double)in->scale);
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflLogisticParams* p = (TflLogisticParams*)tfl_state_alloc(rt, sizeof(TflLogisticParams));
  if (!p) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = p;
  const TflTensor* in = op_input(rt->model, index, 0);
  tfl_logistic_prepare_int8(in->scale, in->zero_point, p);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  tfl_logistic_int8((const TflLogisticParams*)rt->op_state[index],
                    (int)rt->model->tensors[op->outputs[0]].elements,
                    (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
                    (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_logistic_kernel = {TFL_OP_LOGISTIC, "logistic", check, prepare, eval};
