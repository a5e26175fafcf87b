/* CFU-Playground-style performance counters: 8 counters that count cycles while enabled (CSR
 * numbers in accsim/hw/perf_csr.h). perf_print_all_counters() prints the
 * "Counter | Total | Starts | Average | Raw" table CFU-Playground users know, subtracting the
 * same fixed 3 cycles per start that CFU-Playground's perf.h subtracts. The functions carry
 * CFU-Playground's names (its common/src/perf.h), so code written for it compiles as it is. */
#ifndef ACCSIM_PERF_H
#define ACCSIM_PERF_H

#include <stdint.h>

#include "accsim/csr.h"
#include "accsim/hw/perf_csr.h"

#define PERF_NUM_COUNTERS ACCSIM_PERF_COUNTERS
#define NUM_PERF_COUNTERS ACCSIM_PERF_COUNTERS /* CFU-Playground's name */

#ifdef __cplusplus
extern "C" {
#endif
uint32_t perf_get_counter(int counter);
void perf_set_counter(int counter, uint32_t value);
/* enable != 0 starts the counter and counts a start; 0 stops it. */
void perf_set_counter_enable(int counter, uint32_t enable);
uint32_t perf_get_counter_enable(int counter); /* 1 while counting */
void perf_enable_counter(int counter);         /* perf_set_counter_enable(counter, 1) */
void perf_disable_counter(int counter);        /* perf_set_counter_enable(counter, 0) */
uint32_t perf_get_start_count(int counter);    /* starts since the last reset */
void perf_zero_start_counts(void);
/* Adds `count` starts to a counter that code enabled and disabled directly through its CSR
 * (accsim_kernels/perf_hooks.h does, to keep a function call out of inner loops), so the
 * table's Starts and Average columns and its per-start overhead still come out right. */
void perf_add_starts(int counter, uint32_t count);
void perf_reset_all_counters(void);
void perf_print_all_counters(void);
void perf_print_value(uint64_t value); /* "12.3M"-style compact value */
#ifdef __cplusplus
}
#endif

static inline uint32_t perf_get_mcycle(void) { return csr_read(mcycle); }
static inline uint64_t perf_get_mcycle64(void) { return read_mcycle64(); }
static inline void perf_set_mcycle(uint32_t cycles) { csr_write(mcycle, cycles); }

#endif
