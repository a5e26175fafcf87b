/* Prints the compute workload's checksum computed natively on the host. */
#include <stdio.h>

#include "compute_workload.h"

int main(void) {
  printf("0x%08lx\n", (unsigned long)compute_workload_run());
  return 0;
}
