/* The contract of one supported operator: check (runs in accsim and the firmware: validates
 * types, shapes and options, chooses the kernel and says how much persistent and scratch memory it
 * needs), prepare (firmware: computes multipliers, packs weights) and eval (firmware: runs it).
 * The registry in op_table.c maps builtin codes to these; it is the one place a kernel is chosen
 * for an operator. */
#ifndef ACCSIM_TFLITE_OP_KERNEL_H
#define ACCSIM_TFLITE_OP_KERNEL_H

#include "accsim_tflite/interpreter.h"
#include "accsim_tflite/model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TflOpKernel {
  int32_t builtin;
  const char* name; /* lowercase, for statistics */
  int (*check)(TflModel* model, int index, TflError* error);
  int (*prepare)(TflRuntime* rt, int index, TflError* error);
  void (*eval)(TflRuntime* rt, int index);
} TflOpKernel;

/* An accelerator implementation of one operator (firmware only: it drives the hardware).
 * check() returns 0 when the backend can run the operator on `hw` (and sets the operator's
 * kernel, persistent and scratch sizes as a CPU check does), or -1 with the reason. */
typedef struct TflAccelKernel {
  int32_t builtin;
  int backend; /* TFL_BACKEND_* */
  int (*check)(TflModel* model, int index, const TflHardware* hw, char* reason, int reason_bytes);
  int (*prepare)(TflRuntime* rt, int index, TflError* error);
  void (*eval)(TflRuntime* rt, int index);
} TflAccelKernel;

/* The firmware registers its accelerator implementations before tfl_place(). */
void tfl_register_accelerators(const TflAccelKernel* const* kernels, int count);

const TflOpKernel* tfl_find_op_kernel(int32_t builtin);
/* The implementation for operator `index`: the float32 one (ops/float_ops.c) or the int16 one
 * (ops/int16_ops.c) when its first input has that type and one exists, else
 * tfl_find_op_kernel's. */
const TflOpKernel* tfl_find_op_kernel_for(const TflModel* model, int index);
/* The float32 implementations of operators whose int8 files do not take float32. */
const TflOpKernel* tfl_find_float_kernel(int32_t builtin);
/* The 16x8 implementations of operators whose int8 files do not take int16. */
const TflOpKernel* tfl_find_int16_kernel(int32_t builtin);
/* "ADD, AVERAGE_POOL_2D, ..." for messages. */
const char* tfl_supported_ops(void);

#ifdef __cplusplus
}
#endif

#endif
