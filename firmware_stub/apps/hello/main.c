/* The default firmware: greets, checks it runs on accsim, and shows the perf-counter table
 * CFU-Playground users know, measuring a small loop. */
#include <stdio.h>

#include "accsim/csr.h"
#include "accsim/perf.h"
#include "accsim/sim_control.h"

static volatile uint32_t sink;

static uint32_t sum_of_squares(uint32_t n) {
  uint32_t total = 0;
  for (uint32_t i = 0; i < n; ++i) total += i * i;
  return total;
}

int main(void) {
  printf("Hello from accsim! (sim-control id 0x%08lx)\n", (unsigned long)ACCSIM_ID);
  if (ACCSIM_ID != ACCSIM_ID_VALUE) return 1;

  perf_reset_all_counters();
  accsim_region_begin("squares");
  for (int round = 0; round < 4; ++round) {
    perf_enable_counter(0);
    sink = sum_of_squares(1000);
    perf_disable_counter(0);
  }
  accsim_region_end("squares");
  printf("sum of squares below 1000: %lu\n", (unsigned long)sink);
  perf_print_all_counters();
  printf("mcycle %lu, minstret %lu\n", (unsigned long)csr_read(mcycle),
         (unsigned long)csr_read(minstret));
  return sink == 332833500u ? 0 : 1;
}
