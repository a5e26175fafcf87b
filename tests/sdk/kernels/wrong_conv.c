/* The walk-through's simd_conv kernel with a deliberate bug, for runtime.verify's test
 * (tests/sdk/check_kernel_registry.sh): registered as simd_conv_wrong, it flips the lowest bit
 * of output element WRONG_ELEMENT of operator WRONG_OP after computing it right; and picky_dw,
 * a DEPTHWISE_CONV_2D kernel that refuses every operator (its reason must reach the placement
 * lines and the operators stay on the CPU). */
#define tflite_runner_register_kernels simd_conv_register_kernels
#include "simd_conv.c"
#undef tflite_runner_register_kernels

static void eval_wrong(TflRuntime* rt, int index) {
  eval(rt, index);
  if (index == WRONG_OP) {
    int8_t* out = (int8_t*)tfl_tensor_data(rt, rt->model->operators[index].outputs[0]);
    out[WRONG_ELEMENT] ^= 1;
  }
}

static const TflUserKernel kWrong = {"simd_conv_wrong", TFL_OP_CONV_2D, supports, prepare,
                                     eval_wrong};

static int refuse_all(const TflModel* m, int index, TflKernelNeeds* needs, char* reason,
                      int bytes) {
  (void)m;
  (void)index;
  (void)needs;
  return refuse(reason, bytes, "refuses on purpose");
}

static void never(TflRuntime* rt, int index) {
  (void)rt;
  (void)index;
}

static const TflUserKernel kPicky = {"picky_dw", TFL_OP_DEPTHWISE_CONV_2D, refuse_all, 0, never};

void tflite_runner_register_kernels(void) {
  tflite_runner_add_kernel(&kWrong);
  tflite_runner_add_kernel(&kPicky);
}
