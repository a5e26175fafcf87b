#include "compute_workload.h"

#include "accsim_kernels/conv.h"
#include "accsim_kernels/test_data.h"

static int8_t input[COMPUTE_IN_H * COMPUTE_IN_W * COMPUTE_IN_C];
static int8_t filter[COMPUTE_OUT_C * COMPUTE_K * COMPUTE_K * COMPUTE_IN_C];
static int32_t bias[COMPUTE_OUT_C];
static int32_t multiplier[COMPUTE_OUT_C];
static int32_t shift[COMPUTE_OUT_C];
static int8_t output[COMPUTE_IN_H * COMPUTE_IN_W * COMPUTE_OUT_C];

uint32_t compute_workload_run(void) {
  Rng rng;
  rng_seed(&rng, COMPUTE_SEED);
  fill_int8(&rng, input, sizeof input);
  fill_int8(&rng, filter, sizeof filter);
  fill_channel_quantization(&rng, bias, multiplier, shift, COMPUTE_OUT_C);
  ConvParams p = {0};
  p.in_h = COMPUTE_IN_H;
  p.in_w = COMPUTE_IN_W;
  p.in_c = COMPUTE_IN_C;
  p.out_c = COMPUTE_OUT_C;
  p.k_h = p.k_w = COMPUTE_K;
  p.stride_h = p.stride_w = 1;
  p.input_offset = 3;
  p.output_offset = -5;
  p.act_min = -128;
  p.act_max = 127;
  p.output_multiplier = multiplier;
  p.output_shift = shift;
  conv_set_geometry(&p, 1);
  conv2d_int8_reference(&p, input, filter, bias, output);
  return fnv1a(output, sizeof output);
}
