/* Compute benchmark: the reference int8 Conv2D on seeded data. Prints the output checksum,
 * which tests/firmware checks against the same kernel compiled for the host. */
#include <stdio.h>

#include "accsim/csr.h"
#include "accsim/sim_control.h"
#include "compute_workload.h"

int main(void) {
  accsim_region_begin("conv3x3");
  const uint32_t start = csr_read(mcycle);
  const uint32_t checksum = compute_workload_run();
  const uint32_t cycles = csr_read(mcycle) - start;
  accsim_region_end("conv3x3");
  printf("compute: conv3x3 %dx%dx%d -> %d channels, checksum 0x%08lx, %lu cycles\n", COMPUTE_IN_H,
         COMPUTE_IN_W, COMPUTE_IN_C, COMPUTE_OUT_C, (unsigned long)checksum, (unsigned long)cycles);
  return 0;
}
