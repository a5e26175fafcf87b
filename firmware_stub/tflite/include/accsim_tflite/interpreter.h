/* The interpreter's three steps, as TFLite Micro's: plan (check every operator, choose its kernel,
 * lay out the tensor arena), prepare (per-operator constants: multipliers, packed weights) and
 * invoke (run the operators in graph order). tfl_plan is pure arithmetic on the model and runs
 * identically in accsim before simulation and in the firmware; prepare and invoke run only in
 * the firmware. */
#ifndef ACCSIM_TFLITE_INTERPRETER_H
#define ACCSIM_TFLITE_INTERPRETER_H

#include <stdint.h>

#include "accsim_tflite/model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Arena layout: planned tensors and scratch buffers from offset 0 (reused across lifetimes), then
 * each operator's persistent data; every block 16-byte aligned. */
#define TFL_ARENA_ALIGNMENT 16
/* The firmware's pointer size: the indirection buffers of the GEMM convolutions hold pointers,
 * so the plan is made for the target even when accsim computes it on a 64-bit host. */
#define TFL_TARGET_POINTER_BYTES 4

typedef struct {
  uint32_t tensor_bytes;     /* planned tensors + scratch (peak) */
  uint32_t persistent_bytes; /* per-operator data */
  uint32_t arena_bytes;      /* their sum: what the arena must hold */
  uint64_t macs;
} TflPlan;

/* Checks every operator (supported, int8, shapes consistent), chooses kernels and plans the arena.
 * Refuses with the operator's index, opcode name and the reason; refuses a plan larger than
 * arena_size. */
int tfl_plan(TflModel* model, uint32_t arena_size, TflPlan* plan, TflError* error);

/* What the SoC offers the interpreter (the firmware fills it by asking the hardware; accsim's
 * pre-simulation check passes an SoC without accelerators). */
typedef struct {
  int cfu; /* TFL_SOC_CFU_* */
  uint32_t cfu_filter_words, cfu_param_entries, cfu_input_words;
  const void* vta; /* the firmware's vta_device_t, NULL = no VTA */
  int vta_threads;
} TflHardware;

/* runtime.delegate and runtime.placement. */
typedef struct {
  int delegate;          /* TFL_DELEGATE_* */
  const void* overrides; /* TflPlacementOverride[override_count] */
  uint32_t override_count;
  /* The registered kernels the delegation names (TFL_KERNEL_NAME_BYTES each, NUL-padded):
   * runtime.delegate's (TFL_DELEGATE_USER: entry delegate_name) and the overrides'
   * (TFL_OVERRIDE_USER(i): entry i). */
  const char* kernel_names;
  uint32_t kernel_name_count;
  int delegate_name;
} TflDelegation;

/* Chooses each operator's backend (op->backend, op->accel or op->user, op->reason) after
 * tfl_plan checked it for the CPU, then plans the arena again for the chosen implementations.
 * Accelerator implementations come from tfl_register_accelerators(), your own kernels from
 * tfl_register_kernel() (accsim_tflite/kernel_registry.h); without any, everything stays on the
 * CPU. Refuses a delegation that names a kernel nobody registered. */
int tfl_place(TflModel* model, const TflHardware* hw, const TflDelegation* delegation,
              uint32_t arena_size, TflPlan* plan, TflError* error);

typedef struct TflRuntime {
  TflModel* model;
  uint8_t* arena;
  /* Operator parameter structs (kernel params with pointers into the arena): kept outside the
   * arena so the arena's plan is the same on every host. */
  uint8_t* state_pool;
  uint32_t state_pool_bytes, state_pool_used;
  void* op_state[TFL_MAX_OPERATORS];
} TflRuntime;

/* Prepares every operator; the arena must hold plan->arena_bytes. */
int tfl_prepare(TflRuntime* rt, TflModel* model, uint8_t* arena, uint8_t* state_pool,
                uint32_t state_pool_bytes, TflError* error);

/* Hooks around each operator (region markers in the firmware). */
typedef void (*TflOpHook)(void* context, int index, const TflOperator* op);
void tfl_invoke(TflRuntime* rt, TflOpHook before, TflOpHook after, void* context);

/* A tensor's bytes: constant data in the model, or its place in the arena. */
void* tfl_tensor_data(const TflRuntime* rt, int tensor);
/* Allocation from the state pool (NULL when it is exhausted). */
void* tfl_state_alloc(TflRuntime* rt, uint32_t bytes);

/* The lowercase operator name used in statistics ("conv_2d"), or NULL when unsupported. */
const char* tfl_op_stat_name(int32_t builtin);

#ifdef __cplusplus
}
#endif

#endif
