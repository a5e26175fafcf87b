/* The accelerator implementations of the TFLite interpreter's operators (firmware only: they
 * drive the hardware, so accsim's pre-simulation check does not link them). tflite_runner
 * registers them with tfl_register_accelerators() after discovering the SoC. */
#ifndef ACCSIM_TFLITE_ACCEL_H
#define ACCSIM_TFLITE_ACCEL_H

#include <stdint.h>

#include "../ops/conv_2d_common.h"
#include "accsim_tflite/op_kernel.h"
#include "accsim_vta/vta_arena.h"
#include "accsim_vta/vta_device.h"

extern const TflAccelKernel* const tfl_accel_kernels[];
extern const int tfl_accel_kernel_count;

/* The SoC the implementations run on, and the VTA operators' work memory (their blocked layouts
 * and instruction streams): the part of the arena region the plan leaves free. */
void tfl_accel_attach(const TflHardware* hw, void* vta_scratch, uint32_t vta_scratch_bytes);
const vta_device_t* tfl_accel_vta_device(void);
int tfl_accel_vta_threads(void);
vta_arena_t* tfl_accel_vta_scratch(void);
/* An accelerator refused at run time what its check accepted: a firmware bug, so stop the run
 * with the operator and the driver's error named (exit code 3). */
void tfl_accel_fail(int index, const char* call, int status) __attribute__((noreturn));

/* A CONV_2D's per-channel requantisation for the checks, before prepare (up to
 * TFL_ACCEL_CHECK_CHANNELS output channels): computed once per operator and shared by the CFU's
 * and the VTA's checks, which tfl_place runs one after the other for every operator. */
#define TFL_ACCEL_CHECK_CHANNELS 4096
void tfl_accel_check_quantization(TflModel* m, int index, const ConvGeometry* g, ConvParams* p);

/* The VTA device of a TflHardware (NULL when there is none). */
static inline const vta_device_t* tfl_accel_vta(const TflHardware* hw) {
  return (const vta_device_t*)hw->vta;
}

#endif
