/* The VTA device as the firmware sees it: its configuration (read from the ID/SHAPE/DEPTHS
 * registers, so one firmware runs on any configs/vta*.json), DRAM indexing, launch and poll.
 *
 * The driver leaves the <TYPE>_BASE registers at 0, so a LOAD/STORE's dram_base is the
 * absolute byte address divided by the element size: every buffer the VTA reads or writes must
 * be aligned to its element size (vta_dram_index() checks). */
#ifndef ACCSIM_VTA_DEVICE_H
#define ACCSIM_VTA_DEVICE_H

#include <stdint.h>

#include "accsim/hw/vta_isa.h"

typedef struct {
  uintptr_t base; /* MMIO base of the register block */
  unsigned batch, block;
  uint32_t uop_depth, inp_depth, wgt_depth, acc_depth; /* in elements; OUT = ACC */
  vta_layout_t layout;
  /* Element sizes in bytes. */
  uint32_t uop_bytes, inp_bytes, wgt_bytes, acc_bytes, out_bytes;
} vta_device_t;

enum {
  VTA_OK = 0,
  VTA_ERR_NO_DEVICE = -1, /* ID register does not read "VTA0" */
  VTA_ERR_SHAPE = -2,     /* BATCH != 1 (the driver's layouts assume one batch row) */
  VTA_ERR_LAYOUT = -3,    /* depths whose fields do not fit the instruction encoding */
  VTA_ERR_PROGRAM = -4,   /* program buffer overflow or unbalanced tokens */
  VTA_ERR_TOO_LARGE = -5, /* the operator cannot be tiled into the SRAM depths */
  VTA_ERR_ARGUMENT = -6,  /* unsupported parameters */
  VTA_ERR_ALIGNMENT = -7  /* a DRAM buffer not aligned to its element size */
};

const char* vta_strerror(int code);

/* Reads and checks the configuration; prints the reason on failure. */
int vta_open(vta_device_t* dev, uintptr_t base);

/* Element size of a memory type (VTA_MEM_*) in bytes. */
uint32_t vta_elem_bytes(const vta_device_t* dev, int memory_type);

/* dram_base of `ptr` for memory type `memory_type`; sets *error (if not NULL) to
 * VTA_ERR_ALIGNMENT when ptr is not element-aligned. */
uint32_t vta_dram_index(const vta_device_t* dev, int memory_type, const void* ptr, int* error);

/* Runs `count` instructions at `insns` (16-byte aligned, in main RAM): makes the CPU's writes
 * visible, launches, polls CONTROL until done, flushes the D-cache so the CPU then reads what
 * the VTA stored, and returns the CYCLES register. */
uint32_t vta_run(const vta_device_t* dev, const vta_insn_t* insns, uint32_t count);

#endif
