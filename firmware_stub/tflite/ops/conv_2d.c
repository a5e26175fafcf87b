/* CONV_2D: input [N,H,W,C] int8, filter [OC,KH,KW,IC] int8 (per-channel or per-tensor), optional
 * int32 bias, output [N,OH,OW,OC] int8.
 * Kernel choice (docs/models.md, "Kernels"): the indirect GEMM of seed 003 for batch 1 and
 * dilation 1 - a plain GEMM when the convolution is 1x1, stride 1 and unpadded - because it beat
 * direct and im2col convolution on the 4 KiB D$ of CFU-Playground's VexRiscv (docs/conv-suite.md);
 * TFLite's general reference kernel otherwise (dilation, batches). */
#include <stddef.h>

#include "accsim_kernels/conv.h"
#include "accsim_kernels/conv_per_channel.h"
#include "accsim_kernels/conv_suite.h"
#include "conv_2d_common.h"
#include "conv_2d_int16.h"

typedef struct {
  int use_gemm;
  ConvParams p; /* geometry and quantisation for the GEMM kernels */
  ConvPerChannelParams ref;
  Shape4 in_shape, filter_shape, out_shape;
  int8_t* packed_weights;
  int32_t* folded_bias;
  int8_t* zero_row;
  const int8_t** indirection;
} ConvState;

static int is_int16(TflModel* m, int index) {
  return m->tensors[m->operators[index].inputs[0]].type == TFL_TYPE_INT16;
}

static int check(TflModel* m, int index, TflError* error) {
  if (op_require_inputs(m, index, 2, 3, error)) return -1;
  if (is_int16(m, index)) return conv_2d_int16_check(m, index, error);
  if (op_require_weighted(m, index, 4, 4, 0, error)) return -1;
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);

  if (filter->dims[3] != in->dims[3]) {
    return tfl_fail(error, index, "filter has %d input channels but the input has %d",
                    (int)filter->dims[3], (int)in->dims[3]);
  }
  ConvGeometry g;
  if (conv2d_geometry(m, index, &g, error)) return -1;
  const int out_h = g.out_h, out_w = g.out_w;
  if (out->dims[0] != in->dims[0] || out->dims[1] != out_h || out->dims[2] != out_w ||
      out->dims[3] != filter->dims[0]) {
    return tfl_fail(error, index,
                    "output shape %dx%dx%dx%d does not match the computed %dx%dx%dx%d",
                    (int)out->dims[0], (int)out->dims[1], (int)out->dims[2], (int)out->dims[3],
                    (int)in->dims[0], out_h, out_w, (int)filter->dims[0]);
  }
  TflOperator* op = op_at(m, index);
  op->macs = (uint64_t)out->elements * (uint64_t)filter->dims[1] * (uint64_t)filter->dims[2] *
             (uint64_t)filter->dims[3];
  const uint32_t channels = (uint32_t)filter->dims[0];
  op->persistent_bytes = 2 * channels * 4; /* multipliers, shifts */
  if (in->dims[0] != 1 || g.dilation_h != 1 || g.dilation_w != 1) {
    op->kernel = "reference";
    return 0;
  }
  ConvParams p;
  conv2d_params(m, index, &g, &p);
  const int plain = conv_indirect_is_plain_gemm(&p);
  op->kernel = plain ? "gemm_1x1" : "indirect_gemm";
  const size_t pointers = conv_indirect_buffer_bytes(&p) / sizeof(const int8_t*);
  op->persistent_bytes +=
      (uint32_t)(conv_indirect_weight_bytes(&p) + conv_gemm_bias_bytes(&p) +
                 conv_indirect_zero_row_bytes(&p) + 16 + pointers * TFL_TARGET_POINTER_BYTES);
  return 0;
}

