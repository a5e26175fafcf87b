/* CONV2D's data layouts for the VTA (BATCH = 1, BLOCK_IN = BLOCK_OUT = `block`), converted on
 * the CPU. Plain C, compiled for the host tests too.
 *
 *   input   [Hp][Wp][ICB][block] int8: the NHWC input with its SAME padding written out as
 *           explicit border pixels holding the input zero point, channels padded to ICB blocks
 *   weights [OCB][KH][KW][ICB] elements of block x block int8 (row o = output channel,
 *           column k = input channel, as the GEMM core reads them); padded channels are 0
 *   output  [OCB][Ho][Wo][block] int8, what the STORE writes (a tile's rows of one output
 *           block are one contiguous run, so the store moves whole bursts); un-blocked to NHWC
 *
 * Why borders instead of the LOAD's zero padding: VTA pads with 0, but a TFLite padded tap
 * must contribute nothing to sum (x + input_offset) * w, i.e. behave as x = zero point. With
 * zero-point borders every tap of every output pixel is a real element, so the GEMM computes
 * sum x * w over the whole kernel window and input_offset * sum(w[oc]) (the whole kernel's
 * weight sum, the same for every pixel) is folded into the bias once per channel:
 * acc = sum (x + off) * w + bias = GEMM(x, w) + (bias + off * sum(w)), exact in wrapping int32.
 * The alternative, VTA's zero padding with per-border-pixel corrections, would need a bias per
 * output position. Padded channels: their weights are 0, so their input lanes do not matter. */
#ifndef ACCSIM_KERNELS_VTA_CONV_LAYOUT_H
#define ACCSIM_KERNELS_VTA_CONV_LAYOUT_H

#include <stdint.h>

#include "accsim_kernels/conv.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int block;
  int icb, ocb;   /* channel blocks */
  int hp, wp;     /* padded input size (border pixels included) */
  int pad_bottom; /* rows of zero point below the input (pad_right likewise) */
  int pad_right;
} VtaConvGeometry;

/* p must have its geometry set (conv_set_geometry()). */
void vta_conv_geometry(const ConvParams* p, int block, VtaConvGeometry* g);

/* Sizes in bytes of the blocked buffers. */
static inline int vta_conv_input_bytes(const VtaConvGeometry* g) {
  return g->hp * g->wp * g->icb * g->block;
}
static inline int vta_conv_weight_bytes(const ConvParams* p, const VtaConvGeometry* g) {
  return g->ocb * p->k_h * p->k_w * g->icb * g->block * g->block;
}
static inline int vta_conv_output_bytes(const ConvParams* p, const VtaConvGeometry* g) {
  return p->out_h * p->out_w * g->ocb * g->block;
}

void vta_conv_pack_input(const ConvParams* p, const VtaConvGeometry* g, const int8_t* input,
                         int8_t* blocked);
void vta_conv_pack_weights(const ConvParams* p, const VtaConvGeometry* g, const int8_t* filter,
                           int8_t* blocked);
/* folded[oc] = bias[oc] + input_offset * sum over ky, kx, ic of filter[oc] (wrapping), for
 * oc < ocb * block (0 for padded channels); bias may be NULL. */
void vta_conv_fold_bias(const ConvParams* p, const VtaConvGeometry* g, const int8_t* filter,
                        const int32_t* bias, int32_t* folded);
void vta_conv_unpack_output(const ConvParams* p, const VtaConvGeometry* g, const int8_t* blocked,
                            int8_t* output);

/* Host model of the VTA's arithmetic on the blocked layouts: acc = GEMM(blocked input, blocked
 * weights) + folded bias, then TFLite's requantisation, offset and clamp, written NHWC. Equal
 * to conv2d_int8_reference() when the layouts and the bias folding are right. */
void vta_conv_model(const ConvParams* p, const VtaConvGeometry* g, const int8_t* blocked_input,
                    const int8_t* blocked_weights, const int32_t* folded_bias, int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
