/* The sim-control MMIO block (tlm/sim_control.h documents the same register map). */
#ifndef ACCSIM_SIM_CONTROL_H
#define ACCSIM_SIM_CONTROL_H

#include <stdint.h>

#ifndef ACCSIM_SIM_CONTROL_BASE
#define ACCSIM_SIM_CONTROL_BASE 0xF0000000u /* sim_control.base in configs/ */
#endif

#define ACCSIM_REG(offset) (*(volatile uint32_t*)(ACCSIM_SIM_CONTROL_BASE + (offset)))
#define ACCSIM_ID ACCSIM_REG(0x00)
#define ACCSIM_CONSOLE_TX ACCSIM_REG(0x04)
#define ACCSIM_EXIT ACCSIM_REG(0x08)
#define ACCSIM_REGION_BEGIN ACCSIM_REG(0x0C)
#define ACCSIM_REGION_END ACCSIM_REG(0x10)
#define ACCSIM_CYCLE_LO ACCSIM_REG(0x14)
#define ACCSIM_CYCLE_HI ACCSIM_REG(0x18)
#define ACCSIM_ARG_COUNT ACCSIM_REG(0x1C)        /* entries in the config's firmware_args */
#define ACCSIM_ARG(n) ACCSIM_REG(0x20 + 4 * (n)) /* n = 0..7; 0 beyond ARG_COUNT */
#define ACCSIM_MAX_ARGS 8
/* A model workload (`accsim run --model`): where accsim placed the pieces. */
#define ACCSIM_MODEL_ADDR ACCSIM_REG(0x40)
#define ACCSIM_MODEL_BYTES ACCSIM_REG(0x44) /* 0 = no model */
#define ACCSIM_INPUT_ADDR ACCSIM_REG(0x48)
#define ACCSIM_INPUT_BYTES ACCSIM_REG(0x4C) /* 0 = no input file: zeroes */
#define ACCSIM_ARENA_ADDR ACCSIM_REG(0x50)
#define ACCSIM_ARENA_BYTES ACCSIM_REG(0x54)
#define ACCSIM_OUTPUT_ADDR ACCSIM_REG(0x58)  /* W: output tensor 0, for output.bin */
#define ACCSIM_OUTPUT_BYTES ACCSIM_REG(0x5C) /* W */
/* What the SoC has and how a model is delegated (accsim/tflite_delegate.h). */
#define ACCSIM_SOC_CFU ACCSIM_REG(0x60)        /* TFL_SOC_CFU_* */
#define ACCSIM_SOC_VTA_BASE ACCSIM_REG(0x64)   /* 0 = no VTA */
#define ACCSIM_DELEGATE ACCSIM_REG(0x68)       /* TFL_DELEGATE_* (runtime.delegate) */
#define ACCSIM_OVERRIDES_ADDR ACCSIM_REG(0x6C) /* TflPlacementOverride[] (runtime.placement) */
#define ACCSIM_OVERRIDES_COUNT ACCSIM_REG(0x70)
#define ACCSIM_PLACEMENT ACCSIM_REG(0x74) /* W: address of a TflPlacementRecord */
#define ACCSIM_ID_VALUE 0x41435349u

/* Named regions (per-layer statistics and timelines). Regions nest; end the innermost. */
static inline void accsim_region_begin(const char* name) {
  ACCSIM_REGION_BEGIN = (uint32_t)(uintptr_t)name;
}
static inline void accsim_region_end(const char* name) {
  ACCSIM_REGION_END = (uint32_t)(uintptr_t)name;
}

/* firmware_args[n] of the architecture (e.g. `--set firmware_args=[6,0,34]`), or `fallback`
 * when the config gives fewer than n + 1 arguments. */
static inline int32_t accsim_arg(int n, int32_t fallback) {
  return (n >= 0 && n < ACCSIM_MAX_ARGS && (uint32_t)n < ACCSIM_ARG_COUNT) ? (int32_t)ACCSIM_ARG(n)
                                                                           : fallback;
}

/* Ends the simulation with `code` (0 = success). Does not return. */
void accsim_exit(int code) __attribute__((noreturn));

#endif
