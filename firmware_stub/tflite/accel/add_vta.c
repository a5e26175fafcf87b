/* ADD on the VTA, bit-exact with TFLite (vta_add_int8_exact: the exact requantisation chain on
 * the ALU, docs/vta.md); same-shape inputs only. */
#include <stdio.h>

#include "../ops/op_util.h"
#include "accsim/hw/tflite_delegate.h"
#include "accsim_kernels/tfl_elementwise.h"
#include "accsim_vta/vta_ops.h"
#include "tflite_accel.h"

typedef struct {
  TflArithmeticParams params;
  uint32_t length;
  int threads;
} VtaAddState;

static int compute_params(TflModel* m, int index, TflArithmeticParams* params) {
  const TflTensor* a = op_input(m, index, 0);
  const TflTensor* b = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  const int activation =
      fb_i8(&m->reader, &m->operators[index].options, TFL_ARITH_ACTIVATION, TFL_FUSED_NONE);
  return tfl_add_prepare_int8(a->scale, a->zero_point, b->scale, b->zero_point, out->scale,
                              out->zero_point, (TflFusedActivation)activation, params);
}

static int check(TflModel* m, int index, const TflHardware* hw, char* reason, int bytes) {
  const TflTensor* a = op_input(m, index, 0);
  const TflTensor* b = op_input(m, index, 1);
  const TflTensor* out = op_output(m, index);
  if (a->elements != out->elements || b->elements != out->elements) {
    snprintf(reason, (size_t)bytes, "runs only same-shape ADD (no broadcasting)");
    return -1;
  }
  TflArithmeticParams params;
  if (compute_params(m, index, &params) != 0 ||
      vta_add_exact_supported(tfl_accel_vta(hw), &params, hw->vta_threads) != VTA_OK) {
    snprintf(reason, (size_t)bytes, "quantisation outside the exact ADD chain's range");
    return -1;
  }
  TflOperator* op = op_at(m, index);
  op->kernel = hw->vta_threads == 2 ? "vta_add_exact_2t" : "vta_add_exact";
  op->persistent_bytes = 0;
  op->scratch_bytes = 0;
  return 0;
}

static int prepare(TflRuntime* rt, int index, TflError* error) {
  VtaAddState* s = (VtaAddState*)tfl_state_alloc(rt, sizeof(VtaAddState));
  if (!s) return tfl_fail(error, index, "operator state pool exhausted");
  rt->op_state[index] = s;
  compute_params(rt->model, index, &s->params);
  s->length = op_output(rt->model, index)->elements;
  s->threads = tfl_accel_vta_threads();
  return 0;
}

static void eval(TflRuntime* rt, int index) {
  const VtaAddState* s = (const VtaAddState*)rt->op_state[index];
  const TflOperator* op = &rt->model->operators[index];
  const int status =
      vta_add_int8_exact(tfl_accel_vta_device(), tfl_accel_vta_scratch(), &s->params,
                         (const int8_t*)tfl_tensor_data(rt, op->inputs[0]),
                         (const int8_t*)tfl_tensor_data(rt, op->inputs[1]),
                         (int8_t*)tfl_tensor_data(rt, op->outputs[0]), s->length, s->threads, NULL);
  if (status != VTA_OK) tfl_accel_fail(index, "vta_add_int8_exact", status);
}

const TflAccelKernel tfl_add_vta_kernel = {TFL_OP_ADD, TFL_BACKEND_VTA, check, prepare, eval};
