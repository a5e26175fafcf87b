/* Your own kernels for the TFLite interpreter (docs/firmware.md, "Your own kernels in a TFLite
 * model"). Per builtin operator you register a kernel: a name, a supports() predicate over the
 * operator and its tensors, an optional prepare() run once before the graph (pack weights into
 * your CFU's layout, compute multipliers) and eval(). tfl_place() then offers every operator to
 * the kernels registered for its builtin, beside the built-in CPU, CFU and VTA implementations:
 *  - runtime.delegate "auto" uses the first registered kernel that supports the operator, before
 *    the built-in accelerators; runtime.delegate "<name>" uses that kernel where it supports the
 *    operator; runtime.placement {"op": N, "backend": "<name>"} names it for one operator;
 *  - an operator every kernel refuses, or a kernel the delegation does not ask for, falls back
 *    to the built-in choice; the refusal's reason is part of the placement line accsim prints;
 *  - the placement and the op.NNN.* statistics show the kernel's name as backend and kernel.
 * The output must be bit-exact with the CPU's reference kernel: `runtime.verify` (accsim run
 * --verify) runs the CPU kernel beside yours after every operator yours ran
 * and stops at the first differing element, naming the operator and the element.
 *
 * Register before tfl_place(): tflite_runner's main (accsim::tflite_runner) calls
 * tflite_runner_register_kernels(), which your firmware defines. */
#ifndef ACCSIM_TFLITE_KERNEL_REGISTRY_H
#define ACCSIM_TFLITE_KERNEL_REGISTRY_H

#include <stdint.h>

#include "accsim/hw/tflite_delegate.h"
#include "accsim_kernels/conv.h"
#include "accsim_tflite/interpreter.h"
#include "accsim_tflite/model.h"
#include "accsim_tflite/schema.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TFL_MAX_USER_KERNELS 16

/* What a kernel needs of the tensor arena for one operator, planned with the graph's tensors:
 * persistent bytes (kept from prepare to the end: packed weights, multipliers) and scratch
 * bytes (only while eval runs). tfl_op_persistent() and tfl_op_scratch() give their addresses. */
typedef struct {
  uint32_t persistent_bytes;
  uint32_t scratch_bytes;
} TflKernelNeeds;

typedef struct TflUserKernel {
  /* [a-z][a-z0-9_]*, at most 23 characters: how runtime.delegate, runtime.placement, the
   * placement line and the statistics name it. */
  const char* name;
  int32_t builtin; /* TFL_OP_* (accsim_tflite/schema.h) */
  /* 1 when the kernel runs operator `index` of `model` (read its tensors with tfl_op_input() and
   * tfl_op_output(), its options with tfl_conv_2d_params()), with what it needs of the arena in
   * *needs (zeroed before the call); else 0 and a short reason in `reason` ("runs only 1x1
   * convolutions"). Called in tfl_place(), after the CPU's checks accepted the operator. */
  int (*supports)(const TflModel* model, int index, TflKernelNeeds* needs, char* reason,
                  int reason_bytes);
  /* Optional (NULL: nothing to prepare). Once per operator it runs, in tfl_prepare(): 0, or -1
   * with tfl_fail(error, index, ...). rt->op_state[index] is the kernel's to set
   * (tfl_state_alloc() gives memory that lives as long as the runtime). */
  int (*prepare)(TflRuntime* rt, int index, TflError* error);
  /* Runs the operator: reads its inputs, writes its output tensor (tfl_tensor_data()). */
  void (*eval)(TflRuntime* rt, int index);
} TflUserKernel;

/* Adds a kernel (the struct must outlive the run). 0, or -1 with the reason in `error`: a bad
 * or duplicate name, no eval or supports, an unsupported builtin, the registry full. */
int tfl_register_kernel(const TflUserKernel* kernel, TflError* error);
int tfl_user_kernel_count(void);
const TflUserKernel* tfl_user_kernel(int i);
/* The registered kernel called `name`, or NULL. */
const TflUserKernel* tfl_find_user_kernel(const char* name);
/* Forgets every registration (tests that place several models). */
void tfl_clear_user_kernels(void);

/* Operand access for supports(), prepare() and eval(). */
static inline const TflTensor* tfl_op_input(const TflModel* m, int index, int i) {
  const TflOperator* op = &m->operators[index];
  if (i >= op->input_count || op->inputs[i] < 0) return 0;
  return &m->tensors[op->inputs[i]];
}
static inline const TflTensor* tfl_op_output(const TflModel* m, int index) {
  return &m->tensors[m->operators[index].outputs[0]];
}
/* The operator's persistent and scratch blocks in the arena (what supports() asked for). */
static inline void* tfl_op_persistent(const TflRuntime* rt, int index) {
  return rt->arena + rt->model->operators[index].persistent_offset;
}
static inline void* tfl_op_scratch(const TflRuntime* rt, int index) {
  return rt->arena + rt->model->operators[index].scratch_offset;
}

/* A CONV_2D's geometry, offsets and activation range as the CPU kernel computes them, with the
 * per-channel requantisation (multiplier, shift) written into the caller's arrays of
 * filter->dims[0] entries each, which p->output_multiplier and p->output_shift then point at.
 * 0, or -1 with the reason (bad options). Costly (soft float): call it in prepare(). */
int tfl_conv_2d_params(const TflModel* m, int index, ConvParams* p, int32_t* multipliers,
                       int32_t* shifts, TflError* error);
/* The same geometry without the requantisation (p's multiplier and shift pointers NULL): cheap
 * enough for supports(). */
int tfl_conv_2d_geometry(const TflModel* m, int index, ConvParams* p, TflError* error);

/* runtime.verify: tfl_verify_prepare() sets up the CPU reference of every operator that runs
 * elsewhere (its prepared state, persistent and scratch memory and a shadow output in `memory`,
 * which must not overlap the plan: the arena region beyond plan.arena_bytes), after
 * tfl_prepare(). It needs at most tfl_verify_bytes(). tfl_verify_op() runs operator `index`'s
 * reference and compares its output with what the chosen kernel wrote: 0 when equal (or when
 * the operator ran on the CPU), else 1 with the first differing element in *mismatch. */
typedef struct {
  int op_index;
  uint32_t element;  /* flat index into the output tensor */
  int32_t got, want; /* the chosen kernel's value, the reference's */
  int32_t coords[TFL_MAX_DIMS];
  int rank;
} TflMismatch;
uint32_t tfl_verify_bytes(TflModel* model, TflError* error);
int tfl_verify_prepare(TflRuntime* rt, uint8_t* memory, uint32_t bytes, TflError* error);
int tfl_verify_op(TflRuntime* rt, int index, TflMismatch* mismatch);

/* The runner's hook (accsim::tflite_runner): called once before placement; define it in your
 * firmware to register your kernels. The runner's own definition is weak and registers none. */
void tflite_runner_register_kernels(void);
/* tfl_register_kernel() for the hook: a refused registration stops the run with the reason
 * (exit code 3). */
void tflite_runner_add_kernel(const TflUserKernel* kernel);

#ifdef __cplusplus
}
#endif

#endif
