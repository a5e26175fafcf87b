/* CONCATENATION of int8 tensors (rank <= 4) along one axis (negative counts from the end). All
 * inputs must share the output's quantisation: TFLite Micro copies bytes without rescaling, so a
 * model that needs rescaling is refused rather than computed differently. float32 and int16
 * tensors are copied the same way, as bytes: their innermost dimension counts 4 or 2 bytes. */
#include "accsim_kernels/tfl_concatenation.h"
#include "op_util.h"

typedef struct {
  int axis4;
  int count;
  Shape4 shapes[TFL_MAX_OP_INPUTS];
  Shape4 out_shape;
} ConcatState;

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 1, TFL_MAX_OP_INPUTS, error)) return -1;
  const TflOperator* op = op_at(m, index);
  const TflTensor* out = op_output(m, index);
  const int type = out->type;
  if (type == TFL_TYPE_INT16     ? op_require_int16(out, "output", 1, index, error)
      : type == TFL_TYPE_FLOAT32 ? 0
                                 : op_require_int8(m, index, out, "output", error)) {
    return -1;
  }
  const int axis = fb_i32(&m->reader, &op->options, TFL_CONCAT_AXIS, 0);
  if (fb_i8(&m->reader, &op->options, TFL_CONCAT_ACTIVATION, TFL_FUSED_NONE) != TFL_FUSED_NONE) {
    return tfl_fail(error, index, "a fused activation on CONCATENATION is not supported");
  }
  int axis4;
  if (tfl_concatenation_axis4(axis, out->rank, &axis4) != 0) {
    return tfl_fail(error, index, "axis %d out of range for rank %d (ranks up to 4)", axis,
                    out->rank);
  }
  const int positive = axis < 0 ? axis + out->rank : axis;
  int64_t along = 0;
  for (int i = 0; i < op->input_count; ++i) {
    const TflTensor* in = op_input(m, index, i);
    if (type == TFL_TYPE_FLOAT32 ? op_require_type(in, type, "input", index, error)
        : type == TFL_TYPE_INT16
            ? op_require_int16(in, "input", 1, index, error) ||
                  op_require_same_quantization(in, out, "every input", index, error)
            : op_require_int8(m, index, in, "input", error) ||
                  op_require_same_quantization(in, out, "every input", index, error)) {
      return -1;
    }
    if (in->rank != out->rank) return tfl_fail(error, index, "input %d has another rank", i);
    for (int d = 0; d < out->rank; ++d) {
      if (d != positive && in->dims[d] != out->dims[d]) {
        return tfl_fail(error, index, "input %d differs from the output in dimension %d", i, d);
      }
    }
    along += in->dims[positive];
  }
  if (along != out->dims[positive]) {
    return tfl_fail(error, index, "inputs add up to %lld along axis %d, the output has %d",
                    (long long)along, positive, (int)out->dims[positive]);
  }
  op_at(m, index)->kernel = "copy";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  ConcatState* s = (ConcatState*)tfl_state_alloc(rt, sizeof(ConcatState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  const TflTensor* out = op_output(m, index);
  tfl_concatenation_axis4(fb_i32(&m->reader, &m->operators[index].options, TFL_CONCAT_AXIS, 0),
                          out->rank, &s->axis4);
  s->count = m->operators[index].input_count;
  for (int i = 0; i < s->count; ++i) op_shape4(op_input(m, index, i), &s->shapes[i]);
  op_shape4(out, &s->out_shape);
  /* Wider elements: the same copy over bytes, the innermost dimension scaled to bytes. */
  const int32_t element_bytes = (int32_t)(out->elements ? out->bytes / out->elements : 1);
  for (int i = 0; i < s->count; ++i) s->shapes[i].dims[3] *= element_bytes;
  s->out_shape.dims[3] *= element_bytes;
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const ConcatState* s = (const ConcatState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  const int8_t* inputs[TFL_MAX_OP_INPUTS];
  for (int i = 0; i < s->count; ++i) inputs[i] = (const int8_t*)tfl_tensor_data(rt, op->inputs[i]);
  tfl_concatenation_int8(s->axis4, s->count, s->shapes, inputs, &s->out_shape,
                         (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_concatenation_kernel = {TFL_OP_CONCATENATION, "concatenation", check, prepare,
                                              eval};
