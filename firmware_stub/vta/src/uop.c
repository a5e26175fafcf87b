#include "accsim_vta/vta_uop.h"

void vta_uop_cache_init(vta_uop_cache_t* c, uint32_t* staging, uint32_t capacity) {
  c->staging = staging;
  c->staging_capacity = capacity;
  vta_uop_cache_reset(c);
}

void vta_uop_cache_reset(vta_uop_cache_t* c) {
  c->staging_used = 0;
  c->sram_used = 0;
  c->num_kernels = 0;
  c->building = -1;
}

int vta_uop_find(vta_uop_cache_t* c, const uint32_t key[4]) {
  for (int k = 0; k < c->num_kernels; ++k) {
    const uint32_t* kk = c->kernels[k].key;
    if (kk[0] == key[0] && kk[1] == key[1] && kk[2] == key[2] && kk[3] == key[3]) return k;
  }
  return -1;
}

int vta_uop_begin(vta_uop_cache_t* c, vta_prog_t* p, const uint32_t key[4]) {
  (void)p;
  if (c->num_kernels == VTA_UOP_CACHE_KERNELS) {
    /* Forget the table, but keep the staging words: LOAD UOPs already in this program still
     * read them when the VTA runs. The UOP buffer starts over too (see vta_uop_use()). */
    c->num_kernels = 0;
    c->sram_used = 0;
  }
  const int k = c->num_kernels++;
  vta_uop_kernel_t* kernel = &c->kernels[k];
  for (int i = 0; i < 4; ++i) kernel->key[i] = key[i];
  kernel->dram_first = c->staging_used;
  kernel->count = 0;
  kernel->resident = 0;
  c->building = k;
  return k;
}

void vta_uop_push(vta_uop_cache_t* c, vta_prog_t* p, uint32_t dst, uint32_t src, uint32_t wgt) {
  if (c->building < 0) return;
  if (c->staging_used >= c->staging_capacity) {
    if (p->error == VTA_OK) p->error = VTA_ERR_PROGRAM;
    return;
  }
  const vta_uop_t u = {dst, src, wgt};
  c->staging[c->staging_used++] = vta_encode_uop(&p->dev->layout, u);
  ++c->kernels[c->building].count;
}

void vta_uop_end(vta_uop_cache_t* c) { c->building = -1; }

void vta_uop_use(vta_uop_cache_t* c, vta_prog_t* p, int k, vta_loop_t* loop) {
  vta_uop_kernel_t* kernel = &c->kernels[k];
  if (!kernel->resident) {
    if (kernel->count > p->dev->uop_depth) {
      if (p->error == VTA_OK) p->error = VTA_ERR_TOO_LARGE;
      return;
    }
    if (c->sram_used + kernel->count > p->dev->uop_depth) {
      /* Start the UOP buffer over; other kernels must be reloaded when next used. */
      for (int i = 0; i < c->num_kernels; ++i) c->kernels[i].resident = 0;
      c->sram_used = 0;
    }
    kernel->sram_base = c->sram_used;
    c->sram_used += kernel->count;
    int error = VTA_OK;
    const uint32_t dram =
        vta_dram_index(p->dev, VTA_MEM_UOP, c->staging + kernel->dram_first, &error);
    if (error != VTA_OK && p->error == VTA_OK) p->error = error;
    vta_load_1d(p, VTA_MEM_UOP, kernel->sram_base, dram, kernel->count);
    kernel->resident = 1;
  }
  loop->uop_bgn = kernel->sram_base;
  loop->uop_end = kernel->sram_base + kernel->count;
}
