/* int8 CONV2D on the VTA: NHWC input, OHWI weights, int32 bias, per-channel requantisation,
 * any stride, SAME/VALID padding (ConvParams from accsim_kernels/conv.h, geometry set with
 * conv_set_geometry()), dilation 1. Bit-exact to conv2d_int8_reference().
 *
 * The CPU converts the tensors to VTA's blocked layouts (accsim_kernels/vta_conv_layout.h: the
 * padding becomes zero-point border pixels and input_offset * sum(w) is folded into the bias).
 * The VTA then runs, per output tile (a band of output rows x a group of output-channel
 * blocks): reset the tile's accumulators, one GEMM per input-channel tile (its micro-ops walk
 * output blocks, kernel taps and input blocks; the loops walk rows and columns with the
 * stride), the requantisation chain on the ALU (bias add, then the exact MultiplyBy-
 * QuantizedMultiplier + offset + clamp over per-channel constant rows), STORE int8. The CPU
 * un-blocks the output.
 *
 * Tiling follows the SRAM depths read from the device: with T virtual threads each thread owns
 * 1/T of INP, WGT and ACC; input/weight loads alternate between the INP/WGT halves and output
 * tiles between the ACC halves, so the load module fills one half while compute works on the
 * other, and compute requantises one tile while the store module drains the other.
 * Limit: one output row of one output-channel block and one input-channel block must fit
 * (KH input rows x padded width in INP/T, the accumulator rows in ACC/T). */
#ifndef ACCSIM_VTA_CONV2D_H
#define ACCSIM_VTA_CONV2D_H

#include "accsim_kernels/vta_rq_plan.h"
#include "accsim_vta/vta_ops.h"

/* The requantisation chain CONV2D runs by default: bias, the exact MultiplyByQuantized-
 * Multiplier, offset, clamp (accsim_kernels/vta_rq_plan.h). VTA_ERR_ARGUMENT when the offset or
 * the clamp do not fit the ALU's 16-bit immediates. */
int vta_conv_requant_plan(const ConvParams* p, vta_rq_plan_t* plan);

/* plan NULL: vta_conv_requant_plan(). threads: 1 or 2. */
int vta_conv2d_int8(const vta_device_t* dev, vta_arena_t* arena, const ConvParams* p,
                    const int8_t* input, const int8_t* filter, const int32_t* bias, int8_t* output,
                    int threads, const vta_rq_plan_t* plan, vta_op_stats_t* stats);

#endif
