/* TRANSPOSE int8, as TFLM: rank 1-5, a constant int32 permutation with one entry per axis
 * (accsim_kernels/tfl_transpose.h). A byte copy: the output must keep the input's quantisation,
 * as for RESHAPE and STRIDED_SLICE, and have the permuted shape. */
#include "accsim_kernels/tfl_transpose.h"
#include "op_util.h"

static int build(TflModel* m, int index, TflTransposeParams* params, int32_t* out_dims) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* perm = op_input(m, index, 1);
  return tfl_transpose_prepare(in->rank, in->dims, (const int32_t*)(const void*)perm->data, params,
                               out_dims);
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 2, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* perm = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  if (op_require_int8(m, index, in, "input", error) ||
      op_require_int8(m, index, out, "output", error) ||
      op_require_same_quantization(in, out, "output", index, error)) {
    return -1;
  }
  if (in->rank < 1 || in->rank > TFL_TRANSPOSE_MAX_DIMS) {
    return tfl_fail(error, index, "input rank %d; TFLite Micro transposes ranks 1 to %d", in->rank,
                    TFL_TRANSPOSE_MAX_DIMS);
  }
  if (perm->type != TFL_TYPE_INT32 || !perm->data || perm->rank != 1 ||
      perm->elements != (uint32_t)in->rank) {
    return tfl_fail(error, index, "perm must be a constant int32 tensor of %d entries", in->rank);
  }
  TflTransposeParams params;
  int32_t dims[TFL_TRANSPOSE_MAX_DIMS];
  if (build(m, index, &params, dims) != 0) {
    return tfl_fail(error, index, "perm is not a permutation of the input's %d axes", in->rank);
  }
  int same = out->rank == in->rank;
  for (int d = 0; same && d < in->rank; ++d) same = dims[d] == out->dims[d];
  if (!same) {
    char shape[64];
    op_format_shape(out, shape, (int)sizeof(shape));
    return tfl_fail(error, index, "output shape %s is not the input's permuted", shape);
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflTransposeParams* p = (TflTransposeParams*)tfl_state_alloc(rt, sizeof(TflTransposeParams));
  if (!p) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = p;
  int32_t dims[TFL_TRANSPOSE_MAX_DIMS];
  build(rt->model, index, p, dims);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  tfl_transpose((const TflTransposeParams*)rt->op_state[index], 1,
                tfl_tensor_data(rt, op->inputs[0]), tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_transpose_kernel = {TFL_OP_TRANSPOSE, "transpose", check, prepare, eval};
