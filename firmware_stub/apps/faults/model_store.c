/* Stores into the model a --model run placed in memory (sim-control MODEL_ADDR): the model
 * region is read-only, so this must end the run with a store access fault naming it. */
#include <stdint.h>
#include <stdio.h>

#include "accsim/sim_control.h"

int main(void) {
  const uint32_t model = ACCSIM_MODEL_ADDR;
  if (model == 0) {
    printf("fault_model_store: run me with --model\n");
    return 2;
  }
  *(volatile uint32_t*)(uintptr_t)(model + 16) = 0xBADu;
  printf("fault_model_store: the store into the model region was not refused\n");
  return 0;
}
