/* PACK int8 (or int32), as TFLM's pack.cc: values_count inputs of one shape stacked along a new
 * axis (negative counts from the output's rank). A byte copy: int8 inputs must share the output's
 * quantisation, as for CONCATENATION. */
#include "op_util.h"

/* PackOptions */
enum { kValuesCount = 0, kAxis = 1 };

typedef struct {
  uint32_t outer, copy_bytes; /* copies per input, bytes per copy */
} PackState;

static int layout(TflModel* m, int index, PackState* s) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  int axis = fb_i32(&m->reader, &m->operators[index].options, kAxis, 0);
  if (axis < 0) axis += out->rank;
  if (axis < 0 || axis >= out->rank) return -1;
  uint32_t outer = 1, copy = 1;
  for (int d = 0; d < axis; ++d) outer *= (uint32_t)out->dims[d];
  for (int d = axis + 1; d < out->rank; ++d) copy *= (uint32_t)out->dims[d];
  s->outer = outer;
  s->copy_bytes = copy * (in->type == TFL_TYPE_INT32 ? 4u : 1u);
  return axis;
}

static int check(TflModel* m, int index, TflError* error) {
  const TflOperator* op = op_at(m, index);
  if (op_require_inputs(m, index, 1, TFL_MAX_OP_INPUTS, error)) return -1;
  const TflTensor* out = op_output(m, index);
  const int values = fb_i32(&m->reader, &op->options, kValuesCount, 0);
  if (values != op->input_count) {
    return tfl_fail(error, index, "values_count is %d for %d inputs", values, op->input_count);
  }
  const TflTensor* first = op_input(m, index, 0);
  for (int i = 0; i < op->input_count; ++i) {
    const TflTensor* in = op_input(m, index, i);
    if (!in) return tfl_fail(error, index, "input %d is absent", i);
    if (in->type == TFL_TYPE_INT32) {
      if (op_require_type(out, TFL_TYPE_INT32, "output", index, error)) return -1;
    } else if (op_require_int8(m, index, in, "input", error) ||
               op_require_int8(m, index, out, "output", error) ||
               op_require_same_quantization(in, out, "output", index, error)) {
      return -1;
    }
    int same = in->type == first->type && in->rank == first->rank;
    for (int d = 0; same && d < in->rank; ++d) same = in->dims[d] == first->dims[d];
    if (!same) return tfl_fail(error, index, "input %d's type or shape differs from input 0's", i);
  }
  PackState s;
  const int axis = out->rank == first->rank + 1 ? layout(m, index, &s) : -1;
  int fits = axis >= 0 && out->dims[axis] == op->input_count;
  for (int d = 0, e = 0; fits && d < out->rank; ++d) {
    if (d != axis) fits = out->dims[d] == first->dims[e++];
  }
  if (!fits) {
    char shape[64];
    op_format_shape(out, shape, (int)sizeof(shape));
    return tfl_fail(error, index, "output shape %s is not the inputs stacked along the axis",
                    shape);
  }
  op_at(m, index)->kernel = "copy";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  PackState* s = (PackState*)tfl_state_alloc(rt, sizeof(PackState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  layout(rt->model, index, s);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  const PackState* s = (const PackState*)rt->op_state[index];
  uint8_t* out = (uint8_t*)tfl_tensor_data(rt, op->outputs[0]);
  const uint32_t stride = s->copy_bytes * (uint32_t)op->input_count;
  for (int i = 0; i < op->input_count; ++i) {
    const uint8_t* in = (const uint8_t*)tfl_tensor_data(rt, op->inputs[i]);
    for (uint32_t k = 0; k < s->outer; ++k) {
      uint8_t* dst = out + k * stride + (uint32_t)i * s->copy_bytes;
      const uint8_t* src = in + k * s->copy_bytes;
      for (uint32_t j = 0; j < s->copy_bytes; ++j) dst[j] = src[j];
    }
  }
}

const TflOpKernel tfl_pack_kernel = {TFL_OP_PACK, "pack", check, prepare, eval};
