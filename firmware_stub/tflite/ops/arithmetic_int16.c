/* ADD and MUL on int16 tensors (16x8; arithmetic.c hands them over): broadcast up to 4-D, fused
 * activation, TFLite's integer arithmetic with int16 limits (accsim_kernels/
 * tfl_elementwise_int16.h). SUB on int16 is refused (TFLM's int16 SUB path is not reproduced). */
#include "accsim_kernels/tfl_elementwise_int16.h"
#include "arithmetic_float.h"
#include "fully_connected_typed.h"

typedef struct {
  TflArithmeticParams params;
  Shape4 shape1, shape2, out_shape;
} Int16ArithmeticState;

static int activation_of(TflModel* m, int index) {
  return fb_i8(&m->reader, &m->operators[index].options, TFL_ARITH_ACTIVATION, TFL_FUSED_NONE);
}

static int compute_params(TflModel* m, int index, TflArithmeticParams* params) {
  const TflTensor* a = op_input(m, index, 0);
  const TflTensor* b = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  int32_t act_min, act_max;
  op_activation_range_int16(activation_of(m, index), out, &act_min, &act_max);
  if (m->operators[index].builtin == TFL_OP_MUL) {
    tfl_mul_prepare_int16(a->scale, a->zero_point, b->scale, b->zero_point, out->scale,
                          out->zero_point, act_min, act_max, params);
    return 0;
  }
  return tfl_add_prepare_int16(a->scale, a->zero_point, b->scale, b->zero_point, out->scale,
                               out->zero_point, act_min, act_max, params);
}

int arithmetic_int16_check(TflModel* m, int index, TflError* error) {
  if (m->operators[index].builtin == TFL_OP_SUB) {
    return tfl_fail(error, index, "int16 SUB is not supported (int8 and float32 are)");
  }
  const TflTensor* a = op_input(m, index, 0);
  const TflTensor* b = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  if (op_require_int16(a, "input 1", 0, index, error) ||
      op_require_int16(b, "input 2", 0, index, error) ||
      op_require_int16(out, "output", 0, index, error) ||
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
  TflArithmeticParams params;
  if (compute_params(m, index, &params) != 0) {
    return tfl_fail(error, index, "the quantization scales give a multiplier TFLite rejects");
  }
  op_at(m, index)->kernel = "reference_16x8";
  return 0;
}

int arithmetic_int16_prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  Int16ArithmeticState* s =
      (Int16ArithmeticState*)tfl_state_alloc(rt, sizeof(Int16ArithmeticState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  compute_params(m, index, &s->params);
  op_shape4(op_input(m, index, 0), &s->shape1);
  op_shape4(op_input(m, index, 1), &s->shape2);
  op_shape4(op_output(m, index), &s->out_shape);
  return 0;
}

void arithmetic_int16_eval(TflRuntime* rt, int index) {
  const Int16ArithmeticState* s = (const Int16ArithmeticState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  const int16_t* a = (const int16_t*)tfl_tensor_data(rt, op->inputs[0]);
  const int16_t* b = (const int16_t*)tfl_tensor_data(rt, op->inputs[1]);
  int16_t* out = (int16_t*)tfl_tensor_data(rt, op->outputs[0]);
  if (op->builtin == TFL_OP_MUL) {
    tfl_mul_int16(&s->params, &s->shape1, a, &s->shape2, b, &s->out_shape, out);
  } else {
    tfl_add_int16(&s->params, &s->shape1, a, &s->shape2, b, &s->out_shape, out);
  }
}
