/* ADD, SUB, MUL on float32 tensors (arithmetic.c hands them over): broadcast up to 4-D, fused
 * activation, TFLite's reference float arithmetic (accsim_kernels/tfl_float.h). */
#include "arithmetic_float.h"

#include "accsim_kernels/tfl_float.h"

typedef struct {
  TflFloatBinary op;
  float act_min, act_max;
  Shape4 shape1, shape2, out_shape;
} FloatArithmeticState;

static int activation_of(TflModel* m, int index) {
  return fb_i8(&m->reader, &m->operators[index].options, TFL_ARITH_ACTIVATION, TFL_FUSED_NONE);
}

int arithmetic_float_check(TflModel* m, int index, TflError* error) {
  const TflTensor* a = op_input(m, index, 0);
  const TflTensor* b = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  if (op_require_type(a, TFL_TYPE_FLOAT32, "input 1", index, error) ||
      op_require_type(b, TFL_TYPE_FLOAT32, "input 2", index, error) ||
      op_require_type(out, TFL_TYPE_FLOAT32, "output", index, error) ||
      op_require_activation(activation_of(m, index), index, error)) {
    return -1;
  }
  Shape4 sa, sb, so;
  int32_t strides[4];
  if (op_shape4(a, &sa) || op_shape4(b, &sb) || op_shape4(out, &so)) {
    return tfl_fail(error, index, "tensors above rank 4 are not supported");
  }
  for (int d = 0; d < 4; ++d) {
    if (so.dims[d] != (sa.dims[d] > sb.dims[d] ? sa.dims[d] : sb.dims[d])) {
      return tfl_fail(error, index, "the output shape is not the inputs' broadcast shape");
    }
  }
  if (tfl_broadcast_strides_ok(&sa, &so, strides) || tfl_broadcast_strides_ok(&sb, &so, strides)) {
    return tfl_fail(error, index, "shapes do not broadcast to the output shape");
  }
  op_at(m, index)->kernel = "reference_float";
  return 0;
}

int arithmetic_float_prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  FloatArithmeticState* s =
      (FloatArithmeticState*)tfl_state_alloc(rt, sizeof(FloatArithmeticState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  const int32_t builtin = m->operators[index].builtin;
  s->op = builtin == TFL_OP_ADD   ? TFL_FLOAT_ADD
          : builtin == TFL_OP_SUB ? TFL_FLOAT_SUB
                                  : TFL_FLOAT_MUL;
  tfl_activation_range_float((TflFusedActivation)activation_of(m, index), &s->act_min, &s->act_max);
  op_shape4(op_input(m, index, 0), &s->shape1);
  op_shape4(op_input(m, index, 1), &s->shape2);
  op_shape4(op_output(m, index), &s->out_shape);
  return 0;
}

void arithmetic_float_eval(TflRuntime* rt, int index) {
  const FloatArithmeticState* s = (const FloatArithmeticState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  tfl_binary_float(s->op, s->act_min, s->act_max, &s->shape1,
                   (const float*)tfl_tensor_data(rt, op->inputs[0]), &s->shape2,
                   (const float*)tfl_tensor_data(rt, op->inputs[1]), &s->out_shape,
                   (float*)tfl_tensor_data(rt, op->outputs[0]));
}
