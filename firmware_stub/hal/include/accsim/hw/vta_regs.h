/* The VTA's MMIO control block, shared by the firmware driver and the simulator's model.
 * Offsets 0x00-0x0c are tsim's layout (VTAShell's VCR); the rest are accsim's additions.
 * All registers are 32 bits wide.
 *
 *   0x00 CONTROL     W  write 1: launch (the VTA must be idle; done is cleared)
 *                    R  bit 0 busy, bit 1 done (set when FINISH executes, until the next launch)
 *   0x04 CYCLES      R  VTA clock cycles from launch to FINISH (counts while busy)
 *   0x08 INSN_COUNT  RW number of 128-bit instructions to fetch
 *   0x0c INSN_ADDR   RW byte address of the first instruction (16-byte aligned)
 *   0x10 UOP_BASE .. 0x20 OUT_BASE  RW byte address added to dram_base * element bytes of
 *                    LOAD/STORE instructions of that memory type (UOP, INP, WGT, ACC, OUT);
 *                    0 after reset, so dram_base is then an absolute element index
 *   0x40 ID          R  VTA_ID_VALUE
 *   0x44 SHAPE       R  log2 of: BATCH [3:0], BLOCK [7:4] (BLOCK_IN = BLOCK_OUT)
 *   0x48 DEPTHS      R  log2 of the buffer depths in elements: UOP [7:0], INP [15:8],
 *                       WGT [23:16], ACC [31:24] (OUT has ACC's depth)
 *
 * Polling contract (no interrupt): write INSN_COUNT and INSN_ADDR, write 1 to CONTROL, then
 * read CONTROL until bit 1 is set. Each read of a register synchronises the CPU with the VTA,
 * so a poll sees the VTA's true progress. Launching while busy stops the run with an error.
 * Part of accsim/hw/, the contracts both sides include (README.md there). */
#ifndef ACCSIM_HW_VTA_REGS_H
#define ACCSIM_HW_VTA_REGS_H

#define VTA_REG_CONTROL 0x00u
#define VTA_REG_CYCLES 0x04u
#define VTA_REG_INSN_COUNT 0x08u
#define VTA_REG_INSN_ADDR 0x0cu
#define VTA_REG_UOP_BASE 0x10u
#define VTA_REG_INP_BASE 0x14u
#define VTA_REG_WGT_BASE 0x18u
#define VTA_REG_ACC_BASE 0x1cu
#define VTA_REG_OUT_BASE 0x20u
#define VTA_REG_ID 0x40u
#define VTA_REG_SHAPE 0x44u
#define VTA_REG_DEPTHS 0x48u
/* The bytes the block decodes on the bus; vta.base must be aligned to it. */
#define VTA_REG_BLOCK_SIZE 0x100u

#define VTA_CONTROL_START 0x1u
#define VTA_CONTROL_BUSY 0x1u
#define VTA_CONTROL_DONE 0x2u

#define VTA_ID_VALUE 0x56544130u /* "VTA0" */

/* SHAPE and DEPTHS: log2 values, each field at its shift and as wide as its mask. */
#define VTA_SHAPE_LOG_BATCH_SHIFT 0
#define VTA_SHAPE_LOG_BLOCK_SHIFT 4
#define VTA_SHAPE_FIELD_MASK 0xfu
#define VTA_DEPTHS_LOG_UOP_SHIFT 0
#define VTA_DEPTHS_LOG_INP_SHIFT 8
#define VTA_DEPTHS_LOG_WGT_SHIFT 16
#define VTA_DEPTHS_LOG_ACC_SHIFT 24
#define VTA_DEPTHS_FIELD_MASK 0xffu

/* The schema's default for vta.base (tests/unit/hw checks it), inside the uncached I/O region
 * 0x80000000+. Firmware that runs without a model workload assumes it; with one it reads the
 * actual base from sim-control SOC_VTA_BASE. */
#define VTA_DEFAULT_BASE 0xf0010000u

#endif
