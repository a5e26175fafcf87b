/* SVDF: int8 input [batches, input_size] and output [batches, units], int8 feature weights
 * [filters, input_size], int16 (or int8) time weights [filters, memory], optional int32 bias
 * [units], and a variable activation state [batches, filters * memory] of the time weights' type;
 * TFLM's svdf_common.cc integer reference (accsim_kernels/tfl_svdf.h); or all float32 (its float
 * reference, activation NONE/RELU/RELU_N1_TO_1/RELU6). */
#include <stddef.h>

#include "accsim_kernels/tfl_svdf.h"
#include "op_util.h"

/* The shapes every SVDF shares; its kernel name and costs. */
static int check_shapes(TflModel* m, int index, TflError* error) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* feature = op_input(m, index, 1);
  const TflTensor* time = op_input(m, index, 2);
  const TflTensor* bias = op_input(m, index, 3);
  const TflTensor* state = op_input(m, index, 4);
  const TflTensor* out = op_output(m, index);
  if (op_require_rank(in, 2, "input", index, error) ||
      op_require_rank(out, 2, "output", index, error) ||
      op_require_rank(feature, 2, "feature weights", index, error) ||
      op_require_rank(time, 2, "time weights", index, error) ||
      op_require_rank(state, 2, "activation state", index, error)) {
    return -1;
  }
  if (!state->is_variable || state->data) {
    return tfl_fail(error, index, "activation state must be a variable tensor");
  }
  const int rank = fb_i32(&m->reader, &m->operators[index].options, TFL_SVDF_RANK, 0);
  const int batches = in->dims[0], input_size = in->dims[1], filters = feature->dims[0];
  const int memory = time->dims[1];
  if (rank < 1 || filters % rank != 0) {
    return tfl_fail(error, index, "rank %d does not divide %d filters", rank, filters);
  }
  const int units = filters / rank;
  if (feature->dims[1] != input_size || time->dims[0] != filters || out->dims[0] != batches ||
      out->dims[1] != units || state->dims[0] != batches || state->dims[1] != memory * filters) {
    return tfl_fail(error, index, "tensor shapes do not fit %d filters of rank %d and memory %d",
                    filters, rank, memory);
  }
  if (bias && (bias->type != (in->type == TFL_TYPE_FLOAT32 ? TFL_TYPE_FLOAT32 : TFL_TYPE_INT32) ||
               !bias->data || bias->elements != (uint32_t)units)) {
    return tfl_fail(error, index, "bias must be constant %s with %d entries",
                    in->type == TFL_TYPE_FLOAT32 ? "float32" : "int32", units);
  }
  TflOperator* op = op_at(m, index);
  op->macs = (uint64_t)batches * (uint64_t)filters * (uint64_t)(input_size + memory);
  op->scratch_bytes = (uint32_t)(batches * filters + batches * units) * 4;
  return 0;
}

