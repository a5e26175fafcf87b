/* SVDF, int8 input and output with an int16 (or int8) activation state and time weights, as
 * TFLite Micro's svdf_common.cc prepares (PrepareSvdf) and evaluates it
 * (EvalIntegerSvdfReference): shift the state left by one, write the feature matmul's requantised
 * result into each filter's newest slot, dot each filter's memory with its time weights, sum
 * `rank` filters per unit, add the bias and requantise to int8. */
#ifndef ACCSIM_KERNELS_TFL_SVDF_H
#define ACCSIM_KERNELS_TFL_SVDF_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int batches, input_size, filters, rank, units, memory;
  int32_t input_zero_point, output_zero_point, state_zero_point;
  int32_t scale_1_multiplier; /* input * feature weights -> state */
  int scale_1_shift;
  int32_t scale_2_multiplier; /* state * time weights -> output */
  int scale_2_shift;
} TflSvdfParams;

/* The effective scales in TFLM's arithmetic: each scale product and quotient in float32, then
 * QuantizeMultiplier of its double. */
void tfl_svdf_prepare(float input_scale, float feature_scale, float state_scale, float time_scale,
                      float output_scale, TflSvdfParams* params);

/* state: [batches, filters * memory] (updated in place); scratch: batches * filters int32,
 * scratch_out: batches * units int32. bias may be NULL. */
void tfl_svdf_int16_state(const TflSvdfParams* p, const int8_t* input,
                          const int8_t* feature_weights, const int16_t* time_weights,
                          const int32_t* bias, int16_t* state, int32_t* scratch,
                          int32_t* scratch_out, int8_t* output);
void tfl_svdf_int8_state(const TflSvdfParams* p, const int8_t* input, const int8_t* feature_weights,
                         const int8_t* time_weights, const int32_t* bias, int8_t* state,
                         int32_t* scratch, int32_t* scratch_out, int8_t* output);

/* EvalFloatSvdfReference: the same steps in float32 (sums from 0.0f in TFLM's order, the bias
 * first in each unit's sum), then the activation (NONE, RELU, RELU_N1_TO_1, RELU6). scratch:
 * batches * filters floats; bias may be NULL. */
void tfl_svdf_float(const TflSvdfParams* p, int activation, const float* input,
                    const float* feature_weights, const float* time_weights, const float* bias,
                    float* state, float* scratch, float* output);

#ifdef __cplusplus
}
#endif

#endif
