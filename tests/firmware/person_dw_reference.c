/* Prints the person_dw total checksum computed natively with the reference depthwise kernel
 * (stdout), with per-layer checksums on stderr for diagnosing a mismatch. Both firmware
 * variants must print this same total. */
#include <stdio.h>

#include "person_dw_layers.h"

int main(void) {
  uint32_t checksums[PERSON_DW_NUM_LAYERS];
  for (int i = 0; i < PERSON_DW_NUM_LAYERS; ++i) {
    checksums[i] = person_dw_run_layer(i, PERSON_DW_REFERENCE);
    fprintf(stderr, "host layer %s: checksum 0x%08lx\n", person_dw_layers[i].name,
            (unsigned long)checksums[i]);
  }
  printf("0x%08lx\n", (unsigned long)person_dw_total(checksums));
  return 0;
}
