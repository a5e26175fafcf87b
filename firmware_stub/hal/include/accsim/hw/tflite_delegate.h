/* The delegation contract between accsim and the TFLite interpreter firmware (docs/models.md,
 * "Accelerators"): which backends exist, how accsim passes runtime.delegate and
 * runtime.placement, and the record the firmware sends back for each operator's placement.
 * C, shared by the firmware and accsim (apps/accsim) so both read the same numbers; the values
 * travel through sim-control registers (accsim/hw/sim_control_regs.h) and simulated memory.
 * Part of accsim/hw/, the contracts both sides include (README.md there). */
#ifndef ACCSIM_HW_TFLITE_DELEGATE_H
#define ACCSIM_HW_TFLITE_DELEGATE_H

#include <stdint.h>

/* Backends an operator can run on. */
enum {
  TFL_BACKEND_CPU = 0,
  TFL_BACKEND_CFU = 1, /* the mnv2 CFU (seed 001's streaming 1x1 convolution) */
  TFL_BACKEND_VTA = 2,
  /* a kernel the firmware registered (accsim_tflite/kernel_registry.h); the placement record's
   * `kernel` names it */
  TFL_BACKEND_USER = 3,
  TFL_BACKEND_COUNT = 4
};

/* runtime.delegate: where operators go when no per-operator placement says otherwise. */
enum {
  TFL_DELEGATE_CPU = 0,
  TFL_DELEGATE_CFU = 1,  /* every operator the CFU supports, the rest on the CPU */
  TFL_DELEGATE_VTA = 2,  /* every operator the VTA supports, the rest on the CPU */
  TFL_DELEGATE_AUTO = 3, /* per operator, the preferred supported backend (docs/models.md) */
  TFL_DELEGATE_USER = 4  /* every operator one registered kernel (named below) supports */
};

/* The DELEGATE register: runtime.delegate (bits 0-7), runtime.vta_threads (8-15),
 * runtime.verify (bit 16) and, with TFL_DELEGATE_USER, the index of the kernel's name in the
 * name table (bits 24-31). */
#define TFL_DELEGATE_KIND(reg) ((int)((reg)&0xFFu))
#define TFL_DELEGATE_VTA_THREADS(reg) ((int)(((reg) >> 8) & 0xFFu))
#define TFL_DELEGATE_VERIFY_BIT (1u << 16)
#define TFL_DELEGATE_NAME_INDEX(reg) ((int)(((reg) >> 24) & 0xFFu))

/* Registered kernels are named in runtime.delegate and runtime.placement by name: accsim
 * writes the names it was given, each in TFL_KERNEL_NAME_BYTES (NUL-padded), right after the
 * override entries (OVERRIDES_ADDR + 8 * OVERRIDES_COUNT); an override's backend
 * TFL_OVERRIDE_USER(i) names entry i. A name is [a-z][a-z0-9_]* of at most 23 characters. */
#define TFL_KERNEL_NAME_BYTES 24
#define TFL_MAX_KERNEL_NAMES 64
#define TFL_OVERRIDE_USER(name_index) (TFL_BACKEND_USER | ((uint32_t)(name_index) << 8))

/* sim-control SOC_CFU: the CFU the architecture has. */
enum { TFL_SOC_CFU_NONE = 0, TFL_SOC_CFU_MNV2 = 1, TFL_SOC_CFU_OTHER = 2 };

/* runtime.placement, as accsim writes it into the model region: one entry per override. */
typedef struct {
  uint32_t op_index;
  uint32_t backend;
} TflPlacementOverride;

/* A set of backends: bit TFL_BACKEND_BIT(b) per member. */
#define TFL_BACKEND_BIT(backend) (1u << (backend))
/* TflPlacementRecord.override_backend: no runtime.placement entry names the operator. */
#define TFL_NO_OVERRIDE 0xFFFFFFFFu

/* What the firmware reports for each operator before running the graph (sim-control PLACEMENT
 * gets this record's address). `reason` says why each accelerator the SoC has that is not used
 * cannot run the operator (or, under auto, why it was not chosen), or is empty. Only 32-bit
 * words and bytes, so the layout is the same on the 32-bit target and a 64-bit host (accsim
 * copies the record out of simulated memory). */
#define TFL_PLACEMENT_KERNEL_BYTES 24
#define TFL_PLACEMENT_REASON_BYTES 200
#define TFL_PLACEMENT_TENSORS 12
typedef struct {
  uint32_t op_index;
  uint32_t backend;   /* the one chosen: TFL_BACKEND_* */
  uint32_t supported; /* every backend that can run it: TFL_BACKEND_BIT()s, the CPU's always */
  uint32_t override_backend; /* the one runtime.placement asked for, or TFL_NO_OVERRIDE */
  char kernel[TFL_PLACEMENT_KERNEL_BYTES]; /* the implementation that will run */
  char reason[TFL_PLACEMENT_REASON_BYTES];
  /* Where the operator's buffers are in the plan tfl_place made (accsim names the buffers whose
   * cache lines evict each other): its first inputs then outputs (tensor index, -1 for an absent
   * optional input or past the operator's count) with the address of their bytes (the model's
   * for constants, the arena's else), its scratch and its state (0 bytes: none). */
  int32_t tensor[TFL_PLACEMENT_TENSORS];
  uint32_t tensor_addr[TFL_PLACEMENT_TENSORS];
  uint32_t scratch_addr, scratch_bytes;
  uint32_t persistent_addr, persistent_bytes;
  uint32_t arena_used; /* the plan's arena bytes; accelerator work buffers follow, 64-aligned */
} TflPlacementRecord;

static inline const char* tfl_backend_name(uint32_t backend) {
  return backend == TFL_BACKEND_CFU    ? "cfu"
         : backend == TFL_BACKEND_VTA  ? "vta"
         : backend == TFL_BACKEND_USER ? "user"
                                       : "cpu";
}

#endif
