/* Micro-op kernels cached in the VTA's UOP buffer, as the VTA runtime caches them: a kernel is
 * built once in DRAM, loaded with LOAD UOP the first time a program uses it, and reused while
 * it stays resident. Kernels are looked up by a caller-chosen key. When the UOP buffer (or the
 * kernel table) is full the buffer starts over: in-order compute execution makes that safe,
 * earlier GEMM/ALU instructions have run before the LOAD UOP that overwrites their micro-ops.
 * The DRAM staging area only grows within one program (its LOAD UOPs read it at run time). */
#ifndef ACCSIM_VTA_UOP_H
#define ACCSIM_VTA_UOP_H

#include <stdint.h>

#include "accsim_vta/vta_program.h"

#define VTA_UOP_CACHE_KERNELS 128

typedef struct {
  uint32_t key[4];
  uint32_t dram_first; /* first micro-op in the staging area */
  uint32_t sram_base;  /* where it lives in the UOP buffer */
  uint32_t count;
  uint8_t resident;
} vta_uop_kernel_t;

typedef struct {
  uint32_t* staging; /* DRAM words, 4-byte aligned */
  uint32_t staging_capacity, staging_used;
  uint32_t sram_used;
  vta_uop_kernel_t kernels[VTA_UOP_CACHE_KERNELS];
  int num_kernels;
  int building; /* index of the kernel under construction, or -1 */
} vta_uop_cache_t;

void vta_uop_cache_init(vta_uop_cache_t* c, uint32_t* staging, uint32_t capacity);
/* Forgets every kernel and frees the staging area: call it before building each program (a
 * program must not assume what an earlier launch left in the UOP buffer, and the staging words
 * of the previous program are no longer read once it has run). */
void vta_uop_cache_reset(vta_uop_cache_t* c);

/* Looks a kernel up; returns its index or -1. */
int vta_uop_find(vta_uop_cache_t* c, const uint32_t key[4]);
/* Starts a new kernel under `key`; returns its index (or -1 with p->error set). */
int vta_uop_begin(vta_uop_cache_t* c, vta_prog_t* p, const uint32_t key[4]);
void vta_uop_push(vta_uop_cache_t* c, vta_prog_t* p, uint32_t dst, uint32_t src, uint32_t wgt);
void vta_uop_end(vta_uop_cache_t* c);

/* Makes kernel `k` resident (a LOAD UOP on the compute module if needed) and returns its
 * [uop_bgn, uop_end) range in *loop. */
void vta_uop_use(vta_uop_cache_t* c, vta_prog_t* p, int k, vta_loop_t* loop);

#endif
