#include "accsim_kernels/tfl_mean.h"

#include "accsim_kernels/tfl_quant.h"
#include "accsim_kernels/tflite_int8.h"

void tfl_mean_prepare_int8(float input_scale, int32_t input_zero_point, float output_scale,
                           int32_t output_zero_point, TflMeanParams* params) {
  tfl_quantize_multiplier((double)input_scale / (double)output_scale, &params->multiplier,
                          &params->shift);
  params->input_zero_point = input_zero_point;
  params->output_zero_point = output_zero_point;
  params->same_quantization = input_zero_point == output_zero_point && input_scale == output_scale;
}

int tfl_mean_resolve_axes(const int32_t* axes, int num_axes, int rank, int reduced[4]) {
  if (rank < 0 || rank > 4) return -1;
  for (int d = 0; d < 4; ++d) reduced[d] = 0;
  for (int i = 0; i < num_axes; ++i) {
    const int axis = axes[i] < 0 ? axes[i] + rank : axes[i];
    if (axis < 0 || axis >= rank) return -1;
    reduced[axis + 4 - rank] = 1;
  }
  return 0;
}

static int floor_log2_u64(uint64_t x) { /* 63 - CountLeadingZeros(x), x > 0 */
  int n = -1;
  while (x) {
    x >>= 1;
    ++n;
  }
  return n;
}

/* The int32 sum (wrapping, like AddTensorValuesWithExpectedOverflow) of the reduced block that
 * starts at `base` in the input. */
static int32_t block_sum(const Shape4* s, const int8_t* input, const int base[4],
                         const int extent[4]) {
  uint32_t sum = 0;
  for (int j0 = 0; j0 < extent[0]; ++j0)
    for (int j1 = 0; j1 < extent[1]; ++j1)
      for (int j2 = 0; j2 < extent[2]; ++j2)
        for (int j3 = 0; j3 < extent[3]; ++j3)
          sum += (uint32_t)(int32_t)
              input[shape4_offset(s, base[0] + j0, base[1] + j1, base[2] + j2, base[3] + j3)];
  return (int32_t)sum;
}

void tfl_mean_int8(const TflMeanParams* params, const Shape4* input_shape, const int8_t* input,
                   const int reduced[4], int8_t* output) {
  int outer[4], inner[4];
  int64_t count = 1;
  for (int d = 0; d < 4; ++d) {
    outer[d] = reduced[d] ? 1 : input_shape->dims[d];
    inner[d] = reduced[d] ? input_shape->dims[d] : 1;
    count *= inner[d];
  }
  const int num_outputs = outer[0] * outer[1] * outer[2] * outer[3];
  if (count == 0) { /* an empty reduction: TFLM leaves the zero-initialised outputs */
    for (int i = 0; i < num_outputs; ++i) output[i] = 0;
    return;
  }

  /* QuantizedMeanOrSum folds 1/count into the multiplier: shift by floor(log2(count)) (at
   * most 32, and keeping the final shift >= -31), then divide. */
  int fold = floor_log2_u64((uint64_t)count);
  if (fold > 32) fold = 32;
  if (fold > 31 + params->shift) fold = 31 + params->shift;
  const int32_t multiplier = (int32_t)(((int64_t)params->multiplier << fold) / count);
  const int shift = params->shift - fold;

  int o = 0, base[4];
  for (base[0] = 0; base[0] < outer[0]; ++base[0])
    for (base[1] = 0; base[1] < outer[1]; ++base[1])
      for (base[2] = 0; base[2] < outer[2]; ++base[2])
        for (base[3] = 0; base[3] < outer[3]; ++base[3]) {
          const int32_t sum = block_sum(input_shape, input, base, inner);
          if (params->same_quantization) {
            output[o++] = (int8_t)(sum / (int32_t)count);
            continue;
          }
          /* sum - zp * count in int64, narrowed to int32 modulo 2^32 as static_cast does. */
          const int32_t centred =
              (int32_t)(uint32_t)(uint64_t)((int64_t)sum -
                                            (int64_t)params->input_zero_point * count);
          int32_t v = add_wrapping(multiply_by_quantized_multiplier(centred, multiplier, shift),
                                   params->output_zero_point);
          if (v > 127) v = 127;
          if (v < -128) v = -128;
          output[o++] = (int8_t)v;
        }
}
