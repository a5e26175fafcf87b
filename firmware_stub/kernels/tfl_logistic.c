#include "accsim_kernels/tfl_logistic.h"

#include "accsim_kernels/tfl_fixedpoint.h"
#include "accsim_kernels/tfl_quant.h"
#include "accsim_kernels/tflite_int8.h"

enum { kInputIntegerBits = 4, kOutputIntegerBits = 8 };

int tfl_logistic_prepare_int8(float input_scale, int32_t input_zero_point,
                              TflLogisticParams* params) {
  const double real = (double)input_scale * (double)(1 << (31 - kInputIntegerBits));
  int32_t multiplier = 0;
  int exponent = 0;
  if (tfl_frexp_q31(real, &multiplier, &exponent) != 0 || exponent < 0 || exponent > 31) {
    return -1;
  }
  params->input_zero_point = input_zero_point;
  params->input_multiplier = multiplier;
  params->input_left_shift = exponent;
  params->input_range_radius = tfl_calculate_input_radius(kInputIntegerBits, exponent, 31);
  return 0;
}

void tfl_logistic_int8(const TflLogisticParams* params, int size, const int8_t* input,
                       int8_t* output) {
  const int32_t radius = params->input_range_radius;
  for (int i = 0; i < size; ++i) {
    const int32_t centred = input[i] - params->input_zero_point;
    if (centred <= -radius) {
      output[i] = -128;
    } else if (centred >= radius) {
      output[i] = 127;
    } else {
      /* Inside the radius the Q4.27 value cannot overflow: the radius is where it would. */
      const int32_t q4 = multiply_by_quantized_multiplier(centred, params->input_multiplier,
                                                          params->input_left_shift);
      const int32_t q0 = tfl_fp_logistic(q4, kInputIntegerBits);
      int32_t v = rounding_divide_by_pot(q0, 31 - kOutputIntegerBits) - 128;
      if (v > 127) v = 127;
      if (v < -128) v = -128;
      output[i] = (int8_t)v;
    }
  }
}
