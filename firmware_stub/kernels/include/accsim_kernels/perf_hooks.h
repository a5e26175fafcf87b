/* Perf-counter hooks for kernels that also compile on the host.
 *
 * On RISC-V, PERF_ON(n) / PERF_OFF(n) are one `csrwi` each on CFU-Playground counter n's enable
 * CSR (ACCSIM_PERF_CSR_ENABLE(n), accsim/hw/perf_csr.h): no function call, so they can bracket
 * per-pixel loops without distorting what they measure. Starts are not counted there; the kernel
 * reports them in bulk with PERF_ADD_STARTS once a loop is done. On the host all three do nothing.
 *
 * The counters the mnv2 1x1 kernels use, with seed 001's meanings:
 *   0 all convs (the whole layer call), 1 accelerated convs (the kernel), 2 interpreting params,
 *   3 loading output params, 4 loading filters, 5 pixel loop (per batch),
 *   6 input load loop (per pixel), 7 out channel loop (per pixel). */
#ifndef ACCSIM_KERNELS_PERF_HOOKS_H
#define ACCSIM_KERNELS_PERF_HOOKS_H

#include <stdint.h>

#define PERF_ALL_CONVS 0
#define PERF_ACCELERATED_CONVS 1
#define PERF_INTERPRETING_PARAMS 2
#define PERF_LOADING_OUTPUT_PARAMS 3
#define PERF_LOADING_FILTERS 4
#define PERF_PIXEL_LOOP 5
#define PERF_INPUT_LOAD_LOOP 6
#define PERF_OUT_CHANNEL_LOOP 7

#if defined(__riscv)

#include "accsim/perf.h"

/* The "memory" clobber keeps loads and stores on the side of the hook the source puts them. */
#define PERF_ON(n) __asm__ volatile("csrwi %0, 1" ::"i"(ACCSIM_PERF_CSR_ENABLE(n)) : "memory")
#define PERF_OFF(n) __asm__ volatile("csrwi %0, 0" ::"i"(ACCSIM_PERF_CSR_ENABLE(n)) : "memory")
#define PERF_ADD_STARTS(n, count) perf_add_starts((n), (uint32_t)(count))

#else

#define PERF_ON(n) ((void)0)
#define PERF_OFF(n) ((void)0)
#define PERF_ADD_STARTS(n, count) ((void)(count))

#endif

#endif
