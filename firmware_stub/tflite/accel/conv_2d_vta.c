/* CONV_2D on the VTA: the driver's complete int8 CONV2D (firmware_stub/vta, docs/vta.md) for
 * batch-1, undilated convolutions it can tile into the configured SRAMs; the CPU converts the
 * tensors to the VTA's blocked layouts and back (counted in the operator's cycles). */
#include <stdio.h>

#include "../ops/conv_2d_common.h"
#include "accsim/hw/tflite_delegate.h"
#include "accsim_vta/vta_conv2d.h"
#include "tflite_accel.h"

typedef struct {
  ConvParams p;
  int threads;
} VtaConvState;

static int check(TflModel* m, int index, const TflHardware* hw, char* reason, int bytes) {
  const TflTensor* in = op_input(m, index, 0);
  const TflTensor* out = op_output(m, index);
  TflError error;
  ConvGeometry g;
  if (conv2d_geometry(m, index, &g, &error)) {
    snprintf(reason, (size_t)bytes, "%s", error.message);
    return -1;
  }
  if (in->dims[0] != 1 || g.dilation_h != 1 || g.dilation_w != 1) {
    snprintf(reason, (size_t)bytes, "runs only batch-1, undilated convolutions");
    return -1;
  }
  if (out->dims[3] > TFL_ACCEL_CHECK_CHANNELS) {
    snprintf(reason, (size_t)bytes, "too many output channels");
    return -1;
  }
  ConvParams p;
  conv2d_params(m, index, &g, &p);
  tfl_accel_check_quantization(m, index, &g, &p);
  const int status = vta_conv2d_supported(tfl_accel_vta(hw), &p, hw->vta_threads, VTA_CONV_REQUANT);
  if (status != VTA_OK) {
    snprintf(reason, (size_t)bytes, "%s", vta_strerror(status));
    return -1;
  }
  TflOperator* op = op_at(m, index);
  op->kernel = hw->vta_threads == 2 ? "vta_conv2d_2t" : "vta_conv2d";
  op->persistent_bytes = 2u * (uint32_t)out->dims[3] * 4u;
  op->scratch_bytes = 0; /* the driver's work buffers come from the VTA scratch */
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  TflModel* m = rt->model;
  const TflOperator* op = op_at(m, index);
  VtaConvState* s = (VtaConvState*)tfl_state_alloc(rt, sizeof(VtaConvState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  ConvGeometry g;
  conv2d_geometry(m, index, &g, error);
  conv2d_params(m, index, &g, &s->p);
  int32_t* block = (int32_t*)(rt->arena + op->persistent_offset);
  conv2d_quantization(m, index, &g, block, block + s->p.out_c, &s->p);
  s->threads = tfl_accel_vta_threads();
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const VtaConvState* s = (const VtaConvState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  const TflTensor* bias = op_input(rt->model, index, 2);
  const int status = vta_conv2d_int8(
      tfl_accel_vta_device(), tfl_accel_vta_scratch(), &s->p,
      (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
      (const int8_t*)tfl_tensor_data(rt, op->inputs[1]), bias ? (const int32_t*)bias->data : NULL,
      (int8_t*)tfl_tensor_data(rt, op->outputs[0]), s->threads, VTA_CONV_REQUANT, NULL);
  if (status != VTA_OK) tfl_accel_fail(index, "vta_conv2d_int8", status);
}

const TflAccelKernel tfl_conv_2d_vta_kernel = {TFL_OP_CONV_2D, TFL_BACKEND_VTA, check, prepare,
                                               eval};
