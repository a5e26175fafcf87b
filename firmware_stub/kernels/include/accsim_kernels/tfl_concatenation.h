/* int8 CONCATENATION along any axis, as TFLM's concatenation.cc runs it: a byte copy
 * (reference_ops::Concatenation). TFLM stores the inputs' scales and zero points but never
 * rescales, so inputs quantised differently from the output are copied raw; callers that care
 * must refuse such graphs. */
#ifndef ACCSIM_KERNELS_TFL_CONCATENATION_H
#define ACCSIM_KERNELS_TFL_CONCATENATION_H

#include <stdint.h>

#include "accsim_kernels/shape4.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The model's axis (negative counts from the end, CalculatePositiveAxis) for a tensor of the
 * given rank, as an axis of the shapes extended to 4-D. Returns -1 if out of range. */
int tfl_concatenation_axis4(int axis, int rank, int* axis4);

/* Inputs agree with the output in every dimension but axis4; the output's extent along it is
 * the sum of theirs. */
void tfl_concatenation_int8(int axis4, int num_inputs, const Shape4* input_shapes,
                            const int8_t* const* inputs, const Shape4* output_shape,
                            int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
