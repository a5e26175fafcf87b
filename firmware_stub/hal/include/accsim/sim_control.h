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
#define ACCSIM_ID_VALUE 0x41435349u

/* Named regions (per-layer statistics and timelines). Regions nest; end the innermost. */
static inline void accsim_region_begin(const char* name) {
  ACCSIM_REGION_BEGIN = (uint32_t)(uintptr_t)name;
}
static inline void accsim_region_end(const char* name) {
  ACCSIM_REGION_END = (uint32_t)(uintptr_t)name;
}

/* Ends the simulation with `code` (0 = success). Does not return. */
void accsim_exit(int code) __attribute__((noreturn));

#endif
