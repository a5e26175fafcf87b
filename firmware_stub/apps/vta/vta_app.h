/* What the VTA apps share: opening the device (exit 1 with the reason when it is missing) and
 * the work arena after the heap. */
#ifndef ACCSIM_APPS_VTA_APP_H
#define ACCSIM_APPS_VTA_APP_H

#include <stdio.h>

#include "accsim/hw/vta_regs.h"
#include "accsim/sim_control.h"
#include "accsim_vta/vta_arena.h"
#include "accsim_vta/vta_device.h"

#define VTA_APP_ARENA_BYTES (64u << 20)

static inline void vta_app_open(vta_device_t* dev, vta_arena_t* arena) {
  const int status = vta_open(dev, VTA_DEFAULT_BASE);
  if (status != VTA_OK) {
    printf("FAIL: %s\n", vta_strerror(status));
    accsim_exit(1);
  }
  printf("VTA: BATCH %u BLOCK %u, depths UOP %lu INP %lu WGT %lu ACC %lu\n", dev->batch, dev->block,
         (unsigned long)dev->uop_depth, (unsigned long)dev->inp_depth,
         (unsigned long)dev->wgt_depth, (unsigned long)dev->acc_depth);
  vta_arena_after_heap(arena, VTA_APP_ARENA_BYTES);
}

#endif
