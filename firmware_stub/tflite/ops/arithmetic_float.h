/* The float32 path of ADD, SUB and MUL (arithmetic_float.c) and the 16x8 one of ADD and MUL
 * (arithmetic_int16.c); arithmetic.c hands float32 and int16 inputs over. */
#ifndef ACCSIM_TFLITE_ARITHMETIC_FLOAT_H
#define ACCSIM_TFLITE_ARITHMETIC_FLOAT_H

#include "accsim_kernels/tfl_broadcast.h"
#include "op_util.h"

static inline int tfl_broadcast_strides_ok(const Shape4* in, const Shape4* out, int32_t* s) {
  return tfl_broadcast_strides(in, out, s);
}

int arithmetic_float_check(TflModel* m, int index, TflError* error);
int arithmetic_float_prepare(TflRuntime* rt, int index, TflError* error);
void arithmetic_float_eval(TflRuntime* rt, int index);

/* The 16x8 path of ADD and MUL (arithmetic_int16.c). */
int arithmetic_int16_check(TflModel* m, int index, TflError* error);
int arithmetic_int16_prepare(TflRuntime* rt, int index, TflError* error);
void arithmetic_int16_eval(TflRuntime* rt, int index);

#endif
