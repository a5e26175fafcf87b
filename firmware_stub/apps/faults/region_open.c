/* Exits with a region still open: accsim closes it at the exit and warns, naming it. */
#include "accsim/sim_control.h"

int main(void) {
  accsim_region_begin("forgotten");
  volatile int sum = 0;
  for (int i = 0; i < 100; ++i) sum += i;
  return 0;
}
