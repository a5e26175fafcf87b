/* PAD of an int8 tensor (rank <= 4) by constant int32 paddings [rank, 2], filled with the zero
 * point (accsim_kernels/tfl_pad.h). float32 and int16 tensors (zero point 0) are padded with 0
 * (TFLM's 0.0f / zero point) by the same byte-wise kernel, the innermost dimension counted in
 * bytes. */
#include "accsim_kernels/tfl_pad.h"
#include "op_util.h"

typedef struct {
  TflPadParams params;
  Shape4 in_shape, out_shape;
} PadState;

static int32_t element_bytes(const TflTensor* t) {
  return (int32_t)(t->elements ? t->bytes / t->elements : 1);
}

static int compute_params(TflModel* m, int index, TflPadParams* params) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* paddings = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  return tfl_pad_prepare_int8((const int32_t*)paddings->data, in->rank,
                              in->type == TFL_TYPE_INT8 ? out->zero_point : 0, params);
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 2, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* paddings = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  if (in->type == TFL_TYPE_FLOAT32) {
    if (op_require_type(out, TFL_TYPE_FLOAT32, "output", index, error)) return -1;
  } else if (in->type == TFL_TYPE_INT16) {
    if (op_require_int16(in, "input", 0, index, error) ||
        op_require_int16(out, "output", 0, index, error) ||
        op_require_same_quantization(in, out, "output", index, error)) {
      return -1;
    }
  } else if (op_require_int8(m, index, in, "input", error) ||
             op_require_int8(m, index, out, "output", error) ||
             op_require_same_quantization(in, out, "output", index, error)) {
    return -1;
  }
  if (in->rank > 4 || out->rank != in->rank) {
    return tfl_fail(error, index, "input rank %d (output %d): ranks up to 4, equal", in->rank,
                    out->rank);
  }
  if (paddings->type != TFL_TYPE_INT32 || !paddings->data ||
      paddings->elements != 2u * (uint32_t)in->rank) {
    return tfl_fail(error, index, "paddings must be a constant int32 [%d, 2] tensor", in->rank);
  }
  TflPadParams params;
  if (compute_params(m, index, &params) != 0) return tfl_fail(error, index, "negative padding");
  for (int d = 0; d < in->rank; ++d) {
    const int lead = 4 - in->rank;
    if ((int64_t)out->dims[d] !=
        (int64_t)in->dims[d] + params.left[d + lead] + params.right[d + lead]) {
      return tfl_fail(error, index, "output dimension %d is %d, not input + paddings", d,
                      (int)out->dims[d]);
    }
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  PadState* s = (PadState*)tfl_state_alloc(rt, sizeof(PadState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  compute_params(m, index, &s->params);
  op_shape4(op_input(m, index, 0), &s->in_shape);
  op_shape4(op_output(m, index), &s->out_shape);
  /* Wider elements: pad bytes, the innermost dimension and its paddings scaled to bytes. */
  const int32_t bytes = element_bytes(op_input(m, index, 0));
  s->in_shape.dims[3] *= bytes;
  s->out_shape.dims[3] *= bytes;
  s->params.left[3] *= bytes;
  s->params.right[3] *= bytes;
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const PadState* s = (const PadState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  tfl_pad_int8(&s->params, &s->in_shape, (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
               &s->out_shape, (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_pad_kernel = {TFL_OP_PAD, "pad", check, prepare, eval};
