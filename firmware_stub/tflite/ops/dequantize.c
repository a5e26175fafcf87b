/* DEQUANTIZE int8/uint8/int16 -> float32 (the float scores at a graph's end), as TFLM's
 * dequantize.cc with reference_ops::Dequantize (accsim_kernels/tfl_affine_quant.h,
 * tfl_int16.h). */
#include "accsim_kernels/tfl_affine_quant.h"
#include "accsim_kernels/tfl_int16.h"
#include "op_util.h"

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 1, 1, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  if (in->type != TFL_TYPE_INT8 && in->type != TFL_TYPE_UINT8 && in->type != TFL_TYPE_INT16) {
    return tfl_fail(error, index, "input is %s; int8, uint8 and int16 are supported",
                    tfl_type_name(in->type));
  }
  if ((in->type == TFL_TYPE_INT16 ? op_require_int16(in, "input", 1, index, error)
                                  : op_require_quantized(in, in->type, "input", index, error)) ||
      op_require_type(out, TFL_TYPE_FLOAT32, "output", index, error)) {
    return -1;
  }
  if (in->elements != out->elements) {
    return tfl_fail(error, index, "input and output sizes differ");
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  const TflTensor* in = &rt->model->tensors[op->inputs[0]];
  const int size = (int)in->elements;
  const void* data = tfl_tensor_data(rt, op->inputs[0]);
  float* out = (float*)tfl_tensor_data(rt, op->outputs[0]);
  if (in->type == TFL_TYPE_INT16) {
    tfl_dequantize_int16_to_float(in->scale, in->zero_point, size, (const int16_t*)data, out);
  } else if (in->type == TFL_TYPE_UINT8) {
    tfl_dequantize_uint8_to_float(in->scale, in->zero_point, size, (const uint8_t*)data, out);
  } else {
    tfl_dequantize_int8_to_float(in->scale, in->zero_point, size, (const int8_t*)data, out);
  }
}

const TflOpKernel tfl_dequantize_kernel = {TFL_OP_DEQUANTIZE, "dequantize", check,
                                           op_prepare_nothing, eval};
