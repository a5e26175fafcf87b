/* SHAPE, as TFLM's shape.cc: the input's dimensions as an int32 vector (any input type; the
 * input's data is not read). */
#include "op_util.h"

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 1, 1, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  if (op_require_type(out, TFL_TYPE_INT32, "output", index, error)) return -1;
  if (out->elements != (uint32_t)in->rank) {
    return tfl_fail(error, index, "output has %u entries for a rank-%d input",
                    (unsigned)out->elements, in->rank);
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  const TflTensor* in = &rt->model->tensors[op->inputs[0]];
  int32_t* out = (int32_t*)tfl_tensor_data(rt, op->outputs[0]);
  for (int d = 0; d < in->rank; ++d) out[d] = in->dims[d];
}

const TflOpKernel tfl_shape_kernel = {TFL_OP_SHAPE, "shape", check, op_prepare_nothing, eval};
