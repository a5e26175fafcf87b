/* QUANTIZE, the conversions at a graph's edges and between quantisations, as TFLM's
 * quantize_common.cc: between integer types Requantize with QuantizeMultiplier(in_scale /
 * out_scale) (int8 -> int8/uint8/int16/int32, uint8 -> int8, int16 -> int8/int16/int32;
 * accsim_kernels/tfl_requantize.h, tfl_int16.h); float32 -> int8/int16 is AffineQuantize
 * (accsim_kernels/tfl_affine_quant.h). */
#include "accsim_kernels/tfl_affine_quant.h"
#include "accsim_kernels/tfl_int16.h"
#include "accsim_kernels/tfl_requantize.h"
#include "op_util.h"

typedef enum {
  kInt8ToInt8,
  kInt8ToUint8,
  kUint8ToInt8,
  kFloatToInt8,
  kFloatToInt16,
  kInt8ToInt16,
  kInt8ToInt32,
  kInt16ToInt8,
  kInt16ToInt16,
  kInt16ToInt32,
} Conversion;

typedef struct {
  Conversion conversion;
  TflRequantizeParams requantize;
  TflRequantize wide;
} QuantizeState;

static const struct {
  int in, out;
  Conversion conversion;
} kConversions[] = {
    {TFL_TYPE_INT8, TFL_TYPE_INT8, kInt8ToInt8},
    {TFL_TYPE_INT8, TFL_TYPE_UINT8, kInt8ToUint8},
    {TFL_TYPE_UINT8, TFL_TYPE_INT8, kUint8ToInt8},
    {TFL_TYPE_FLOAT32, TFL_TYPE_INT8, kFloatToInt8},
    {TFL_TYPE_FLOAT32, TFL_TYPE_INT16, kFloatToInt16},
    {TFL_TYPE_INT8, TFL_TYPE_INT16, kInt8ToInt16},
    {TFL_TYPE_INT8, TFL_TYPE_INT32, kInt8ToInt32},
    {TFL_TYPE_INT16, TFL_TYPE_INT8, kInt16ToInt8},
    {TFL_TYPE_INT16, TFL_TYPE_INT16, kInt16ToInt16},
    {TFL_TYPE_INT16, TFL_TYPE_INT32, kInt16ToInt32},
};

static int conversion_of(int in, int out, Conversion* conversion) {
  for (unsigned i = 0; i < sizeof(kConversions) / sizeof(kConversions[0]); ++i) {
    if (kConversions[i].in == in && kConversions[i].out == out) {
      *conversion = kConversions[i].conversion;
      return 0;
    }
  }
  return -1;
}

/* A per-tensor quantised tensor of any integer type QUANTIZE reads or writes. */
static int require_quantized(const TflTensor* t, const char* role, int index, TflError* error) {
  if (t->type == TFL_TYPE_INT16) return op_require_int16(t, role, 1, index, error);
  if (t->type == TFL_TYPE_INT32) {
    if (!t->quantized || t->scale_count != 1 || !(t->scale > 0.0f)) {
      return tfl_fail(error, index, "%s needs one positive scale", role);
    }
    return 0;
  }
  return op_require_quantized(t, t->type, role, index, error);
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 1, 1, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  Conversion conversion;
  if (conversion_of(in->type, out->type, &conversion) != 0) {
    return tfl_fail(error, index,
                    "%s -> %s is not supported (int8 -> int8/uint8/int16/int32, uint8 -> int8, "
                    "int16 -> int8/int16/int32, float32 -> int8/int16 are)",
                    tfl_type_name(in->type), tfl_type_name(out->type));
  }
  if (require_quantized(out, "output", index, error)) return -1;
  if (in->type != TFL_TYPE_FLOAT32 && require_quantized(in, "input", index, error)) return -1;
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
  if (in->type != TFL_TYPE_FLOAT32) {
    tfl_requantize_prepare_int8(in->scale, in->zero_point, out->scale, out->zero_point,
                                &s->requantize);
    tfl_requantize_prepare(in->scale, in->zero_point, out->scale, out->zero_point, &s->wide);
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
    case kFloatToInt16:
      tfl_affine_quantize_float_to_int16(out->scale, out->zero_point, size, (const float*)in,
                                         (int16_t*)data);
      break;
    case kInt8ToInt16:
      tfl_requantize_i8_i16(&s->wide, size, (const int8_t*)in, (int16_t*)data);
      break;
    case kInt8ToInt32:
      tfl_requantize_i8_i32(&s->wide, size, (const int8_t*)in, (int32_t*)data);
      break;
    case kInt16ToInt8:
      tfl_requantize_i16_i8(&s->wide, size, (const int16_t*)in, (int8_t*)data);
      break;
    case kInt16ToInt16:
      tfl_requantize_i16_i16(&s->wide, size, (const int16_t*)in, (int16_t*)data);
      break;
    case kInt16ToInt32:
      tfl_requantize_i16_i32(&s->wide, size, (const int16_t*)in, (int32_t*)data);
      break;
  }
}

const TflOpKernel tfl_quantize_kernel = {TFL_OP_QUANTIZE, "quantize", check, prepare, eval};