static int check_float(TflModel* m, int index, TflError* error) {
  const int activation = fb_i8(&m->reader, &m->operators[index].options, TFL_SVDF_ACTIVATION, 0);
  for (int i = 0; i < 5; ++i) {
    const TflTensor* t = op_input(m, index, i);
    if (i != 3 &&
        op_require_type(t, TFL_TYPE_FLOAT32, i == 4 ? "activation state" : "input", index, error)) {
      return -1;
    }
  }
  if (!op_input(m, index, 1)->data || !op_input(m, index, 2)->data) {
    return tfl_fail(error, index, "the weights must be constant");
  }
  if (op_require_type(op_output(m, index), TFL_TYPE_FLOAT32, "output", index, error) ||
      op_require_activation(activation, index, error) || check_shapes(m, index, error)) {
    return -1;
  }
  op_at(m, index)->kernel = "reference_float";
  return 0;
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 5, 5, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* feature = op_input(m, index, 1);
  const TflTensor* time = op_input(m, index, 2);
  const TflTensor* state = op_input(m, index, 4);
  const TflTensor* out = op_output(m, index);
  if (in->type == TFL_TYPE_FLOAT32) return check_float(m, index, error);
  if (in->type != TFL_TYPE_INT8) {
    return tfl_fail(error, index, "input is %s; int8 and float32 SVDFs are supported",
                    tfl_type_name(in->type));
  }
  if (op_require_int8(m, index, in, "input", error) ||
      op_require_int8(m, index, out, "output", error)) {
    return -1;
  }
  if (feature->type != TFL_TYPE_INT8 || !feature->data || !feature->quantized) {
    return tfl_fail(error, index, "feature weights must be constant quantised int8");
  }
  if ((time->type != TFL_TYPE_INT16 && time->type != TFL_TYPE_INT8) || !time->data ||
      !time->quantized) {
    return tfl_fail(error, index, "time weights must be constant quantised int16 or int8");
  }
  if (state->type != time->type || !state->quantized) {
    return tfl_fail(error, index, "activation state must be quantised %s like the time weights",
                    tfl_type_name(time->type));
  }
  if (check_shapes(m, index, error)) return -1;
  TflOperator* op = op_at(m, index);
  op->kernel = time->type == TFL_TYPE_INT16 ? "reference_int16_state" : "reference_int8_state";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  TflSvdfParams* p = (TflSvdfParams*)tfl_state_alloc(rt, sizeof(TflSvdfParams));
  if (!p) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = p;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* feature = op_input(m, index, 1);
  const TflTensor* time = op_input(m, index, 2);
  const TflTensor* state = op_input(m, index, 4);
  const TflTensor* out = op_output(m, index);
  p->rank = fb_i32(&m->reader, &m->operators[index].options, TFL_SVDF_RANK, 0);
  p->batches = in->dims[0];
  p->input_size = in->dims[1];
  p->filters = feature->dims[0];
  p->units = p->filters / p->rank;
  p->memory = time->dims[1];
  p->input_zero_point = in->zero_point;
  p->output_zero_point = out->zero_point;
  p->state_zero_point = state->zero_point;
  if (in->type != TFL_TYPE_FLOAT32) {
    tfl_svdf_prepare(in->scale, feature->scale, state->scale, time->scale, out->scale, p);
  }
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const TflSvdfParams* p = (const TflSvdfParams*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  const TflTensor* bias = op_input(rt->model, index, 3);
  int32_t* scratch = (int32_t*)(rt->arena + op->scratch_offset);
  int32_t* scratch_out = scratch + p->batches * p->filters;
  const int8_t* in = (const int8_t*)tfl_tensor_data(rt, op->inputs[0]);
  const int8_t* feature = (const int8_t*)tfl_tensor_data(rt, op->inputs[1]);
  const int32_t* bias_data = bias ? (const int32_t*)bias->data : NULL;
  int8_t* out = (int8_t*)tfl_tensor_data(rt, op->outputs[0]);
  if (rt->model->tensors[op->inputs[0]].type == TFL_TYPE_FLOAT32) {
    const TflTensor* fbias = op_input(rt->model, index, 3);
    tfl_svdf_float(p, fb_i8(&rt->model->reader, &op->options, TFL_SVDF_ACTIVATION, 0),
                   (const float*)tfl_tensor_data(rt, op->inputs[0]),
                   (const float*)tfl_tensor_data(rt, op->inputs[1]),
                   (const float*)tfl_tensor_data(rt, op->inputs[2]),
                   fbias ? (const float*)fbias->data : NULL,
                   (float*)tfl_tensor_data(rt, op->inputs[4]), (float*)scratch,
                   (float*)tfl_tensor_data(rt, op->outputs[0]));
    return;
  }
  if (rt->model->tensors[op->inputs[2]].type == TFL_TYPE_INT16) {
    tfl_svdf_int16_state(p, in, feature, (const int16_t*)tfl_tensor_data(rt, op->inputs[2]),
                         bias_data, (int16_t*)tfl_tensor_data(rt, op->inputs[4]), scratch,
                         scratch_out, out);
  } else {
    tfl_svdf_int8_state(p, in, feature, (const int8_t*)tfl_tensor_data(rt, op->inputs[2]),
                        bias_data, (int8_t*)tfl_tensor_data(rt, op->inputs[4]), scratch,
                        scratch_out, out);
  }
}

const TflOpKernel tfl_svdf_kernel = {TFL_OP_SVDF, "svdf", check, prepare, eval};