/* Carves `bytes` from the operator's persistent block, keeping 4-byte alignment. */
static void* carve(uint8_t** cursor, size_t bytes) {
  void* start = *cursor;
  *cursor += (bytes + 3) & ~(size_t)3;
  return start;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  if (is_int16(m, index)) return conv_2d_int16_prepare(rt, index, error);
  const TflOperator* op = op_at(m, index);
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  ConvState* s = (ConvState*)tfl_state_alloc(rt, sizeof(ConvState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  ConvGeometry g;
  conv2d_geometry(m, index, &g, error);
  conv2d_params(m, index, &g, &s->p);
  uint8_t* cursor = rt->arena + op->persistent_offset;
  const int channels = filter->dims[0];
  int32_t* multipliers = (int32_t*)carve(&cursor, (size_t)channels * 4);
  int32_t* shifts = (int32_t*)carve(&cursor, (size_t)channels * 4);
  conv2d_quantization(m, index, &g, multipliers, shifts, &s->p);
  s->use_gemm = op->kernel[0] != 'r';
  if (!s->use_gemm) {
    s->ref.stride_width = g.stride_w;
    s->ref.stride_height = g.stride_h;
    s->ref.dilation_width_factor = g.dilation_w;
    s->ref.dilation_height_factor = g.dilation_h;
    s->ref.padding_width = g.pad_left;
    s->ref.padding_height = g.pad_top;
    s->ref.input_offset = s->p.input_offset;
    s->ref.output_offset = s->p.output_offset;
    s->ref.quantized_activation_min = s->p.act_min;
    s->ref.quantized_activation_max = s->p.act_max;
    for (int d = 0; d < 4; ++d) {
      s->in_shape.dims[d] = in->dims[d];
      s->filter_shape.dims[d] = filter->dims[d];
      s->out_shape.dims[d] = out->dims[d];
    }
    return 0;
  }
  const int8_t* weights = (const int8_t*)filter->data;
  const TflTensor* bias = op_input(m, index, 2);
  s->packed_weights = (int8_t*)carve(&cursor, conv_indirect_weight_bytes(&s->p));
  s->folded_bias = (int32_t*)carve(&cursor, conv_gemm_bias_bytes(&s->p));
  s->zero_row = (int8_t*)carve(&cursor, conv_indirect_zero_row_bytes(&s->p));
  cursor = (uint8_t*)(((uintptr_t)cursor + 15) & ~(uintptr_t)15);
  s->indirection = (const int8_t**)carve(&cursor, conv_indirect_buffer_bytes(&s->p));
  conv_indirect_pack_weights(&s->p, weights, s->packed_weights);
  conv_gemm_fold_bias(&s->p, weights, bias ? (const int32_t*)bias->data : NULL, s->folded_bias);
  conv_indirect_init(&s->p, (const int8_t*)tfl_tensor_data(rt, op->inputs[0]), s->zero_row,
                     s->indirection);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  if (is_int16(rt->model, index)) {
    conv_2d_int16_eval(rt, index);
    return;
  }
  const ConvState* s = (const ConvState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  const int8_t* input = (const int8_t*)tfl_tensor_data(rt, op->inputs[0]);
  int8_t* output = (int8_t*)tfl_tensor_data(rt, op->outputs[0]);
  if (s->use_gemm) {
    const ConvGemmTiling tiling = {4, 0};
    conv_indirect(&s->p, &tiling, input, s->indirection, s->packed_weights, s->folded_bias, output);
    return;
  }
  const TflTensor* bias = op_input(rt->model, index, 2);
  conv_per_channel_int8(&s->ref, s->p.output_multiplier, s->p.output_shift, &s->in_shape, input,
                        &s->filter_shape, (const int8_t*)tfl_tensor_data(rt, op->inputs[1]),
                        bias ? (const int32_t*)bias->data : NULL, &s->out_shape, output);
}

const TflOpKernel tfl_conv_2d_kernel = {TFL_OP_CONV_2D, "conv_2d", check, prepare, eval};
