/* FULLY_CONNECTED: int8 input of any rank flattened to [batches, depth], filter [units, depth]
 * int8 (per-tensor or per-channel along dimension 0), optional int32 bias, int8 output
 * [batches, units] (or keep_num_dims); TFLite's reference kernel
 * (accsim_kernels/tfl_fully_connected.h). */
#include <stddef.h>

#include "accsim_kernels/tfl_fully_connected.h"
#include "fully_connected_typed.h"
#include "op_util.h"

typedef struct {
  TflFullyConnectedParams params;
  int batches, depth, units;
} FullyConnectedState;

static int activation_of(TflModel* m, int index) {
  return fb_i8(&m->reader, &m->operators[index].options, TFL_FC_ACTIVATION, TFL_FUSED_NONE);
}

static int compute_params(TflModel* m, int index, int32_t* multipliers, int32_t* shifts,
                          TflFullyConnectedParams* params) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  return tfl_fully_connected_prepare_int8(
      in->scale, in->zero_point, op_scales(m, filter), (int)filter->scale_count, 0, out->scale,
      out->zero_point, (TflFusedActivation)activation_of(m, index), multipliers, shifts, params);
}

static int is_int8(TflModel* m, int index) {
  return m->tensors[m->operators[index].inputs[0]].type == TFL_TYPE_INT8;
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 3, error)) return -1;
  if (!is_int8(m, index)) return fully_connected_typed_check(m, index, error);
  if (op_require_weighted(m, index, 0, 2, 0, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  if (op_require_activation(activation_of(m, index), index, error)) return -1;

  if (fb_i8(&m->reader, &m->operators[index].options, TFL_FC_WEIGHTS_FORMAT, 0) != 0) {
    return tfl_fail(error, index, "shuffled weights format is not supported");
  }
  const uint32_t depth = (uint32_t)filter->dims[1], units = (uint32_t)filter->dims[0];
  if (in->elements % depth != 0 || out->elements != in->elements / depth * units ||
      out->dims[out->rank - 1] != (int32_t)units) {
    return tfl_fail(error, index,
                    "input of %u elements and output of %u do not fit a %ux%u "
                    "filter",
                    (unsigned)in->elements, (unsigned)out->elements, (unsigned)units,
                    (unsigned)depth);
  }
  TflOperator* op = op_at(m, index);
  op->macs = (uint64_t)(in->elements / depth) * depth * units;
  op->persistent_bytes = filter->scale_count > 1 ? 2 * units * 4 : 0;
  op->kernel = "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  if (!is_int8(m, index)) return fully_connected_typed_prepare(rt, index, error);
  FullyConnectedState* s = (FullyConnectedState*)tfl_state_alloc(rt, sizeof(FullyConnectedState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  s->units = filter->dims[0];
  s->depth = filter->dims[1];
  s->batches = (int)(in->elements / (uint32_t)s->depth);
  int32_t* storage = (int32_t*)(rt->arena + m->operators[index].persistent_offset);
  if (compute_params(m, index, storage, storage + s->units, &s->params) != 0) {
    return tfl_fail(error, index, "the quantization scales give a multiplier TFLite rejects");
  }
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  if (!is_int8(rt->model, index)) {
    fully_connected_typed_eval(rt, index);
    return;
  }
  const FullyConnectedState* s = (const FullyConnectedState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  const TflTensor* bias = op_input(rt->model, index, 2);
  tfl_fully_connected_int8(
      &s->params, s->batches, s->depth, s->units, (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
      (const int8_t*)tfl_tensor_data(rt, op->inputs[1]), bias ? (const int32_t*)bias->data : NULL,
      (int8_t*)tfl_tensor_data(rt, op->outputs[0]));
}

const TflOpKernel tfl_fully_connected_kernel = {TFL_OP_FULLY_CONNECTED, "fully_connected", check,
                                                prepare, eval};
