/* int8 CONV2D on the VTA: NHWC input, OHWI weights, int32 bias, per-channel requantisation,
 * any stride, SAME/VALID padding (ConvParams from accsim_kernels/conv.h, geometry set with
 * conv_set_geometry()), dilation 1. Bit-exact to conv2d_int8_reference().
 *
 * The CPU converts the tensors to VTA's blocked layouts (accsim_kernels/vta_conv_layout.h: the
 * padding becomes zero-point border pixels and input_offset * sum(w) is folded into the bias).
 * The VTA then runs, per output tile (a band of output rows x a group of output-channel
 * blocks): reset the tile's accumulators, one GEMM per input-channel tile (its micro-ops walk
 * output blocks, kernel taps and input blocks; the loops walk rows and columns with the
 * stride), the bias add and the 32-op exact requantisation chain of accsim_kernels/
 * vta_requant.h on the ALU (3 scratch rows per pixel, 8 constant rows per channel block),
 * STORE int8 into [OCB][Ho][Wo][B] (one contiguous run per output block). The CPU un-blocks.
 *
 * Buffers, in the order the driver prefers them:
 *  - "bands": the weights of the whole layer fit WGT: they stay resident (loaded once, piece
 *    by piece before the first tile of each channel group needs them), each band of input
 *    rows is loaded once and serves every output-channel group;
 *  - "oc": the weights of a channel group are loaded once per group, the input once per
 *    (group, band);
 *  - "ic": the input channels are split into tiles accumulated in ACC (very deep layers).
 * The requantisation constants stay resident at the bottom of ACC when they take at most half
 * of it. With 2 virtual threads only what double-buffers is split: the INP buffer (one band
 * loads while compute reads the other), the ACC tiles (compute requantises one while the store
 * module drains the other), and WGT in the "oc"/"ic" orders; resident weights, constants and
 * micro-op kernels are shared. The 2-thread stream loads the next input band before the
 * current tile's GEMM, so the load module works while compute runs GEMM + ALU.
 * Limit: one output row of one output-channel block and one input-channel block must fit. */
#ifndef ACCSIM_VTA_CONV2D_H
#define ACCSIM_VTA_CONV2D_H

#include "accsim_vta/vta_ops.h"

/* What follows the accumulation: the exact requantisation, or only the bias add (the low 8
 * bits of acc + bias are stored: the GEMM path on its own). */
typedef enum { VTA_CONV_REQUANT = 0, VTA_CONV_RAW = 1 } vta_conv_tail_t;

/* threads: 1 or 2. VTA_ERR_ARGUMENT when the output offset or the clamp do not fit the ALU's
 * 16-bit immediates, or a multiplier/shift is outside vta_requant's range. */
/* VTA_OK when vta_conv2d_int8 would accept the layer (before the work buffers, which come from
 * the caller's arena), else the VTA_ERR_* it would return; touches neither memory nor the
 * device, so an interpreter can decide placement before running. */
int vta_conv2d_supported(const vta_device_t* dev, const ConvParams* p, int threads,
                         vta_conv_tail_t tail);
int vta_conv2d_int8(const vta_device_t* dev, vta_arena_t* arena, const ConvParams* p,
                    const int8_t* input, const int8_t* filter, const int32_t* bias, int8_t* output,
                    int threads, vta_conv_tail_t tail, vta_op_stats_t* stats);

#endif
