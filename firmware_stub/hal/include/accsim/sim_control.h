/* The firmware's side of the sim-control block: one accessor per register of the map in
 * accsim/hw/sim_control_regs.h, region markers, firmware arguments and exit. */
#ifndef ACCSIM_SIM_CONTROL_H
#define ACCSIM_SIM_CONTROL_H

#include <stdint.h>

#include "accsim/hw/sim_control_regs.h"

/* The block's address in this firmware build: see ACCSIM_SIMCTL_DEFAULT_BASE. */
#ifndef ACCSIM_SIM_CONTROL_BASE
#define ACCSIM_SIM_CONTROL_BASE ACCSIM_SIMCTL_DEFAULT_BASE
#endif

#define ACCSIM_REG(offset) (*(volatile uint32_t*)(ACCSIM_SIM_CONTROL_BASE + (offset)))
#define ACCSIM_ID ACCSIM_REG(ACCSIM_SIMCTL_ID)
#define ACCSIM_CONSOLE_TX ACCSIM_REG(ACCSIM_SIMCTL_CONSOLE_TX)
#define ACCSIM_EXIT ACCSIM_REG(ACCSIM_SIMCTL_EXIT)
#define ACCSIM_REGION_BEGIN ACCSIM_REG(ACCSIM_SIMCTL_REGION_BEGIN)
#define ACCSIM_REGION_END ACCSIM_REG(ACCSIM_SIMCTL_REGION_END)
#define ACCSIM_CYCLE_LO ACCSIM_REG(ACCSIM_SIMCTL_CYCLE_LO)
#define ACCSIM_CYCLE_HI ACCSIM_REG(ACCSIM_SIMCTL_CYCLE_HI)
#define ACCSIM_ARG_COUNT ACCSIM_REG(ACCSIM_SIMCTL_ARG_COUNT)
#define ACCSIM_ARG(n) ACCSIM_REG(ACCSIM_SIMCTL_ARG(n))
#define ACCSIM_MODEL_ADDR ACCSIM_REG(ACCSIM_SIMCTL_MODEL_ADDR)
#define ACCSIM_MODEL_BYTES ACCSIM_REG(ACCSIM_SIMCTL_MODEL_BYTES)
#define ACCSIM_INPUT_ADDR ACCSIM_REG(ACCSIM_SIMCTL_INPUT_ADDR)
#define ACCSIM_INPUT_BYTES ACCSIM_REG(ACCSIM_SIMCTL_INPUT_BYTES)
#define ACCSIM_ARENA_ADDR ACCSIM_REG(ACCSIM_SIMCTL_ARENA_ADDR)
#define ACCSIM_ARENA_BYTES ACCSIM_REG(ACCSIM_SIMCTL_ARENA_BYTES)
#define ACCSIM_OUTPUT_ADDR ACCSIM_REG(ACCSIM_SIMCTL_OUTPUT_ADDR)
#define ACCSIM_OUTPUT_BYTES ACCSIM_REG(ACCSIM_SIMCTL_OUTPUT_BYTES)
#define ACCSIM_SOC_CFU ACCSIM_REG(ACCSIM_SIMCTL_SOC_CFU)
#define ACCSIM_SOC_VTA_BASE ACCSIM_REG(ACCSIM_SIMCTL_SOC_VTA_BASE)
#define ACCSIM_DELEGATE ACCSIM_REG(ACCSIM_SIMCTL_DELEGATE)
#define ACCSIM_OVERRIDES_ADDR ACCSIM_REG(ACCSIM_SIMCTL_OVERRIDES_ADDR)
#define ACCSIM_OVERRIDES_COUNT ACCSIM_REG(ACCSIM_SIMCTL_OVERRIDES_COUNT)
#define ACCSIM_PLACEMENT ACCSIM_REG(ACCSIM_SIMCTL_PLACEMENT)

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
  return (n >= 0 && n < ACCSIM_SIMCTL_MAX_ARGS && (uint32_t)n < ACCSIM_ARG_COUNT)
             ? (int32_t)ACCSIM_ARG(n)
             : fallback;
}

/* Ends the simulation with `code` (0 = success). Does not return. */
#ifdef __cplusplus
extern "C" {
#endif
void accsim_exit(int code) __attribute__((noreturn));
#ifdef __cplusplus
}
#endif

#endif
