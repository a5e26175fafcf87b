/* Writes a pattern into a bus device's MMIO window and reads it back: the firmware of the
 * plug-in walk-through (docs/plugins.md) and its tests. firmware_args: [base, words] (the base
 * as an integer, e.g. 4026728448 for 0xf0030000). Exits 1 if a word reads back wrong. */
#include <stdint.h>
#include <stdio.h>

#include "accsim/sim_control.h"

static uint32_t pattern(int i) { return 0x9e3779b9u * (uint32_t)(i + 1); }

int main(void) {
  const uint32_t base = (uint32_t)accsim_arg(0, (int32_t)0xf0030000u);
  const int words = accsim_arg(1, 16);
  volatile uint32_t* window = (volatile uint32_t*)(uintptr_t)base;
  for (int i = 0; i < words; ++i) window[i] = pattern(i);
  int mismatches = 0;
  for (int i = 0; i < words; ++i) mismatches += window[i] != pattern(i);
  printf("mmio_poke: %d words at 0x%08lx, %d mismatches\n", words, (unsigned long)base, mismatches);
  return mismatches == 0 ? 0 : 1;
}
