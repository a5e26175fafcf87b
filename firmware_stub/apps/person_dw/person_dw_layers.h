/* The 13 depthwise layers of the person-detection MobileNetV1 0.25 (workloads.md, layers
 * 1, 3, ..., 25: 3x3, SAME, depth multiplier 1) on seeded data. Free of HAL includes so the
 * host check (tests/firmware/person_dw_reference.c) compiles the very same code. */
#ifndef ACCSIM_PERSON_DW_LAYERS_H
#define ACCSIM_PERSON_DW_LAYERS_H

#include <stdint.h>

#define PERSON_DW_NUM_LAYERS 13
#define PERSON_DW_SEED_BASE 20261200u /* layer N uses seed PERSON_DW_SEED_BASE + N */

typedef struct {
  int number;       /* layer index in the workloads.md table */
  const char* name; /* "dw<number>": a static string, usable as a region name */
  int h, w, c;      /* input shape; output is ceil(h/stride) x ceil(w/stride) x c */
  int stride;
} PersonDwLayer;

extern const PersonDwLayer person_dw_layers[PERSON_DW_NUM_LAYERS];

typedef enum { PERSON_DW_REFERENCE = 0, PERSON_DW_OPTIMIZED = 1 } PersonDwVariant;

/* Split so firmware can time only the kernel: prepare generates layer `index`'s input,
 * weights and quantization parameters into static buffers, compute runs the chosen kernel,
 * checksum returns the FNV-1a of the output tensor. */
void person_dw_prepare(int index);
void person_dw_compute(int index, PersonDwVariant variant);
uint32_t person_dw_checksum(int index);

/* All three in a row: the checksum of layer `index` computed with `variant`. */
uint32_t person_dw_run_layer(int index, PersonDwVariant variant);

/* FNV-1a over the 13 layer checksums, each serialized as 4 little-endian bytes (explicitly, so
 * the value does not depend on the machine's byte order). */
uint32_t person_dw_total(const uint32_t checksums[PERSON_DW_NUM_LAYERS]);

#endif
