/* Pops a CFU output that no MACC_RUN produced: on an architecture with the mnv2 CFU the
 * simulator must name the instruction, the underflow and the pc; without a CFU, custom-0 is an
 * illegal instruction. */
#include <stdio.h>

#include "accsim/mnv2_cfu.h"

int main(void) {
  printf("popping an output that was never computed\n");
  const uint32_t word = cfu_mnv2_get_output();
  printf("unreachable: 0x%08lx\n", (unsigned long)word);
  return 0;
}
