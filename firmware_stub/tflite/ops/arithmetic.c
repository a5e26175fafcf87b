/* ADD, SUB, MUL: two int8 inputs (either may be constant) broadcast against each other up to 4-D,
 * int8 output with a fused activation; TFLite's reference arithmetic (accsim_kernels/
 * tfl_elementwise.h). */
#include "accsim_kernels/tfl_elementwise.h"
#include "arithmetic_float.h"
#include "op_util.h"

typedef int (*PrepareFn)(float, int32_t, float, int32_t, float, int32_t, TflFusedActivation,
                         TflArithmeticParams*);
typedef int (*EvalFn)(const TflArithmeticParams*, const Shape4*, const int8_t*, const Shape4*,
                      const int8_t*, const Shape4*, int8_t*);

typedef struct {
  TflArithmeticParams params;
  Shape4 shape1, shape2, out_shape;
} ArithmeticState;

static PrepareFn prepare_fn(int32_t builtin) {
  return builtin == TFL_OP_ADD   ? tfl_add_prepare_int8
         : builtin == TFL_OP_SUB ? tfl_sub_prepare_int8
                                 : tfl_mul_prepare_int8;
}

static EvalFn eval_fn(int32_t builtin) {
  return builtin == TFL_OP_ADD ? tfl_add_int8 : builtin == TFL_OP_SUB ? tfl_sub_int8 : tfl_mul_int8;
}

static int activation_of(TflModel* m, int index) {
  return fb_i8(&m->reader, &m->operators[index].options, TFL_ARITH_ACTIVATION, TFL_FUSED_NONE);
}

static int compute_params(TflModel* m, int index, TflArithmeticParams* params) {
  const TflTensor* a = op_input(m, index, 0);
  const TflTensor* b = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  return prepare_fn(m->operators[index].builtin)(
      a->scale, a->zero_point, b->scale, b->zero_point, out->scale, out->zero_point,
      (TflFusedActivation)activation_of(m, index), params);
}

static int is_float(TflModel* m, int index) {
  return m->tensors[m->operators[index].inputs[0]].type == TFL_TYPE_FLOAT32;
}

static int is_int16(TflModel* m, int index) {
  return m->tensors[m->operators[index].inputs[0]].type == TFL_TYPE_INT16;
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 2, error)) return -1;
  if (is_float(m, index)) return arithmetic_float_check(m, index, error);
  if (is_int16(m, index)) return arithmetic_int16_check(m, index, error);
  const TflTensor* a = op_input(m, index, 0);
  const TflTensor* b = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  if (op_require_int8(m, index, a, "input 1", error) ||
      op_require_int8(m, index, b, "input 2", error) ||
      op_require_int8(m, index, out, "output", error) ||
      op_require_activation(activation_of(m, index), index, error)) {
    return -1;
  }
  Shape4 sa, sb, so;
  if (op_shape4(a, &sa) || op_shape4(b, &sb) || op_shape4(out, &so)) {
    return tfl_fail(error, index, "tensors above rank 4 are not supported");
  }
  for (int d = 0; d < 4; ++d) {
    const int32_t x = sa.dims[d], y = sb.dims[d];
    if ((x != y && x != 1 && y != 1) || so.dims[d] != (x > y ? x : y)) {
      return tfl_fail(error, index,
                      "shapes do not broadcast to the output shape (dimension %d: "
                      "%d and %d to %d)",
                      d, (int)x, (int)y, (int)so.dims[d]);
    }
  }
  TflArithmeticParams params;
  if (compute_params(m, index, &params) != 0) {
    return tfl_fail(error, index, "the quantization scales give a multiplier TFLite rejects");
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  if (is_float(m, index)) return arithmetic_float_prepare(rt, index, error);
  if (is_int16(m, index)) return arithmetic_int16_prepare(rt, index, error);
  ArithmeticState* s = (ArithmeticState*)tfl_state_alloc(rt, sizeof(ArithmeticState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  compute_params(m, index, &s->params);
  op_shape4(op_input(m, index, 0), &s->shape1);
  op_shape4(op_input(m, index, 1), &s->shape2);
  op_shape4(op_output(m, index), &s->out_shape);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  if (is_float(rt->model, index)) {
    arithmetic_float_eval(rt, index);
    return;
  }
  if (is_int16(rt->model, index)) {
    arithmetic_int16_eval(rt, index);
    return;
  }
  const ArithmeticState* s = (const ArithmeticState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  eval_fn(op->builtin)(&s->params, &s->shape1, (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
                       &s->shape2, (const int8_t*)tfl_tensor_data(rt, op->inputs[1]), &s->out_shape,
                       (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_add_kernel = {TFL_OP_ADD, "add", check, prepare, eval};
const TflOpKernel tfl_sub_kernel = {TFL_OP_SUB, "sub", check, prepare, eval};
const TflOpKernel tfl_mul_kernel = {TFL_OP_MUL, "mul", check, prepare, eval};
