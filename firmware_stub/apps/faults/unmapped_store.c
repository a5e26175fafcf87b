/* Stores to 0x20000000, where no memory or device is mapped. */
#include <stdint.h>

int main(void) {
  *(volatile uint32_t*)0x20000000u = 0xBADu;
  return 0;
}
