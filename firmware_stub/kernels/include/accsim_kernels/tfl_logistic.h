/* int8 LOGISTIC, TFLM's integer path: logistic_common.cc prepares it (the input scale times 2^27
 * split by frexp into a rounded Q31 multiplier and a left shift, and the input radius beyond which
 * the output saturates) and reference_integer_ops::Logistic evaluates it (gemmlowp's fixed-point
 * logistic on a Q4.27 input, rounded to Q0.8 with output zero point -128). */
#ifndef ACCSIM_KERNELS_TFL_LOGISTIC_H
#define ACCSIM_KERNELS_TFL_LOGISTIC_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int32_t input_zero_point;
  int32_t input_range_radius;
  int32_t input_multiplier;
  int input_left_shift;
} TflLogisticParams;

/* Returns -1 for input scales TFLM's prepare mishandles: a multiplier that rounds to 2^31 (the
 * int32 cast overflows) or a left shift outside [0, 31] (input scale below 2^-28 or from 16 up). */
int tfl_logistic_prepare_int8(float input_scale, int32_t input_zero_point,
                              TflLogisticParams* params);

void tfl_logistic_int8(const TflLogisticParams* params, int size, const int8_t* input,
                       int8_t* output);

#ifdef __cplusplus
}
#endif

#endif
