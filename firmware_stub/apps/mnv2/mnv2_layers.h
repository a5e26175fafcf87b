/* The 34 1x1 convolutions of MobileNetV2 0.35 at 160x160 (workloads.md, seed 001's workload)
 * on seeded data. Free of HAL includes so the host program that writes the golden checksums
 * (tests/firmware/mnv2_reference.c) compiles the very same code. */
#ifndef ACCSIM_MNV2_LAYERS_H
#define ACCSIM_MNV2_LAYERS_H

#include <stdint.h>

#include "accsim_kernels/conv1x1.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MNV2_NUM_LAYERS 34
#define MNV2_SEED_BASE 20261300u /* layer N uses seed MNV2_SEED_BASE + N */
/* Totals over the 34 layers, as seed 001 and workloads.md give them. */
#define MNV2_TOTAL_MACS 22441600u
#define MNV2_TOTAL_OUTPUTS 870600u

typedef struct {
  int number;         /* the layer's row in the workloads.md table */
  const char* region; /* "conv1x1_<number>": a static string, usable as a region name */
  int height, width, in_c, out_c;
} Mnv2Layer;

extern const Mnv2Layer mnv2_layers[MNV2_NUM_LAYERS];

/* FNV-1a of each layer's output computed by the reference kernel: mnv2_golden.c, written by
 * tests/firmware/mnv2_reference.c and checked against it by ctest. */
extern const uint32_t mnv2_golden_checksums[MNV2_NUM_LAYERS];

/* Generates layer `index`'s input, filter and quantisation data into static buffers and returns
 * the kernel parameters pointing at them (output included, 4-byte aligned). */
Conv1x1Params mnv2_prepare_layer(int index);

/* FNV-1a of the output of the layer last prepared. */
uint32_t mnv2_output_checksum(const Conv1x1Params* p);

static inline uint32_t mnv2_layer_macs(const Mnv2Layer* l) {
  return (uint32_t)(l->height * l->width * l->in_c * l->out_c);
}
static inline uint32_t mnv2_layer_outputs(const Mnv2Layer* l) {
  return (uint32_t)(l->height * l->width * l->out_c);
}

#ifdef __cplusplus
}
#endif

#endif
