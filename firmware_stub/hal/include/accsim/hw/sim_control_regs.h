/* The sim-control MMIO block: how firmware talks to the simulator. This is the one register
 * map: the simulator's model (tlm/sim_control.cpp) and the firmware HAL (accsim/sim_control.h)
 * both build on these numbers. 32-bit registers, offsets from the block's base:
 *
 *   0x00 ID              R  ACCSIM_SIMCTL_ID_VALUE ("ACSI"): firmware can check it runs on accsim
 *   0x04 CONSOLE_TX      W  low byte appended to the console
 *   0x08 EXIT            W  end the run with this exit code (0 = success)
 *   0x0C REGION_BEGIN    W  address of a NUL-terminated region name; opens a named region
 *   0x10 REGION_END      W  address of the name of the innermost open region (or 0)
 *   0x14 CYCLE_LO        R  simulated cycle count, low word
 *   0x18 CYCLE_HI        R  simulated cycle count, high word
 *   0x1C ARG_COUNT       R  number of firmware arguments (config key firmware_args, <= 8)
 *   0x20 ARG0..ARG7      R  the arguments (0 beyond ARG_COUNT): firmware parameters from JSON
 *   0x40 MODEL_ADDR      R  workload: where accsim placed the .tflite model (0 = no model)
 *   0x44 MODEL_BYTES     R  its size in bytes
 *   0x48 INPUT_ADDR      R  the bytes of every input tensor, one after another (`--input`)
 *   0x4C INPUT_BYTES     R  their size (0 = no input file: the firmware zeroes the tensors)
 *   0x50 ARENA_ADDR      R  the tensor arena region
 *   0x54 ARENA_BYTES     R  its size
 *   0x58 OUTPUT_ADDR     W  the firmware reports where an output tensor is after the run
 *   0x5C OUTPUT_BYTES    W  and its size: each write adds one output, in graph order (accsim
 *                          writes output.bin, output_1.bin, ...)
 *   0x60 SOC_CFU         R  the CFU the SoC has (TFL_SOC_CFU_*, accsim/hw/tflite_delegate.h)
 *   0x64 SOC_VTA_BASE    R  the VTA's register block, 0 = none
 *   0x68 DELEGATE        R  runtime.delegate (TFL_DELEGATE_*), vta_threads, verify, the named
 *                           kernel (bit fields: accsim/hw/tflite_delegate.h)
 *   0x6C OVERRIDES_ADDR  R  runtime.placement as TflPlacementOverride entries in memory, then
 *                           the kernel names they and runtime.delegate give (tflite_delegate.h)
 *   0x70 OVERRIDES_COUNT R  their number
 *   0x74 PLACEMENT       W  address of a TflPlacementRecord: an operator's placement
 *
 * Reads of write-only or unused offsets return 0; writes to read-only or unused offsets answer
 * an address error. Part of accsim/hw/, the contracts both sides include (README.md there). */
#ifndef ACCSIM_HW_SIM_CONTROL_REGS_H
#define ACCSIM_HW_SIM_CONTROL_REGS_H

/* Where the block sits. Firmware cannot ask the simulator where sim-control is (that is the
 * block it would ask), so the address is fixed when the firmware is built: the HAL uses
 * ACCSIM_SIM_CONTROL_BASE, which defaults to this value, and the schema's default for
 * sim_control.base is the same number (tests/unit/hw checks it). A config that moves the block
 * needs firmware built with -DACCSIM_SIM_CONTROL_BASE=<that base>. */
#define ACCSIM_SIMCTL_DEFAULT_BASE 0xF0000000u
/* The bytes the block decodes on the bus; sim_control.base must be aligned to it. */
#define ACCSIM_SIMCTL_BLOCK_SIZE 0x100

/* Offsets are int constants, as the HAL has always written them: ARG(n) with a variable n then
 * compiles to the same firmware code as before the map moved here. */
#define ACCSIM_SIMCTL_ID 0x00
#define ACCSIM_SIMCTL_CONSOLE_TX 0x04
#define ACCSIM_SIMCTL_EXIT 0x08
#define ACCSIM_SIMCTL_REGION_BEGIN 0x0C
#define ACCSIM_SIMCTL_REGION_END 0x10
#define ACCSIM_SIMCTL_CYCLE_LO 0x14
#define ACCSIM_SIMCTL_CYCLE_HI 0x18
#define ACCSIM_SIMCTL_ARG_COUNT 0x1C
#define ACCSIM_SIMCTL_ARG0 0x20
#define ACCSIM_SIMCTL_ARG(n) (ACCSIM_SIMCTL_ARG0 + 4 * (n)) /* n = 0..ACCSIM_SIMCTL_MAX_ARGS-1 */
#define ACCSIM_SIMCTL_MAX_ARGS 8
#define ACCSIM_SIMCTL_MODEL_ADDR 0x40
#define ACCSIM_SIMCTL_MODEL_BYTES 0x44
#define ACCSIM_SIMCTL_INPUT_ADDR 0x48
#define ACCSIM_SIMCTL_INPUT_BYTES 0x4C
#define ACCSIM_SIMCTL_ARENA_ADDR 0x50
#define ACCSIM_SIMCTL_ARENA_BYTES 0x54
#define ACCSIM_SIMCTL_OUTPUT_ADDR 0x58
#define ACCSIM_SIMCTL_OUTPUT_BYTES 0x5C
#define ACCSIM_SIMCTL_SOC_CFU 0x60
#define ACCSIM_SIMCTL_SOC_VTA_BASE 0x64
#define ACCSIM_SIMCTL_DELEGATE 0x68
#define ACCSIM_SIMCTL_OVERRIDES_ADDR 0x6C
#define ACCSIM_SIMCTL_OVERRIDES_COUNT 0x70
#define ACCSIM_SIMCTL_PLACEMENT 0x74

#define ACCSIM_SIMCTL_ID_VALUE 0x41435349u /* "ACSI" */

#endif
