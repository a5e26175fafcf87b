/* CFU-Playground's `#include "perf.h"`: its perf-counter names (perf_get_mcycle64,
 * perf_enable_counter, perf_print_all_counters, ...), with accsim's own, are in accsim/perf.h.
 * This folder is on every firmware target's include path (the firmware SDK's accsim_hal), so
 * code written for CFU-Playground compiles unchanged. */
#ifndef ACCSIM_CFU_PLAYGROUND_PERF_H
#define ACCSIM_CFU_PLAYGROUND_PERF_H

#include "accsim/perf.h"

#endif
