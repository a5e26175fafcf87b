#include <stdio.h>

#include "isa_test.h"

static unsigned checks;
static unsigned failures;

void check(const char* name, uint32_t got, uint32_t expected) {
  ++checks;
  if (got != expected) {
    ++failures;
    printf("FAIL %s: got 0x%08lx, expected 0x%08lx\n", name, (unsigned long)got,
           (unsigned long)expected);
  }
}

int main(void) {
  test_alu();
  test_muldiv();
  test_memory();
  test_control();
  test_csr();
  test_traps();
  test_fence_i();
  test_cache_flush();
  printf("isa_test: %u checks, %u failed: %s\n", checks, failures, failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
