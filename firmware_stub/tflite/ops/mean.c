/* MEAN of an int8 tensor (rank <= 4) over constant int32 axes, with or without keep_dims,
 * requantised when the output's quantisation differs; TFLite Micro's reduce arithmetic
 * (accsim_kernels/tfl_mean.h). A float32 tensor takes TFLM's float mean (tfl_float.h). */
#include "accsim_kernels/tfl_float.h"
#include "accsim_kernels/tfl_mean.h"
#include "op_util.h"

typedef struct {
  TflMeanParams params;
  Shape4 in_shape;
  int reduced[4];
} MeanState;

static int resolve(TflModel* m, int index, int reduced[4]) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* axes = op_input(m, index, 1);
  return tfl_mean_resolve_axes((const int32_t*)axes->data, (int)axes->elements, in->rank, reduced);
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 2, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* axes = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  if (in->type == TFL_TYPE_FLOAT32 ? op_require_type(out, TFL_TYPE_FLOAT32, "output", index, error)
                                   : op_require_int8(m, index, in, "input", error) ||
                                         op_require_int8(m, index, out, "output", error)) {
    return -1;
  }
  if (in->rank > 4) return tfl_fail(error, index, "input rank %d is above 4", in->rank);
  if (axes->type != TFL_TYPE_INT32 || !axes->data) {
    return tfl_fail(error, index, "axes must be a constant int32 tensor");
  }
  int reduced[4];
  if (resolve(m, index, reduced) != 0) return tfl_fail(error, index, "an axis is out of range");
  const int keep_dims = fb_u8(&m->reader, &m->operators[index].options, TFL_REDUCER_KEEP_DIMS, 0);
  /* The expected output shape: reduced dimensions become 1 (keep_dims) or disappear. */
  int32_t expected[4];
  int rank = 0;
  for (int d = 0; d < in->rank; ++d) {
    const int r = reduced[d + 4 - in->rank];
    if (keep_dims)
      expected[rank++] = r ? 1 : in->dims[d];
    else if (!r)
      expected[rank++] = in->dims[d];
  }
  int matches = out->rank == rank || (rank == 0 && out->rank == 1 && out->dims[0] == 1);
  for (int d = 0; d < rank && matches; ++d) matches = out->dims[d] == expected[d];
  if (!matches) return tfl_fail(error, index, "output shape does not match the reduced input");
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  MeanState* s = (MeanState*)tfl_state_alloc(rt, sizeof(MeanState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  if (in->type == TFL_TYPE_INT8) {
    tfl_mean_prepare_int8(in->scale, in->zero_point, out->scale, out->zero_point, &s->params);
  }
  op_shape4(in, &s->in_shape);
  resolve(m, index, s->reduced);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const MeanState* s = (const MeanState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  if (rt->model->tensors[op->inputs[0]].type == TFL_TYPE_FLOAT32) {
    tfl_mean_float(&s->in_shape, (const float*)tfl_tensor_data(rt, op->inputs[0]), s->reduced,
                   (float*)tfl_tensor_data(rt, op->outputs[0]));
    return;
  }
  tfl_mean_int8(&s->params, &s->in_shape, (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
                s->reduced, (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_mean_kernel = {TFL_OP_MEAN, "mean", check, prepare, eval};
