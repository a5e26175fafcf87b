/* STRIDED_SLICE int8 (also int16 and float32, copied as wider elements) (rank <= 4), as TFLM:
 * constant int32 begin, end and strides; begin_mask, end_mask and shrink_axis_mask. TFLM's prepare
 * sets ellipsis_mask and new_axis_mask to 0 and never reads offset, so they are ignored here too;
 * the model's output shape must be the one TFLM computes (accsim_kernels/tfl_strided_slice.h). A
 * byte copy: the output must keep the input's quantisation, as for RESHAPE and CONCATENATION. */
#include "accsim_kernels/tfl_strided_slice.h"
#include "op_util.h"

/* StridedSliceOptions */
enum { kBeginMask = 0, kEndMask = 1, kShrinkAxisMask = 4 };

static int index_vector(TflModel* m, int index, int input, const char* what, int rank,
                        TflError* error) {
  const TflTensor* t = op_input(m, index, input);
  if (t->type != TFL_TYPE_INT32 || !t->data) {
    return tfl_fail(error, index, "%s must be a constant int32 tensor", what);
  }
  if (t->elements != (uint32_t)rank) {
    return tfl_fail(error, index, "%s has %u entries for a rank-%d input", what,
                    (unsigned)t->elements, rank);
  }
  return 0;
}

static int build(TflModel* m, int index, TflStridedSliceParams* params, int32_t out_dims[4],
                 int* out_rank) {
  const TflTensor* in = op_input(m, index, 0);
  const TflOperator* op = op_at(m, index);
  TflStridedSliceSpec spec;
  spec.rank = in->rank;
  spec.dims = in->dims;
  spec.begin = (const int32_t*)(const void*)op_input(m, index, 1)->data;
  spec.end = (const int32_t*)(const void*)op_input(m, index, 2)->data;
  spec.strides = (const int32_t*)(const void*)op_input(m, index, 3)->data;
  spec.begin_mask = fb_i32(&m->reader, &op->options, kBeginMask, 0);
  spec.end_mask = fb_i32(&m->reader, &op->options, kEndMask, 0);
  spec.shrink_axis_mask = fb_i32(&m->reader, &op->options, kShrinkAxisMask, 0);
  return tfl_strided_slice_prepare(&spec, params, out_dims, out_rank);
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 4, 4, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  if (in->type == TFL_TYPE_FLOAT32) {
    if (op_require_type(out, TFL_TYPE_FLOAT32, "output", index, error)) return -1;
  } else if (in->type == TFL_TYPE_INT16) {
    if (op_require_int16(in, "input", 1, index, error) ||
        op_require_type(out, TFL_TYPE_INT16, "output", index, error) ||
        op_require_same_quantization(in, out, "output", index, error)) {
      return -1;
    }
  } else if (op_require_int8(m, index, in, "input", error) ||
             op_require_int8(m, index, out, "output", error) ||
             op_require_same_quantization(in, out, "output", index, error)) {
    return -1;
  }
  if (in->rank > 4) return tfl_fail(error, index, "input rank %d is above 4", in->rank);
  if (index_vector(m, index, 1, "begin", in->rank, error) ||
      index_vector(m, index, 2, "end", in->rank, error) ||
      index_vector(m, index, 3, "strides", in->rank, error)) {
    return -1;
  }
  TflStridedSliceParams params;
  int32_t dims[4];
  int rank = 0;
  if (build(m, index, &params, dims, &rank) != 0) {
    return tfl_fail(error, index, "a stride is 0");
  }
  int same = rank == out->rank;
  for (int d = 0; same && d < rank; ++d) same = dims[d] == out->dims[d];
  if (!same) {
    char shape[64];
    op_format_shape(out, shape, (int)sizeof(shape));
    return tfl_fail(error, index, "output shape %s is not the slice's", shape);
  }
  if (tfl_strided_slice_elements(&params) != out->elements) {
    return tfl_fail(error, index, "a shrunk axis' index is beyond its axis");
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflStridedSliceParams* p =
      (TflStridedSliceParams*)tfl_state_alloc(rt, sizeof(TflStridedSliceParams));
  if (!p) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = p;
  int32_t dims[4];
  int rank = 0;
  build(rt->model, index, p, dims, &rank);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  const TflTensor* in = &rt->model->tensors[op->inputs[0]];
  if (in->type != TFL_TYPE_INT8) {
    tfl_strided_slice_wide((const TflStridedSliceParams*)rt->op_state[index],
                           (int)(in->bytes / in->elements),
                           (const uint8_t*)tfl_tensor_data(rt, op->inputs[0]),
                           (uint8_t*)tfl_tensor_data(rt, op->outputs[0]));
    return;
  }
  tfl_strided_slice_int8((const TflStridedSliceParams*)rt->op_state[index],
                         (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
                         (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_strided_slice_kernel = {TFL_OP_STRIDED_SLICE, "strided_slice", check, prepare,
                                              eval};
