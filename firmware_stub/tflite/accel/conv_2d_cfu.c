/* CONV_2D on the mnv2 CFU: seed 001's stage-6 streaming kernel (accsim_kernels/conv1x1.h) for
 * the 1x1, stride-1, unpadded, batch-1 convolutions whose channels and store sizes it takes, with
 * the model's own per-channel quantisation. */
#include <stdio.h>

#include "../ops/conv_2d_common.h"
#include "accsim/hw/tflite_delegate.h"
#include "accsim_kernels/conv1x1.h"
#include "tflite_accel.h"

static int refuse(char* reason, int bytes, const char* why) {
  snprintf(reason, (size_t)bytes, "%s", why);
  return -1;
}

static int check(TflModel* m, int index, const TflHardware* hw, char* reason, int bytes) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* filter = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  TflError error;
  ConvGeometry g;
  if (conv2d_geometry(m, index, &g, &error)) return refuse(reason, bytes, error.message);
  if (filter->dims[1] != 1 || filter->dims[2] != 1 || g.stride_h != 1 || g.stride_w != 1 ||
      g.pad_top != 0 || g.pad_left != 0) {
    return refuse(reason, bytes, "runs only 1x1, stride-1 convolutions");
  }
  if (in->dims[0] != 1) return refuse(reason, bytes, "runs only batch 1");
  const int in_c = in->dims[3], out_c = out->dims[3];
  if (in_c % 8 != 0 || out_c % 4 != 0) {
    snprintf(reason, (size_t)bytes, "needs input channels %% 8 and output channels %% 4 (%d, %d)",
             in_c, out_c);
    return -1;
  }
  if (((uintptr_t)filter->data & 3) != 0) {
    return refuse(reason, bytes, "the filter is not 4-byte aligned in the model");
  }
  if (out_c > TFL_ACCEL_CHECK_CHANNELS) return refuse(reason, bytes, "too many output channels");
  ConvParams p;
  conv2d_params(m, index, &g, &p);
  tfl_accel_check_quantization(m, index, &g, &p);
  for (int c = 0; c < out_c; ++c) {
    if (p.output_shift[c] < -31 || p.output_shift[c] > 31) {
      return refuse(reason, bytes, "a requantisation shift outside the CFU's [-31, 31]");
    }
  }
  if (conv1x1_batch_size(in_c, out_c, hw->cfu_filter_words, hw->cfu_param_entries) == 0 ||
      (uint32_t)(in_c / 4) > hw->cfu_input_words) {
    snprintf(reason, (size_t)bytes,
             "the layer (%d in, %d out channels) does not fit its stores (filter %u words, "
             "params %u, input %u words)",
             in_c, out_c, (unsigned)hw->cfu_filter_words, (unsigned)hw->cfu_param_entries,
             (unsigned)hw->cfu_input_words);
    return -1;
  }
  TflOperator* op = op_at(m, index);
  op->kernel = "cfu_stage6";
  op->persistent_bytes = 3u * (uint32_t)out_c * 4u; /* multipliers, shifts, bias */
  op->scratch_bytes = 0;
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  const TflOperator* op = op_at(m, index);
  Conv1x1Params* p = (Conv1x1Params*)tfl_state_alloc(rt, sizeof(Conv1x1Params));
  if (!p) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = p;
  ConvGeometry g;
  conv2d_geometry(m, index, &g, error);
  ConvParams conv;
  conv2d_params(m, index, &g, &conv);
  const int out_c = conv.out_c;
  int32_t* block = (int32_t*)(rt->arena + op->persistent_offset);
  int32_t* bias = block + 2 * out_c;
  conv2d_quantization(m, index, &g, block, block + out_c, &conv);
  /* The CFU adds a bias to every channel: the model's, or zeros. */
  const TflTensor* model_bias = op_input(m, index, 2);
  for (int c = 0; c < out_c; ++c) {
    bias[c] = model_bias ? ((const int32_t*)model_bias->data)[c] : 0;
  }
  p->height = conv.out_h;
  p->width = conv.out_w;
  p->in_c = conv.in_c;
  p->out_c = out_c;
  p->input_offset = conv.input_offset;
  p->output_offset = conv.output_offset;
  p->act_min = conv.act_min;
  p->act_max = conv.act_max;
  p->output_multiplier = conv.output_multiplier;
  p->output_shift = conv.output_shift;
  p->bias = bias;
  p->filter = (const int8_t*)op_input(m, index, 1)->data;
  p->input = (const int8_t*)tfl_tensor_data(rt, op->inputs[0]);
  p->output = (int8_t*)tfl_tensor_data(rt, op->outputs[0]);
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  conv1x1_stage6((const Conv1x1Params*)rt->op_state[index]);
}

const TflAccelKernel tfl_conv_2d_cfu_kernel = {TFL_OP_CONV_2D, TFL_BACKEND_CFU, check, prepare,
                                               eval};
