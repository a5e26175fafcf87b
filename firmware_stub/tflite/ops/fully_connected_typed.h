/* The float32 and 16x8 paths of FULLY_CONNECTED (fully_connected_typed.c); fully_connected.c
 * hands an operator over when its input is not int8. */
#ifndef ACCSIM_TFLITE_FULLY_CONNECTED_TYPED_H
#define ACCSIM_TFLITE_FULLY_CONNECTED_TYPED_H

#include "op_util.h"

int fully_connected_typed_check(TflModel* m, int index, TflError* error);
int fully_connected_typed_prepare(TflRuntime* rt, int index, TflError* error);
void fully_connected_typed_eval(TflRuntime* rt, int index);

/* CalculateActivationRangeQuantized for an int16 output tensor. */
void op_activation_range_int16(int activation, const TflTensor* output, int32_t* act_min,
                               int32_t* act_max);

#endif
