#include "accsim_kernels/tfl_float.h"

#include <float.h>

#include "accsim_kernels/tfl_broadcast.h"

void tfl_activation_range_float(TflFusedActivation activation, float* min, float* max) {
  *min = -FLT_MAX;
  *max = FLT_MAX;
  if (activation == TFL_FUSED_RELU) {
    *min = 0.0f;
  } else if (activation == TFL_FUSED_RELU6) {
    *min = 0.0f;
    *max = 6.0f;
  } else if (activation == TFL_FUSED_RELU_N1_TO_1) {
    *min = -1.0f;
    *max = 1.0f;
  }
}

void tfl_fully_connected_float(float act_min, float act_max, int batches, int accum_depth,
                               int output_depth, const float* input, const float* filter,
                               const float* bias, float* output) {
  for (int b = 0; b < batches; ++b) {
    const float* x = input + b * accum_depth;
    for (int o = 0; o < output_depth; ++o) {
      const float* w = filter + o * accum_depth;
      float total = 0.0f;
      for (int d = 0; d < accum_depth; ++d) total += x[d] * w[d];
      const float bias_value = bias ? bias[o] : 0.0f;
      output[b * output_depth + o] = tfl_clamp_float(total + bias_value, act_min, act_max);
    }
  }
}

/* One loop per operation, so the inner loop holds no call or switch. */
#define BINARY_LOOP(EXPR)                                                   \
  for (int i0 = 0; i0 < output_shape->dims[0]; ++i0)                        \
    for (int i1 = 0; i1 < output_shape->dims[1]; ++i1)                      \
      for (int i2 = 0; i2 < output_shape->dims[2]; ++i2)                    \
        for (int i3 = 0; i3 < output_shape->dims[3]; ++i3) {                \
          const float a = input1[tfl_broadcast_offset(s1, i0, i1, i2, i3)]; \
          const float b = input2[tfl_broadcast_offset(s2, i0, i1, i2, i3)]; \
          *out++ = tfl_clamp_float(EXPR, act_min, act_max);                 \
        }

int tfl_binary_float(TflFloatBinary op, float act_min, float act_max, const Shape4* shape1,
                     const float* input1, const Shape4* shape2, const float* input2,
                     const Shape4* output_shape, float* output) {
  int32_t s1[4], s2[4];
  if (tfl_broadcast_strides(shape1, output_shape, s1) ||
      tfl_broadcast_strides(shape2, output_shape, s2)) {
    return -1;
  }
  float* out = output;
  switch (op) {
    case TFL_FLOAT_ADD:
      BINARY_LOOP(a + b)
      break;
    case TFL_FLOAT_SUB:
      BINARY_LOOP(a - b)
      break;
    case TFL_FLOAT_MUL:
      BINARY_LOOP(a * b)
      break;
  }
  return 0;
}
