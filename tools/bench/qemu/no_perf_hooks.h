/* Forced in front of every kernel of the QEMU user-mode twins: CFU-Playground's perf-counter
 * hooks write machine-mode CSRs, which a user-mode process may not, so they compile to nothing
 * (one csrwi each around a loop in the firmware; the kernels are otherwise the same code). */
#include "accsim_kernels/perf_hooks.h"
#undef PERF_ON
#undef PERF_OFF
#undef PERF_ADD_STARTS
#define PERF_ON(n) ((void)0)
#define PERF_OFF(n) ((void)0)
#define PERF_ADD_STARTS(n, count) ((void)(count))
