/* CONV_2D's 16x8 path (conv_2d_int16.c); conv_2d.c hands int16 inputs over. */
#ifndef ACCSIM_TFLITE_CONV_2D_INT16_H
#define ACCSIM_TFLITE_CONV_2D_INT16_H

#include "op_util.h"

int conv_2d_int16_check(TflModel* m, int index, TflError* error);
int conv_2d_int16_prepare(TflRuntime* rt, int index, TflError* error);
void conv_2d_int16_eval(TflRuntime* rt, int index);

#endif
