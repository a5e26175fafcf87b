/* DEPTHWISE_CONV_2D: input [1,H,W,C] int8, filter [1,KH,KW,C*M] int8 (per-channel along dimension
 * 3 or per-tensor), optional int32 bias, output [1,OH,OW,C*M].
 * Kernel choice (docs/models.md, "Kernels"): seed 000's channel-innermost kernel with a 32-entry
 * accumulator block (4 lines of the 4 KiB D$) for dilation 1; TFLite's reference loop order with
 * dilation otherwise. */
#include <stddef.h>

#include "accsim_kernels/depthwise.h"
#include "accsim_kernels/tfl_depthwise.h"
#include "op_util.h"

typedef struct {
  DepthwiseParams p;
  int dilation_h, dilation_w;
  int32_t* acc_buffer;
  ConvPerChannelParams ref; /* the dilated reference kernel's view */
  Shape4 in_shape, filter_shape, out_shape;
} DepthwiseState;

typedef struct {
  int padding, stride_h, stride_w, dilation_h, dilation_w, multiplier, activation;
} DepthwiseOptions;

static int read_options(TflModel* m, int index, DepthwiseOptions* o, TflError* error) {
  FbReader* r = &m->reader;
  const FbTable* t = &m->operators[index].options;
  o->padding = fb_i8(r, t, TFL_DW_PADDING, TFL_PADDING_KIND_SAME);
  o->stride_w = fb_i32(r, t, TFL_DW_STRIDE_W, 0);
  o->stride_h = fb_i32(r, t, TFL_DW_STRIDE_H, 0);
  o->multiplier = fb_i32(r, t, TFL_DW_DEPTH_MULTIPLIER, 0);
  o->activation = fb_i8(r, t, TFL_DW_ACTIVATION, TFL_FUSED_NONE);
  o->dilation_w = fb_i32(r, t, TFL_DW_DILATION_W, 1);
  o->dilation_h = fb_i32(r, t, TFL_DW_DILATION_H, 1);
  if (o->padding != TFL_PADDING_KIND_SAME && o->padding != TFL_PADDING_KIND_VALID) {
    return tfl_fail(error, index, "padding %d is neither SAME nor VALID", o->padding);
  }
  if (o->stride_w < 1 || o->stride_h < 1 || o->dilation_w < 1 || o->dilation_h < 1 ||
      o->stride_w > 64 || o->stride_h > 64 || o->dilation_w > 64 || o->dilation_h > 64) {
    return tfl_fail(error, index, "stride %dx%d / dilation %dx%d out of range (1-64)", o->stride_h,
                    o->stride_w, o->dilation_h, o->dilation_w);
  }
  return op_require_activation(o->activation, index, error);
}

