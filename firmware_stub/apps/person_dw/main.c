/* Person-detection depthwise layers: runs the 13 DepthwiseConv2D layers with one kernel variant
 * (PERSON_DW_VARIANT_OPTIMIZED selects seed 000's order, else TFLM's reference order), one region
 * per layer, and prints per-layer checksums and cycles plus a total checksum that tests/firmware
 * checks against the host. */
#include <stdio.h>

#include "accsim/csr.h"
#include "accsim/sim_control.h"
#include "person_dw_layers.h"

#if PERSON_DW_VARIANT_OPTIMIZED
#define VARIANT PERSON_DW_OPTIMIZED
#define VARIANT_NAME "optimized"
#else
#define VARIANT PERSON_DW_REFERENCE
#define VARIANT_NAME "reference"
#endif

int main(void) {
  uint32_t checksums[PERSON_DW_NUM_LAYERS];
  uint32_t total_cycles = 0;
  for (int i = 0; i < PERSON_DW_NUM_LAYERS; ++i) {
    const PersonDwLayer* l = &person_dw_layers[i];
    /* Data generation and the checksum stay outside the region: it times the kernel alone. */
    person_dw_prepare(i);
    accsim_region_begin(l->name);
    const uint32_t start = csr_read(mcycle);
    person_dw_compute(i, VARIANT);
    const uint32_t cycles = csr_read(mcycle) - start;
    accsim_region_end(l->name);
    checksums[i] = person_dw_checksum(i);
    total_cycles += cycles;
    printf("layer %s %dx%dx%d stride %d: checksum 0x%08lx, %lu cycles\n", l->name, l->h, l->w, l->c,
           l->stride, (unsigned long)checksums[i], (unsigned long)cycles);
  }
  printf("person_dw_%s: %lu kernel cycles in %d layers\n", VARIANT_NAME,
         (unsigned long)total_cycles, PERSON_DW_NUM_LAYERS);
  printf("person_dw_%s: total checksum 0x%08lx\n", VARIANT_NAME,
         (unsigned long)person_dw_total(checksums));
  return 0;
}
