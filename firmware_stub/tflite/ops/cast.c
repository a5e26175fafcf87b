/* CAST, as TFLM's cast.cc: each element static_cast to the output type; quantisation is not
 * read. Inputs int8, uint8 or int32; outputs int8, uint8, int32 or float32 (integer narrowing
 * wraps, as GCC's static_cast; int32 -> float32 rounds to nearest even). Float inputs are not
 * cast: TFLM's float -> integer static_cast is undefined beyond the target's range. */
#include "op_util.h"

static int supported_input(int type) {
  return type == TFL_TYPE_INT8 || type == TFL_TYPE_UINT8 || type == TFL_TYPE_INT32;
}

static int supported_output(int type) { return supported_input(type) || type == TFL_TYPE_FLOAT32; }

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 1, 1, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  if (!supported_input(in->type) || !supported_output(out->type)) {
    return tfl_fail(error, index,
                    "%s -> %s is not supported (int8, uint8, int32 -> int8, uint8, int32, "
                    "float32 are)",
                    tfl_type_name(in->type), tfl_type_name(out->type));
  }
  if (in->elements != out->elements) {
    return tfl_fail(error, index, "input and output sizes differ");
  }
  op_at(m, index)->kernel = "reference";
  return 0;
}

/* One loop per (input, output) type pair: the conversion is chosen once per call. */
#define CAST_LOOP(IN_T, OUT_T)                                   \
  do {                                                           \
    const IN_T* src = (const IN_T*)in;                           \
    OUT_T* dst = (OUT_T*)out;                                    \
    for (uint32_t i = 0; i < count; ++i) dst[i] = (OUT_T)src[i]; \
  } while (0)

#define CAST_TO(IN_T)             \
  do {                            \
    switch (out_type) {           \
      case TFL_TYPE_INT8:         \
        CAST_LOOP(IN_T, int8_t);  \
        break;                    \
      case TFL_TYPE_UINT8:        \
        CAST_LOOP(IN_T, uint8_t); \
        break;                    \
      case TFL_TYPE_INT32:        \
        CAST_LOOP(IN_T, int32_t); \
        break;                    \
      default:                    \
        CAST_LOOP(IN_T, float);   \
    }                             \
  } while (0)

static void eval(TflRuntime* rt, int index) {
  const TflOperator* op = &rt->model->operators[index];
  const TflTensor* out_t = &rt->model->tensors[op->outputs[0]];
  const int in_type = rt->model->tensors[op->inputs[0]].type;
  const int out_type = out_t->type;
  const uint32_t count = out_t->elements;
  const void* in = tfl_tensor_data(rt, op->inputs[0]);
  void* out = tfl_tensor_data(rt, op->outputs[0]);
  if (in_type == TFL_TYPE_INT8) {
    CAST_TO(int8_t);
  } else if (in_type == TFL_TYPE_UINT8) {
    CAST_TO(uint8_t);
  } else {
    CAST_TO(int32_t);
  }
}

const TflOpKernel tfl_cast_kernel = {TFL_OP_CAST, "cast", check, op_prepare_nothing, eval};
