/* Operators on the VTA: seed 004's int8 ADD and a complete int8 CONV2D. Each builds one
 * instruction stream (chunks/tiles split over 1 or 2 virtual threads), runs it and leaves the
 * result in the caller's int8 buffer. Work buffers come from `arena` and are released on return. */
#ifndef ACCSIM_VTA_OPS_H
#define ACCSIM_VTA_OPS_H

#include <stdint.h>

#include "accsim_kernels/conv.h"
#include "accsim_kernels/vta_add_ref.h"
#include "accsim_vta/vta_arena.h"
#include "accsim_vta/vta_device.h"

typedef struct {
  uint32_t vta_cycles;   /* CYCLES register of the run */
  uint32_t instructions; /* in the stream, FINISH included */
  uint32_t tiles;        /* ADD chunks or CONV2D output tiles */
  uint32_t load_units;   /* CONV2D: INP/WGT loads (input-channel tiles x output tiles) */
  uint32_t rows_per_tile, ocb_per_tile, icb_per_tile; /* CONV2D tiling */
} vta_op_stats_t;

/* out[i] = seed 004's VTA ADD of a[i] and b[i] (bit-exact to vta_add_model()). threads: 1 or 2.
 * Chunks hold ACC_DEPTH / threads / 2 * BLOCK elements (A' and B' side by side in ACC). */
int vta_add_int8(const vta_device_t* dev, vta_arena_t* arena, const VtaAddParams* params,
                 const int8_t* a, const int8_t* b, int8_t* out, uint32_t length, int threads,
                 vta_op_stats_t* stats);

#endif
