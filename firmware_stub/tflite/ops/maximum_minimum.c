/* MAXIMUM, MINIMUM int8 with broadcasting up to 4-D, as TFLM (accsim_kernels/
 * tfl_maximum_minimum.h). TFLM compares the raw int8 values whatever their quantisation; here
 * both inputs and the output must share one quantisation (as the converter writes them), so
 * that the raw comparison is the real one and the output bytes mean what they say. */
#include "accsim_kernels/tfl_maximum_minimum.h"
#include "op_util.h"

static int shapes(TflModel* m, int index, Shape4* a, Shape4* b, Shape4* out) {
  const TflTensor* in1 = op_input(m, index, 0);
  const TflTensor* in2 = op_input(m, index, 1);
  const TflTensor* o = op_output(m, index);
  return op_shape4(in1, a) || op_shape4(in2, b) || op_shape4(o, out) ? -1 : 0;
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 2, error)) return -1;
  const TflTensor* a = op_input(m, index, 0);
  const TflTensor* b = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  if (op_require_int8(m, index, a, "input 1", error) ||
      op_require_int8(m, index, b, "input 2", error) ||
      op_require_int8(m, index, out, "output", error)) {
    return -1;
  }
  if (a->scale != out->scale || a->zero_point != out->zero_point || b->scale != out->scale ||
      b->zero_point != out->zero_point) {
    return tfl_fail(error, index,
                    "both inputs and the output must share one quantization (the kernel "
                    "compares raw int8 values)");
  }
  Shape4 s1, s2, so;
  TflMaxMinParams params;
  if (shapes(m, index, &s1, &s2, &so) != 0) {
    return tfl_fail(error, index, "a tensor has rank above 4");
  }
  if (tfl_maximum_minimum_prepare(&s1, &s2, &so, 1, &params) != 0) {
    return tfl_fail(error, index, "the inputs do not broadcast to the output");
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflMaxMinParams* p = (TflMaxMinParams*)tfl_state_alloc(rt, sizeof(TflMaxMinParams));
  if (!p) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = p;
  Shape4 s1, s2, so;
  shapes(rt->model, index, &s1, &s2, &so);
  tfl_maximum_minimum_prepare(&s1, &s2, &so, rt->model->operators[index].builtin == TFL_OP_MAXIMUM,
                              p);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  tfl_maximum_minimum_int8((const TflMaxMinParams*)rt->op_state[index],
                           (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
                           (const int8_t*)tfl_tensor_data(rt, op->inputs[1]),
                           (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_maximum_kernel = {TFL_OP_MAXIMUM, "maximum", check, prepare, eval};
const TflOpKernel tfl_minimum_kernel = {TFL_OP_MINIMUM, "minimum", check, prepare, eval};
