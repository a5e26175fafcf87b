/* DIV int8 with broadcasting up to 4-D and a fused activation, as TFLM
 * (accsim_kernels/tfl_div.h). */
#include "accsim_kernels/tfl_div.h"
#include "op_util.h"

/* DivOptions */
enum { kActivation = 0 };

static int params_of(TflModel* m, int index, TflDivParams* p) {
  const TflTensor* a = op_input(m, index, 0);
  const TflTensor* b = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  Shape4 sa, sb, so;
  if (op_shape4(a, &sa) || op_shape4(b, &sb) || op_shape4(out, &so)) return -1;
  int32_t act_min, act_max;
  op_activation_range(fb_i8(&m->reader, &m->operators[index].options, kActivation, 0), out,
                      &act_min, &act_max);
  return tfl_div_prepare_int8(&sa, a->scale, a->zero_point, &sb, b->scale, b->zero_point, &so,
                              out->scale, out->zero_point, act_min, act_max, p);
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 2, error)) return -1;
  const TflTensor* out = op_output(m, index);
  if (op_require_int8(m, index, op_input(m, index, 0), "input 1", error) ||
      op_require_int8(m, index, op_input(m, index, 1), "input 2", error) ||
      op_require_int8(m, index, out, "output", error) ||
      op_require_activation(fb_i8(&m->reader, &op_at(m, index)->options, kActivation, 0), index,
                            error)) {
    return -1;
  }
  TflDivParams params;
  if (params_of(m, index, &params) != 0) {
    return tfl_fail(error, index,
                    "the inputs do not broadcast to the output (rank <= 4), or the scales' "
                    "ratio is above 2^23");
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflDivParams* p = (TflDivParams*)tfl_state_alloc(rt, sizeof(TflDivParams));
  if (!p) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = p;
  params_of(rt->model, index, p);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  tfl_div_int8((const TflDivParams*)rt->op_state[index],
               (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
               (const int8_t*)tfl_tensor_data(rt, op->inputs[1]),
               (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_div_kernel = {TFL_OP_DIV, "div", check, prepare, eval};
