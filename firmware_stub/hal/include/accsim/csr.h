/* CSR access helpers. */
#ifndef ACCSIM_CSR_H
#define ACCSIM_CSR_H

#include <stdint.h>

#define csr_read(csr)                                        \
  ({                                                         \
    uint32_t v_;                                             \
    __asm__ volatile("csrr %0, " #csr : "=r"(v_)::"memory"); \
    v_;                                                      \
  })
#define csr_write(csr, value) __asm__ volatile("csrw " #csr ", %0" ::"r"(value) : "memory")

/* 64-bit mcycle read that tolerates the low word wrapping between the two reads. */
static inline uint64_t read_mcycle64(void) {
  uint32_t hi, lo, hi2;
  do {
    hi = csr_read(mcycleh);
    lo = csr_read(mcycle);
    hi2 = csr_read(mcycleh);
  } while (hi != hi2);
  return ((uint64_t)hi << 32) | lo;
}

#endif
