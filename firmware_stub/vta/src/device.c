#include <stdio.h>

#include "accsim/cache.h"
#include "accsim/hw/vta_regs.h"
#include "accsim_vta/vta_device.h"

static inline volatile uint32_t* reg(const vta_device_t* dev, uint32_t offset) {
  return (volatile uint32_t*)(dev->base + offset);
}

const char* vta_strerror(int code) {
  switch (code) {
    case VTA_OK:
      return "ok";
    case VTA_ERR_NO_DEVICE:
      return "no VTA at this address";
    case VTA_ERR_SHAPE:
      return "unsupported VTA shape (the driver needs BATCH = 1)";
    case VTA_ERR_LAYOUT:
      return "the VTA's buffer depths do not fit the instruction encoding";
    case VTA_ERR_PROGRAM:
      return "instruction stream overflow or unbalanced dependency tokens";
    case VTA_ERR_TOO_LARGE:
      return "operator does not fit the VTA's SRAM depths";
    case VTA_ERR_ARGUMENT:
      return "unsupported operator parameters";
    case VTA_ERR_ALIGNMENT:
      return "DRAM buffer not aligned to its VTA element size";
    default:
      return "unknown VTA driver error";
  }
}

int vta_open(vta_device_t* dev, uintptr_t base) {
  dev->base = base;
  const uint32_t id = *reg(dev, VTA_REG_ID);
  if (id != VTA_ID_VALUE) {
    printf("vta: ID register at 0x%08lx reads 0x%08lx, expected 0x%08lx\n",
           (unsigned long)(base + VTA_REG_ID), (unsigned long)id, (unsigned long)VTA_ID_VALUE);
    return VTA_ERR_NO_DEVICE;
  }
  const uint32_t shape = *reg(dev, VTA_REG_SHAPE);
  const uint32_t depths = *reg(dev, VTA_REG_DEPTHS);
  const unsigned log_batch = (shape >> VTA_SHAPE_LOG_BATCH_SHIFT) & VTA_SHAPE_FIELD_MASK;
  const unsigned log_block = (shape >> VTA_SHAPE_LOG_BLOCK_SHIFT) & VTA_SHAPE_FIELD_MASK;
  dev->batch = 1u << log_batch;
  dev->block = 1u << log_block;
  const unsigned log_uop = (depths >> VTA_DEPTHS_LOG_UOP_SHIFT) & VTA_DEPTHS_FIELD_MASK;
  const unsigned log_inp = (depths >> VTA_DEPTHS_LOG_INP_SHIFT) & VTA_DEPTHS_FIELD_MASK;
  const unsigned log_wgt = (depths >> VTA_DEPTHS_LOG_WGT_SHIFT) & VTA_DEPTHS_FIELD_MASK;
  const unsigned log_acc = (depths >> VTA_DEPTHS_LOG_ACC_SHIFT) & VTA_DEPTHS_FIELD_MASK;
  dev->uop_depth = 1u << log_uop;
  dev->inp_depth = 1u << log_inp;
  dev->wgt_depth = 1u << log_wgt;
  dev->acc_depth = 1u << log_acc;
  if (dev->batch != 1) {
    printf("vta: BATCH = %u, the driver supports BATCH = 1 only\n", dev->batch);
    return VTA_ERR_SHAPE;
  }
  const int layout = vta_layout_init(&dev->layout, log_uop, log_inp, log_wgt, log_acc);
  if (layout != VTA_LAYOUT_OK) {
    printf("vta: %s\n", vta_layout_error(layout));
    return VTA_ERR_LAYOUT;
  }
  dev->uop_bytes = 4;
  dev->inp_bytes = dev->batch * dev->block;
  dev->wgt_bytes = dev->block * dev->block;
  dev->acc_bytes = dev->batch * dev->block * 4;
  dev->out_bytes = dev->batch * dev->block;
  /* dram_base is an absolute element index (see the header). */
  for (uint32_t r = VTA_REG_UOP_BASE; r <= VTA_REG_OUT_BASE; r += 4) *reg(dev, r) = 0;
  return VTA_OK;
}

uint32_t vta_elem_bytes(const vta_device_t* dev, int memory_type) {
  switch (memory_type) {
    case VTA_MEM_UOP:
      return dev->uop_bytes;
    case VTA_MEM_INP:
      return dev->inp_bytes;
    case VTA_MEM_WGT:
      return dev->wgt_bytes;
    case VTA_MEM_ACC:
      return dev->acc_bytes;
    default:
      return dev->out_bytes;
  }
}

uint32_t vta_dram_index(const vta_device_t* dev, int memory_type, const void* ptr, int* error) {
  const uint32_t bytes = vta_elem_bytes(dev, memory_type);
  const uintptr_t address = (uintptr_t)ptr;
  if (address % bytes != 0 && error) *error = VTA_ERR_ALIGNMENT;
  return (uint32_t)(address / bytes);
}

uint32_t vta_run(const vta_device_t* dev, const vta_insn_t* insns, uint32_t count) {
  /* The D-cache is write-through, so the instructions and data are in DRAM once the stores
   * retire; the fence keeps the compiler (and a weaker core) from sinking them past the
   * launch. */
  __asm__ volatile("fence" ::: "memory");
  *reg(dev, VTA_REG_INSN_COUNT) = count;
  *reg(dev, VTA_REG_INSN_ADDR) = (uint32_t)(uintptr_t)insns;
  *reg(dev, VTA_REG_CONTROL) = VTA_CONTROL_START;
  while ((*reg(dev, VTA_REG_CONTROL) & VTA_CONTROL_DONE) == 0) {
  }
  /* The VTA wrote DRAM behind the D-cache: drop any stale lines before the CPU reads. */
  flush_cpu_dcache();
  return *reg(dev, VTA_REG_CYCLES);
}
