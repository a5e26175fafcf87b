/* The compute app (firmware_stub/apps/compute) without its cycle counter and region markers:
 * the same workload and kernel, the same checksum line. */
#include <stdio.h>

#include "compute_workload.h"

int main(void) {
  const uint32_t checksum = compute_workload_run();
  printf("compute: conv3x3 %dx%dx%d -> %d channels, checksum 0x%08lx\n", COMPUTE_IN_H, COMPUTE_IN_W,
         COMPUTE_IN_C, COMPUTE_OUT_C, (unsigned long)checksum);
  return 0;
}
