/* QUANTIZE, the conversions at a graph's edges and between quantisations, as TFLM's
 * quantize_common.cc: int8 -> int8, int8 -> uint8 and uint8 -> int8 requantise
 * (accsim_kernels/tfl_requantize.h); float32 -> int8 is AffineQuantize
 * (accsim_kernels/tfl_affine_quant.h). TFLM's int16/int32 conversions are refused: accsim runs
 * int8 graphs. */
#include "accsim_kernels/tfl_affine_quant.h"
#include "accsim_kernels/tfl_requantize.h"
#include "op_util.h"

typedef enum { kInt8ToInt8, kInt8ToUint8, kUint8ToInt8, kFloatToInt8 } Conversion;

typedef struct {
  Conversion conversion;
  TflRequantizeParams requantize;
} QuantizeState;

static int conversion_of(int in, int out, Conversion* conversion) {
  if (in == TFL_TYPE_INT8 && out == TFL_TYPE_INT8)
    *conversion = kInt8ToInt8;
  else if (in == TFL_TYPE_INT8 && out == TFL_TYPE_UINT8)
    *conversion = kInt8ToUint8;
  else if (in == TFL_TYPE_UINT8 && out == TFL_TYPE_INT8)
    *conversion = kUint8ToInt8;
  else if (in == TFL_TYPE_FLOAT32 && out == TFL_TYPE_INT8)
    *conversion = kFloatToInt8;
  else
    return -1;
  return 0;
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 1, 1, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  Conversion conversion;
  if (conversion_of(in->type, out->type, &conversion) != 0) {
    return tfl_fail(error, index,
                    "%s -> %s is not supported (int8 -> int8, int8 -> uint8, uint8 -> int8 and "
                    "float32 -> int8 are)",
                    tfl_type_name(in->type), tfl_type_name(out->type));
  }
  if (op_require_quantized(out, out->type, "output", index, error)) return -1;
  if (in->type != TFL_TYPE_FLOAT32 && op_require_quantized(in, in->type, "input", index, error)) {
    return -1;
  }
  if (in->elements != out->elements) {
    return tfl_fail(error, index, "input and output sizes differ");
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  QuantizeState* s = (QuantizeState*)tfl_state_alloc(rt, sizeof(QuantizeState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  conversion_of(in->type, out->type, &s->conversion);
  if (s->conversion != kFloatToInt8) {
    tfl_requantize_prepare_int8(in->scale, in->zero_point, out->scale, out->zero_point,
                                &s->requantize);
  }
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  const QuantizeState* s = (const QuantizeState*)rt->op_state[index];
  const TflTensor* out = &rt->model->tensors[op->outputs[0]];
  const int size = (int)out->elements;
  const void* in = tfl_tensor_data(rt, op->inputs[0]);
  void* data = tfl_tensor_data(rt, op->outputs[0]);
  switch (s->conversion) {
    case kInt8ToInt8:
      tfl_requantize_int8(&s->requantize, size, (const int8_t*)in, (int8_t*)data);
      break;
    case kInt8ToUint8:
      tfl_requantize_int8_to_uint8(&s->requantize, size, (const int8_t*)in, (uint8_t*)data);
      break;
    case kUint8ToInt8:
      tfl_requantize_uint8_to_int8(&s->requantize, size, (const uint8_t*)in, (int8_t*)data);
      break;
    case kFloatToInt8:
      tfl_affine_quantize_float_to_int8(out->scale, out->zero_point, size, (const float*)in,
                                        (int8_t*)data);
      break;
  }
}

const TflOpKernel tfl_quantize_kernel = {TFL_OP_QUANTIZE, "quantize", check, prepare, eval};
