/* mnv2_conv1x1 (firmware_stub/apps/mnv2) at a CPU-only kernel stage over all 34 layers, without
 * cycle counters, region markers or perf counters: the same layers, kernel and golden check.
 *   qemu-riscv32 mnv2_user.elf STAGE   (1 or 2; default 1) */
#include <stdio.h>
#include <stdlib.h>

#include "mnv2_layers.h"

int main(int argc, char** argv) {
  const int stage = argc > 1 ? atoi(argv[1]) : 1;
  int mismatches = 0;
  for (int i = 0; i < MNV2_NUM_LAYERS; ++i) {
    const Conv1x1Params p = mnv2_prepare_layer(i);
    if (conv1x1_run(stage, &p) != 0) return 1;
    const uint32_t checksum = mnv2_output_checksum(&p);
    printf("layer %02d: checksum 0x%08lx\n", mnv2_layers[i].number, (unsigned long)checksum);
    mismatches += checksum != mnv2_golden_checksums[i];
  }
  printf("golden: %s (%d layers)\n", mismatches ? "FAIL" : "PASS", MNV2_NUM_LAYERS);
  return mismatches != 0;
}
