/* CONV_2D's 16x8 path (conv_2d.c hands int16 inputs over): int16 input and output (zero point
 * 0), int8 filter per channel or per tensor, int64 or int32 bias; TFLM's ConvPerChannel for
 * int16 (accsim_kernels/tfl_int16.h). */
#include "conv_2d_int16.h"

#include <stddef.h>

#include "accsim_kernels/tfl_int16.h"
#include "conv_2d_common.h"
#include "fully_connected_typed.h"

typedef struct {
  ConvPerChannelParams params;
  Shape4 in_shape, filter_shape, out_shape;
  int32_t* multipliers;
  int32_t* shifts;
} ConvInt16State;

int conv_2d_int16_check(TflModel* m, int index, TflError* error) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  if (op_require_int16(in, "input", 0, index, error) ||
      op_require_int16(out, "output", 0, index, error) ||
      op_require_rank(in, 4, "input", index, error) ||
      op_require_rank(out, 4, "output", index, error) ||
      op_require_rank(filter, 4, "filter", index, error) ||
      op_require_weights(m, index, filter, 0, error) ||
      op_require_bias_int16(op_input(m, index, 2), filter->dims[0], index, error)) {
    return -1;
  }
  if (filter->dims[3] != in->dims[3]) {
    return tfl_fail(error, index, "filter has %d input channels but the input has %d",
                    (int)filter->dims[3], (int)in->dims[3]);
  }
  ConvGeometry g;
  if (conv2d_geometry(m, index, &g, error)) return -1;
  if (out->dims[0] != in->dims[0] || out->dims[1] != g.out_h || out->dims[2] != g.out_w ||
      out->dims[3] != filter->dims[0]) {
    return tfl_fail(error, index, "output shape does not match the computed %dx%dx%dx%d",
                    (int)in->dims[0], g.out_h, g.out_w, (int)filter->dims[0]);
  }
  TflOperator* op = op_at(m, index);
  op->macs = (uint64_t)out->elements * (uint64_t)filter->dims[1] * (uint64_t)filter->dims[2] *
             (uint64_t)filter->dims[3];
  op->persistent_bytes = 2 * (uint32_t)filter->dims[0] * 4;
  op->kernel = "reference_16x8";
  return 0;
}

int conv_2d_int16_prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  ConvInt16State* s = (ConvInt16State*)tfl_state_alloc(rt, sizeof(ConvInt16State));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  ConvGeometry g;
  conv2d_geometry(m, index, &g, error);
  const int channels = filter->dims[0];
  s->multipliers = (int32_t*)(rt->arena + m->operators[index].persistent_offset);
  s->shifts = s->multipliers + channels;
  tfl_per_channel_multipliers(in->scale, op_scales(m, filter), (int)filter->scale_count, out->scale,
                              channels, s->multipliers, s->shifts);
  s->params.stride_width = g.stride_w;
  s->params.stride_height = g.stride_h;
  s->params.dilation_width_factor = g.dilation_w;
  s->params.dilation_height_factor = g.dilation_h;
  s->params.padding_width = g.pad_left;
  s->params.padding_height = g.pad_top;
  s->params.input_offset = 0;
  s->params.output_offset = 0;
  op_activation_range_int16(g.activation, out, &s->params.quantized_activation_min,
                            &s->params.quantized_activation_max);
  for (int d = 0; d < 4; ++d) {
    s->in_shape.dims[d] = in->dims[d];
    s->filter_shape.dims[d] = filter->dims[d];
    s->out_shape.dims[d] = out->dims[d];
  }
  return 0;
}

void conv_2d_int16_eval(TflRuntime* rt, int index) {
  const ConvInt16State* s = (const ConvInt16State*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  const TflTensor* bias = op_input(rt->model, index, 2);
  const int64_t* bias64 = bias && bias->type == TFL_TYPE_INT64 ? (const int64_t*)bias->data : NULL;
  const int32_t* bias32 = bias && bias->type == TFL_TYPE_INT32 ? (const int32_t*)bias->data : NULL;
  tfl_conv_per_channel_int16(&s->params, s->multipliers, s->shifts, &s->in_shape,
                             (const int16_t*)tfl_tensor_data(rt, op->inputs[0]), &s->filter_shape,
                             (const int8_t*)tfl_tensor_data(rt, op->inputs[1]), bias64, bias32,
                             &s->out_shape, (int16_t*)tfl_tensor_data(rt, op->outputs[0]));
}
