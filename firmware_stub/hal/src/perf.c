#include "accsim/perf.h"

#include <stdio.h>

/* CSR numbers must be immediates, so each counter gets its own accessor. */
#define PERF_CASE(n)                                                                             \
  case n:                                                                                        \
    if (op == 0) __asm__ volatile("csrr %0, %1" : "=r"(value) : "i"(ACCSIM_PERF_CSR_VALUE(n)));  \
    if (op == 1) __asm__ volatile("csrw %0, %1" ::"i"(ACCSIM_PERF_CSR_VALUE(n)), "r"(value));    \
    if (op == 2) __asm__ volatile("csrw %0, %1" ::"i"(ACCSIM_PERF_CSR_ENABLE(n)), "r"(value));   \
    if (op == 3) __asm__ volatile("csrr %0, %1" : "=r"(value) : "i"(ACCSIM_PERF_CSR_ENABLE(n))); \
    break;

static uint32_t perf_csr(int counter, int op, uint32_t value) {
  switch (counter) {
    PERF_CASE(0)
    PERF_CASE(1)
    PERF_CASE(2)
    PERF_CASE(3)
    PERF_CASE(4)
    PERF_CASE(5)
    PERF_CASE(6)
    PERF_CASE(7)
    default:
      break;
  }
  return value;
}

static uint32_t starts[PERF_NUM_COUNTERS];

uint32_t perf_get_counter(int counter) { return perf_csr(counter, 0, 0); }
void perf_set_counter(int counter, uint32_t value) { perf_csr(counter, 1, value); }
void perf_set_counter_enable(int counter, uint32_t enable) {
  if (counter < 0 || counter >= PERF_NUM_COUNTERS) return;
  if (enable) ++starts[counter];
  perf_csr(counter, 2, enable ? 1 : 0);
}
uint32_t perf_get_counter_enable(int counter) { return perf_csr(counter, 3, 0); }
void perf_enable_counter(int counter) { perf_set_counter_enable(counter, 1); }
void perf_disable_counter(int counter) { perf_set_counter_enable(counter, 0); }
void perf_add_starts(int counter, uint32_t count) {
  if (counter < 0 || counter >= PERF_NUM_COUNTERS) return;
  starts[counter] += count;
}
uint32_t perf_get_start_count(int counter) {
  return counter >= 0 && counter < PERF_NUM_COUNTERS ? starts[counter] : 0;
}
void perf_zero_start_counts(void) {
  for (int i = 0; i < PERF_NUM_COUNTERS; ++i) starts[i] = 0;
}

void perf_reset_all_counters(void) {
  for (int i = 0; i < PERF_NUM_COUNTERS; ++i) {
    perf_disable_counter(i);
    perf_set_counter(i, 0);
  }
  perf_zero_start_counts();
}

void perf_print_value(uint64_t value) {
  if (value >= 100000000ull) {
    printf("%6lluM", (unsigned long long)(value / 1000000));
  } else if (value >= 100000ull) {
    printf("%6lluk", (unsigned long long)(value / 1000));
  } else {
    printf("%7llu", (unsigned long long)value);
  }
}

void perf_print_all_counters(void) {
  printf(" Counter |  Total | Starts | Average |     Raw\n");
  printf("---------+--------+--------+---------+--------------\n");
  for (int i = 0; i < PERF_NUM_COUNTERS; ++i) {
    const uint32_t raw = perf_get_counter(i);
    if (raw == 0 && starts[i] == 0) continue;
    /* CFU-Playground subtracts the cost of starting and stopping a counter. */
    const uint64_t overhead = 3ull * starts[i];
    const uint64_t total = raw > overhead ? raw - overhead : 0;
    printf("%8d |", i);
    perf_print_value(total);
    printf(" | %6lu |", (unsigned long)starts[i]);
    perf_print_value(starts[i] ? total / starts[i] : 0);
    printf(" | %12lu\n", (unsigned long)raw);
  }
}