static int geometry(TflModel* m, int index, const DepthwiseOptions* o, DepthwiseParams* p) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  p->in_h = in->dims[1];
  p->in_w = in->dims[2];
  p->in_c = in->dims[3];
  p->k_h = filter->dims[1];
  p->k_w = filter->dims[2];
  p->stride_h = o->stride_h;
  p->stride_w = o->stride_w;
  /* TFLite derives the multiplier from the shapes; the option must agree when it is set. */
  p->depth_multiplier = filter->dims[3] / in->dims[3];
  if (op_output_size(o->padding, p->in_h, p->k_h, p->stride_h, o->dilation_h, &p->out_h,
                     &p->pad_top) ||
      op_output_size(o->padding, p->in_w, p->k_w, p->stride_w, o->dilation_w, &p->out_w,
                     &p->pad_left)) {
    return -1;
  }
  return 0;
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_weighted(m, index, 4, 4, 3, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);

  DepthwiseOptions o;
  if (read_options(m, index, &o, error)) return -1;
  if (in->dims[0] != 1)
    return tfl_fail(error, index, "batch %d: only batch 1 is supported", (int)in->dims[0]);
  if (filter->dims[0] != 1 || filter->dims[3] % in->dims[3] != 0) {
    return tfl_fail(error, index, "filter shape %dx%dx%dx%d does not fit %d input channels",
                    (int)filter->dims[0], (int)filter->dims[1], (int)filter->dims[2],
                    (int)filter->dims[3], (int)in->dims[3]);
  }
  if (o.multiplier != 0 && o.multiplier != filter->dims[3] / in->dims[3]) {
    return tfl_fail(error, index,
                    "depth_multiplier %d disagrees with the filter's %d channels "
                    "for %d input channels",
                    o.multiplier, (int)filter->dims[3], (int)in->dims[3]);
  }
  DepthwiseParams p;
  if (geometry(m, index, &o, &p))
    return tfl_fail(error, index, "the filter is larger than the input");
  if (out->dims[0] != 1 || out->dims[1] != p.out_h || out->dims[2] != p.out_w ||
      out->dims[3] != filter->dims[3]) {
    return tfl_fail(error, index, "output shape %dx%dx%dx%d does not match the computed 1x%dx%dx%d",
                    (int)out->dims[0], (int)out->dims[1], (int)out->dims[2], (int)out->dims[3],
                    p.out_h, p.out_w, (int)filter->dims[3]);
  }
  TflOperator* op = op_at(m, index);
  op->macs = (uint64_t)out->elements * (uint64_t)p.k_h * (uint64_t)p.k_w;
  op->persistent_bytes = 2u * (uint32_t)filter->dims[3] * 4u + DEPTHWISE_DEFAULT_K * 4u;
  op->kernel = (o.dilation_h == 1 && o.dilation_w == 1) ? "depthwise_k32" : "reference";
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  const TflOperator* op = op_at(m, index);
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  DepthwiseState* s = (DepthwiseState*)tfl_state_alloc(rt, sizeof(DepthwiseState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  DepthwiseOptions o;
  read_options(m, index, &o, error);
  geometry(m, index, &o, &s->p);
  s->dilation_h = o.dilation_h;
  s->dilation_w = o.dilation_w;
  s->p.input_offset = -in->zero_point;
  s->p.output_offset = out->zero_point;
  op_activation_range(o.activation, out, &s->p.act_min, &s->p.act_max);
  const int channels = filter->dims[3];
  int32_t* block = (int32_t*)(rt->arena + op->persistent_offset);
  int32_t* multipliers = block;
  int32_t* shifts = block + channels;
  s->acc_buffer = block + 2 * channels;
  tfl_per_channel_multipliers(in->scale, op_scales(m, filter), (int)filter->scale_count, out->scale,
                              channels, multipliers, shifts);
  s->p.output_multiplier = multipliers;
  s->p.output_shift = shifts;
  s->ref.stride_width = s->p.stride_w;
  s->ref.stride_height = s->p.stride_h;
  s->ref.dilation_width_factor = o.dilation_w;
  s->ref.dilation_height_factor = o.dilation_h;
  s->ref.padding_width = s->p.pad_left;
  s->ref.padding_height = s->p.pad_top;
  s->ref.input_offset = s->p.input_offset;
  s->ref.output_offset = s->p.output_offset;
  s->ref.quantized_activation_min = s->p.act_min;
  s->ref.quantized_activation_max = s->p.act_max;
  op_shape4(in, &s->in_shape);
  op_shape4(filter, &s->filter_shape);
  op_shape4(out, &s->out_shape);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const DepthwiseState* s = (const DepthwiseState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  const TflTensor* bias = op_input(rt->model, index, 2);
  const int8_t* input = (const int8_t*)tfl_tensor_data(rt, op->inputs[0]);
  const int8_t* filter = (const int8_t*)tfl_tensor_data(rt, op->inputs[1]);
  const int32_t* bias_data = bias ? (const int32_t*)bias->data : NULL;
  int8_t* output = (int8_t*)tfl_tensor_data(rt, op->outputs[0]);
  if (s->dilation_h == 1 && s->dilation_w == 1) {
    depthwise_int8_optimized(&s->p, input, filter, bias_data, output, s->acc_buffer,
                             DEPTHWISE_DEFAULT_K);
    return;
  }
  tfl_depthwise_conv_per_channel_int8(&s->ref, s->p.depth_multiplier, s->p.output_multiplier,
                                      s->p.output_shift, &s->in_shape, input, &s->filter_shape,
                                      filter, bias_data, &s->out_shape, output);
}

const TflOpKernel tfl_depthwise_conv_2d_kernel = {TFL_OP_DEPTHWISE_CONV_2D, "depthwise_conv_2d",
                                                  check, prepare, eval};
