/* The accelerator implementations tflite_runner registers, and the VTA operators' scratch. */
#include <stdio.h>

#include "accsim/sim_control.h"
#include "tflite_accel.h"

extern const TflAccelKernel tfl_conv_2d_cfu_kernel;
extern const TflAccelKernel tfl_conv_2d_vta_kernel;
extern const TflAccelKernel tfl_add_vta_kernel;

const TflAccelKernel* const tfl_accel_kernels[] = {
    &tfl_conv_2d_cfu_kernel,
    &tfl_conv_2d_vta_kernel,
    &tfl_add_vta_kernel,
};
const int tfl_accel_kernel_count = (int)(sizeof(tfl_accel_kernels) / sizeof(tfl_accel_kernels[0]));

static const TflHardware* g_hw;
static vta_arena_t g_vta_scratch;

void tfl_accel_attach(const TflHardware* hw, void* vta_scratch, uint32_t vta_scratch_bytes) {
  g_hw = hw;
  vta_arena_init(&g_vta_scratch, vta_scratch, vta_scratch_bytes);
}

const vta_device_t* tfl_accel_vta_device(void) { return tfl_accel_vta(g_hw); }
int tfl_accel_vta_threads(void) { return g_hw->vta_threads; }
vta_arena_t* tfl_accel_vta_scratch(void) { return &g_vta_scratch; }

void tfl_accel_fail(int index, const char* call, int status) {
  printf("tflite_runner: operator %d: %s failed: %s\n", index, call, vta_strerror(status));
  accsim_exit(3);
}

static int32_t g_check_multipliers[TFL_ACCEL_CHECK_CHANNELS];
static int32_t g_check_shifts[TFL_ACCEL_CHECK_CHANNELS];
/* Whose they are: the model, the operator and its filter (a model loaded at the same address
 * has other weights). */
static const TflModel* g_check_model;
static int g_check_index = -1;
static const uint8_t* g_check_filter;

void tfl_accel_check_quantization(TflModel* m, int index, const ConvGeometry* g, ConvParams* p) {
  const uint8_t* filter = op_input(m, index, 1)->data;
  if (m == g_check_model && index == g_check_index && filter == g_check_filter) {
    conv2d_use_quantization(m, index, g, g_check_multipliers, g_check_shifts, p);
    return;
  }
  conv2d_quantization(m, index, g, g_check_multipliers, g_check_shifts, p);
  g_check_model = m;
  g_check_index = index;
  g_check_filter = filter;
}
