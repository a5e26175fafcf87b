/* Operators on the VTA: seed 004's int8 ADD, TFLite's int8 ADD bit-exact, and a complete int8
 * CONV2D. Each builds one
 * instruction stream (chunks/tiles split over 1 or 2 virtual threads), runs it and leaves the
 * result in the caller's int8 buffer. Work buffers come from `arena` and are released on return. */
#ifndef ACCSIM_VTA_OPS_H
#define ACCSIM_VTA_OPS_H

#include <stdint.h>

#include "accsim_kernels/conv.h"
#include "accsim_kernels/tfl_elementwise.h"
#include "accsim_kernels/vta_add_ref.h"
#include "accsim_vta/vta_arena.h"
#include "accsim_vta/vta_device.h"

typedef struct {
  uint32_t vta_cycles;   /* CYCLES register of the run */
  uint32_t instructions; /* in the stream, FINISH included */
  uint32_t tiles;        /* ADD chunks or CONV2D output tiles */
  uint32_t load_units;   /* CONV2D: load groups (INP and/or WGT loads handed over together) */
  uint32_t rows_per_tile, ocb_per_tile, icb_per_tile; /* CONV2D tiling */
  uint32_t order; /* CONV2D buffer order: 0 bands (resident weights), 1 oc, 2 ic */
} vta_op_stats_t;

/* out[i] = seed 004's VTA ADD of a[i] and b[i] (bit-exact to vta_add_model()). threads: 1 or 2.
 *  mode VTA_ADD_CPU_RESCALE (0), seed 004's scheme: the CPU rescales a and b to int32 A'/B',
 *    the compute module loads them into ACC (8 bytes of DMA per element) and runs the ALU
 *    chain; chunks hold ACC_DEPTH / threads / 2 * BLOCK elements.
 *  mode VTA_ADD_VTA_RESCALE (1), the seed's future work: the load module loads a and b as int8
 *    INP rows (2 bytes per element), a GEMM with an identity weight block moves them into ACC,
 *    the ALU rescales them (vta_add_alu_rescale()) and runs the same chain; with two threads
 *    one chunk's loads overlap the other's compute. Buffers 16-byte aligned are read and
 *    written in place (only a partial last row is staged); others are staged whole. */
enum { VTA_ADD_CPU_RESCALE = 0, VTA_ADD_VTA_RESCALE = 1 };
int vta_add_int8(const vta_device_t* dev, vta_arena_t* arena, const VtaAddParams* params,
                 const int8_t* a, const int8_t* b, int8_t* out, uint32_t length, int threads,
                 int mode, vta_op_stats_t* stats);

/* out[i] = TFLite's int8 ADD of a[i] and b[i] (same shapes, no broadcasting), bit-exact to
 * tfl_add_int8() with `params` from tfl_add_prepare_int8(). threads: 1 or 2. The load module
 * brings a and b in as int8 INP rows (2 bytes of DMA per element in, 1 out), an identity GEMM
 * moves them into ACC and the ALU runs vta_add_exact's chain (accsim_kernels/vta_add_exact.h:
 * 93 lane operations per element, 63 ALU instructions per chunk). Buffers 16-byte aligned are
 * read and written in place (only a partial last row is staged); others are staged whole.
 * Returns VTA_OK, VTA_ERR_ARGUMENT for parameters vta_add_exact_supported() refuses,
 * VTA_ERR_TOO_LARGE when the arena is too small, or another VTA_ERR_*. */
int vta_add_int8_exact(const vta_device_t* dev, vta_arena_t* arena,
                       const TflArithmeticParams* params, const int8_t* a, const int8_t* b,
                       int8_t* out, uint32_t length, int threads, vta_op_stats_t* stats);

/* Whether vta_add_int8_exact() accepts `params` with `threads` on `dev`, decided from the
 * parameters and the configuration vta_open() read, without touching the hardware (for an
 * interpreter choosing where to place an ADD): VTA_OK, VTA_ERR_ARGUMENT (parameters outside
 * vta_add_exact_check(), or threads not 1 or 2) or VTA_ERR_TOO_LARGE (SRAMs too small for one
 * row). */
int vta_add_exact_supported(const vta_device_t* dev, const TflArithmeticParams* params,
                            int threads);

#endif
