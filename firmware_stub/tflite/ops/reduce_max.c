/* REDUCE_MAX int8, as TFLM's reduce_common.cc EvalMax: constant int32 axes (negative and repeated
 * too), keep_dims or not, rank <= 4; input and output quantised alike (TFLM requires it). Every
 * input element updates the output element it reduces to, from -128 up (ReduceGeneric). */
#include "op_util.h"

/* ReducerOptions */
enum { kKeepDims = 0 };

typedef struct {
  Shape4 in;
  int32_t out_strides[4]; /* output elements per step of each input axis; 0 on reduced axes */
} ReduceMaxState;

/* The reduced axes as a bit mask over the input's rank; -1 when an axis is out of range. */
static int reduced_axes(TflModel* m, int index, int rank) {
  const TflTensor* axes = op_input(m, index, 1);
  const int32_t* a = (const int32_t*)(const void*)axes->data;
  int mask = 0;
  for (uint32_t i = 0; i < axes->elements; ++i) {
    const int axis = a[i] < 0 ? a[i] + rank : a[i];
    if (axis < 0 || axis >= rank) return -1;
    mask |= 1 << axis;
  }
  return mask;
}

static void layout(TflModel* m, int index, int mask, ReduceMaxState* s) {
  const TflTensor* in = op_input(m, index, 0);
  op_shape4(in, &s->in);
  const int lead = 4 - in->rank;
  int32_t stride = 1;
  for (int d = 3; d >= 0; --d) {
    const int reduced = d < lead || ((mask >> (d - lead)) & 1);
    s->out_strides[d] = reduced ? 0 : stride;
    if (!reduced) stride *= s->in.dims[d];
  }
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 2, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* axes = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  if (op_require_int8(m, index, in, "input", error) ||
      op_require_int8(m, index, out, "output", error) ||
      op_require_same_quantization(in, out, "output", index, error)) {
    return -1;
  }
  if (in->rank > 4) return tfl_fail(error, index, "input rank %d is above 4", in->rank);
  if (axes->type != TFL_TYPE_INT32 || !axes->data) {
    return tfl_fail(error, index, "axes must be a constant int32 tensor");
  }
  const int mask = reduced_axes(m, index, in->rank);
  if (mask < 0) return tfl_fail(error, index, "an axis is outside the input's rank");
  const int keep = fb_i8(&m->reader, &op_at(m, index)->options, kKeepDims, 0) != 0;
  int32_t dims[4];
  int rank = 0;
  for (int d = 0; d < in->rank; ++d) {
    if (!((mask >> d) & 1)) {
      dims[rank++] = in->dims[d];
    } else if (keep) {
      dims[rank++] = 1;
    }
  }
  int same = rank == out->rank;
  for (int d = 0; same && d < rank; ++d) same = dims[d] == out->dims[d];
  if (!same) {
    char shape[64];
    op_format_shape(out, shape, (int)sizeof(shape));
    return tfl_fail(error, index, "output shape %s is not the reduced input's", shape);
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  ReduceMaxState* s = (ReduceMaxState*)tfl_state_alloc(rt, sizeof(ReduceMaxState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  layout(rt->model, index, reduced_axes(rt->model, index, op_input(rt->model, index, 0)->rank), s);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  const ReduceMaxState* s = (const ReduceMaxState*)rt->op_state[index];
  const int8_t* in = (const int8_t*)tfl_tensor_data(rt, op->inputs[0]);
  int8_t* out = (int8_t*)tfl_tensor_data(rt, op->outputs[0]);
  const uint32_t count = rt->model->tensors[op->outputs[0]].elements;
  for (uint32_t i = 0; i < count; ++i) out[i] = -128;
  const int32_t* d = s->in.dims;
  const int32_t* st = s->out_strides;
  for (int32_t i0 = 0; i0 < d[0]; ++i0) {
    for (int32_t i1 = 0; i1 < d[1]; ++i1) {
      for (int32_t i2 = 0; i2 < d[2]; ++i2) {
        int8_t* row = out + i0 * st[0] + i1 * st[1] + i2 * st[2];
        for (int32_t i3 = 0; i3 < d[3]; ++i3) {
          const int8_t v = *in++;
          int8_t* o = row + i3 * st[3];
          if (v > *o) *o = v;
        }
      }
    }
  }
}

const TflOpKernel tfl_reduce_max_kernel = {TFL_OP_REDUCE_MAX, "reduce_max", check, prepare, eval};
