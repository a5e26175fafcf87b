/* int8 PAD / PADV2 up to 4-D, as TFLM's pad.cc prepares it (pad value: the output zero point,
 * or PADV2's constant) and reference_ops::PadImpl evaluates it. */
#ifndef ACCSIM_KERNELS_TFL_PAD_H
#define ACCSIM_KERNELS_TFL_PAD_H

#include <stdint.h>

#include "accsim_kernels/shape4.h"

#ifdef __cplusplus
extern "C" {
#endif

/* TFLM's PadParams at four dimensions (lower ranks get leading zero padding). */
typedef struct {
  int32_t left[4], right[4];
  int8_t pad_value;
} TflPadParams;

/* paddings is the model's [rank, 2] int32 tensor (before, after per dimension). The pad value
 * is the output zero point; PADV2 overwrites params->pad_value with its constant. Returns -1
 * for a rank above 4, a negative padding or a zero point outside int8. */
int tfl_pad_prepare_int8(const int32_t* paddings, int rank, int32_t output_zero_point,
                         TflPadParams* params);

/* output_shape must be the input shape plus left + right in every dimension. */
void tfl_pad_int8(const TflPadParams* params, const Shape4* input_shape, const int8_t* input,
                  const Shape4* output_shape, int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
