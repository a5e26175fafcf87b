/* The compute benchmark's workload: a 3x3 int8 Conv2D (24x24x16 -> 24x24x16, SAME) on seeded
 * data, run by the reference kernel. Shared with the host test that recomputes its checksum. */
#ifndef ACCSIM_COMPUTE_WORKLOAD_H
#define ACCSIM_COMPUTE_WORKLOAD_H

#include <stdint.h>

#define COMPUTE_SEED 20261121u
#define COMPUTE_IN_H 24
#define COMPUTE_IN_W 24
#define COMPUTE_IN_C 16
#define COMPUTE_OUT_C 16
#define COMPUTE_K 3

/* Runs the workload; returns the FNV-1a checksum of the output tensor. */
uint32_t compute_workload_run(void);

#endif
