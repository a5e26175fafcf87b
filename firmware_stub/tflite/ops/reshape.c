/* RESHAPE: the output tensor's shape (from the model) with the input's bytes; the optional shape
 * input and new_shape option must agree with it. A byte copy, as TFLite Micro does when input and
 * output are separate tensors in the arena. */
#include "op_util.h"

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 1, 2, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  if (in->type == TFL_TYPE_INT8) {
    if (op_require_int8(m, index, in, "input", error) ||
        op_require_int8(m, index, out, "output", error) ||
        op_require_same_quantization(in, out, "output", index, error)) {
      return -1;
    }
  } else if (in->type == TFL_TYPE_FLOAT32 || in->type == TFL_TYPE_INT16) {
    /* A byte copy of any other type the interpreter runs: the output's type and quantisation
     * must be the input's. */
    if (op_require_type(out, in->type, "output", index, error) ||
        (in->type == TFL_TYPE_INT16 &&
         op_require_same_quantization(in, out, "output", index, error))) {
      return -1;
    }
  } else {
    return tfl_fail(error, index, "input is %s; int8, int16 and float32 are supported",
                    tfl_type_name(in->type));
  }
  if (in->elements != out->elements) {
    return tfl_fail(error, index, "input has %u elements but the output %u", (unsigned)in->elements,
                    (unsigned)out->elements);
  }
  op_at(m, index)->kernel = "copy";
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  const uint8_t* in = (const uint8_t*)tfl_tensor_data(rt, op->inputs[0]);
  uint8_t* out = (uint8_t*)tfl_tensor_data(rt, op->outputs[0]);
  const uint32_t bytes = rt->model->tensors[op->outputs[0]].bytes;
  if (in == out) return;
  for (uint32_t i = 0; i < bytes; ++i) out[i] = in[i];
}

const TflOpKernel tfl_reshape_kernel = {TFL_OP_RESHAPE, "reshape", check, op_prepare_nothing, eval};
