/* energy_probe: regions whose action counts are known by construction, for the energy model's
 * test (tests/firmware/check_energy.py): exactly 100 multiplies in "mul100", 50 divides in
 * "div50" and 200 ALU instructions in "alu200", with nothing else in them but the markers'
 * own stores and address computations (no multiply, no divide). */
#include <stdint.h>

#include "accsim/sim_control.h"

int main(void) {
  uint32_t a = 3, b = 7, c = 0, d = 0, e = 0;
  accsim_region_begin("mul100");
  __asm__ volatile(".rept 100\n\tmul %0, %1, %2\n\t.endr" : "=&r"(c) : "r"(a), "r"(b));
  accsim_region_end("mul100");
  accsim_region_begin("div50");
  __asm__ volatile(".rept 50\n\tdivu %0, %1, %2\n\t.endr" : "=&r"(d) : "r"(b), "r"(a));
  accsim_region_end("div50");
  accsim_region_begin("alu200");
  __asm__ volatile(".rept 200\n\tadd %0, %1, %2\n\t.endr" : "=&r"(e) : "r"(a), "r"(b));
  accsim_region_end("alu200");
  return (c == 21 && d == 2 && e == 10) ? 0 : 1;
}
