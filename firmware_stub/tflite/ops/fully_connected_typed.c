/* FULLY_CONNECTED's float32 and 16x8 paths (fully_connected.c hands them over): float32 as
 * reference_ops::FullyConnected (accsim_kernels/tfl_float.h); int16 input and output with int8
 * weights (per tensor or per channel) and an int64 or int32 bias as TFLM's 16x8
 * FullyConnected / FullyConnectedPerChannel (accsim_kernels/tfl_int16.h). */
#include "fully_connected_typed.h"

#include <stddef.h>

#include "accsim_kernels/tfl_affine_quant.h"
#include "accsim_kernels/tfl_float.h"
#include "accsim_kernels/tfl_int16.h"

typedef struct {
  int batches, depth, units, per_channel;
  float act_min, act_max;
  int32_t act_min16, act_max16;
  int32_t* multipliers;
  int32_t* shifts;
} TypedState;

static int activation_of(TflModel* m, int index) {
  return fb_i8(&m->reader, &m->operators[index].options, TFL_FC_ACTIVATION, TFL_FUSED_NONE);
}

void op_activation_range_int16(int activation, const TflTensor* output, int32_t* act_min,
                               int32_t* act_max) {
  /* CalculateActivationRangeQuantized with int16 limits: zero_point + round(f / scale). */
  const float scale = output->scale;
  const int32_t zp = output->zero_point;
  *act_min = -32768;
  *act_max = 32767;
  if (activation == TFL_FUSED_RELU || activation == TFL_FUSED_RELU6) {
    const int32_t zero = zp + tfl_round_float_to_int32(0.0f / scale);
    if (zero > *act_min) *act_min = zero;
  }
  if (activation == TFL_FUSED_RELU6) {
    const int32_t six = zp + tfl_round_float_to_int32(6.0f / scale);
    if (six < *act_max) *act_max = six;
  }
  if (activation == TFL_FUSED_RELU_N1_TO_1) {
    const int32_t lo = zp + tfl_round_float_to_int32(-1.0f / scale);
    const int32_t hi = zp + tfl_round_float_to_int32(1.0f / scale);
    if (lo > *act_min) *act_min = lo;
    if (hi < *act_max) *act_max = hi;
  }
}

int fully_connected_typed_check(TflModel* m, int index, TflError* error) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* bias = op_input(m, index, 2);
  const TflTensor* out = op_output(m, index);
  if (op_require_rank(filter, 2, "filter", index, error)) return -1;
  const uint32_t depth = (uint32_t)filter->dims[1], units = (uint32_t)filter->dims[0];
  if (in->type == TFL_TYPE_FLOAT32) {
    if (op_require_type(out, TFL_TYPE_FLOAT32, "output", index, error) ||
        op_require_float_weights(filter, index, error) ||
        op_require_bias_float(bias, (int)units, index, error)) {
      return -1;
    }
  } else if (in->type == TFL_TYPE_INT16) {
    if (op_require_int16(in, "input", 0, index, error) ||
        op_require_int16(out, "output", 0, index, error) ||
        op_require_weights(m, index, filter, 0, error) ||
        op_require_bias_int16(bias, (int)units, index, error)) {
      return -1;
    }
  } else {
    return tfl_fail(error, index, "input is %s; int8, int16 and float32 are supported",
                    tfl_type_name(in->type));
  }
  if (op_require_activation(activation_of(m, index), index, error)) return -1;
  if (in->elements % depth != 0 || out->elements != in->elements / depth * units ||
      out->dims[out->rank - 1] != (int32_t)units) {
    return tfl_fail(error, index, "input of %u elements and output of %u do not fit a %ux%u filter",
                    (unsigned)in->elements, (unsigned)out->elements, (unsigned)units,
                    (unsigned)depth);
  }
  TflOperator* op = op_at(m, index);
  op->macs = (uint64_t)(in->elements / depth) * depth * units;
  op->persistent_bytes = in->type == TFL_TYPE_INT16 ? 2 * units * 4 : 0;
  op->kernel = "reference";
  return 0;
}

int fully_connected_typed_prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  TypedState* s = (TypedState*)tfl_state_alloc(rt, sizeof(TypedState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  s->units = filter->dims[0];
  s->depth = filter->dims[1];
  s->batches = (int)(in->elements / (uint32_t)s->depth);
  const int activation = activation_of(m, index);
  if (in->type == TFL_TYPE_FLOAT32) {
    tfl_activation_range_float((TflFusedActivation)activation, &s->act_min, &s->act_max);
    return 0;
  }
  s->multipliers = (int32_t*)(rt->arena + m->operators[index].persistent_offset);
  s->shifts = s->multipliers + s->units;
  s->per_channel = filter->scale_count > 1;
  if (s->per_channel) {
    tfl_per_channel_multipliers(in->scale, op_scales(m, filter), (int)filter->scale_count,
                                out->scale, s->units, s->multipliers, s->shifts);
  } else {
    /* GetQuantizedConvolutionMultipler: the scale product in float, then double. */
    int shift;
    tfl_quantize_multiplier((double)(in->scale * filter->scale) / (double)out->scale,
                            &s->multipliers[0], &shift);
    s->shifts[0] = shift;
  }
  op_activation_range_int16(activation, out, &s->act_min16, &s->act_max16);
  return 0;
}

void fully_connected_typed_eval(TflRuntime* rt, int index) {
  const TypedState* s = (const TypedState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  const TflTensor* bias = op_input(rt->model, index, 2);
  const void* in = tfl_tensor_data(rt, op->inputs[0]);
  const void* filter = tfl_tensor_data(rt, op->inputs[1]);
  void* out = tfl_tensor_data(rt, op->outputs[0]);
  if (rt->model->tensors[op->inputs[0]].type == TFL_TYPE_FLOAT32) {
    tfl_fully_connected_float(s->act_min, s->act_max, s->batches, s->depth, s->units,
                              (const float*)in, (const float*)filter,
                              bias ? (const float*)bias->data : NULL, (float*)out);
    return;
  }
  const int64_t* bias64 = bias && bias->type == TFL_TYPE_INT64 ? (const int64_t*)bias->data : NULL;
  const int32_t* bias32 = bias && bias->type == TFL_TYPE_INT32 ? (const int32_t*)bias->data : NULL;
  tfl_fully_connected_int16(s->per_channel, s->multipliers, s->shifts, s->act_min16, s->act_max16,
                            s->batches, s->depth, s->units, (const int16_t*)in,
                            (const int8_t*)filter, bias64, bias32, (int16_t*)out);
}
