#include "person_dw_layers.h"

#include "accsim_kernels/depthwise.h"
#include "accsim_kernels/test_data.h"

const PersonDwLayer person_dw_layers[PERSON_DW_NUM_LAYERS] = {
    {1, "dw1", 48, 48, 8, 1},   {3, "dw3", 48, 48, 16, 2},  {5, "dw5", 24, 24, 32, 1},
    {7, "dw7", 24, 24, 32, 2},  {9, "dw9", 12, 12, 64, 1},  {11, "dw11", 12, 12, 64, 2},
    {13, "dw13", 6, 6, 128, 1}, {15, "dw15", 6, 6, 128, 1}, {17, "dw17", 6, 6, 128, 1},
    {19, "dw19", 6, 6, 128, 1}, {21, "dw21", 6, 6, 128, 1}, {23, "dw23", 6, 6, 128, 2},
    {25, "dw25", 3, 3, 256, 1},
};

/* Sized for the largest layer of each kind: input 48x48x16 (dw3), output 48x48x8 and
 * 24x24x32 (both 18432), 256 channels (dw25). */
#define MAX_INPUT (48 * 48 * 16)
#define MAX_OUTPUT (48 * 48 * 8)
#define MAX_CHANNELS 256
#define KERNEL 3

static int8_t input[MAX_INPUT];
static int8_t filter[KERNEL * KERNEL * MAX_CHANNELS];
static int32_t bias[MAX_CHANNELS];
static int32_t multiplier[MAX_CHANNELS];
static int32_t shift[MAX_CHANNELS];
static int8_t output[MAX_OUTPUT];
/* Seed 000's accumulator block: K int32, static so the kernel never allocates. */
static int32_t acc_buffer[DEPTHWISE_DEFAULT_K];

static DepthwiseParams params_for(const PersonDwLayer* l) {
  DepthwiseParams p = {0};
  p.in_h = l->h;
  p.in_w = l->w;
  p.in_c = l->c;
  p.depth_multiplier = 1;
  p.k_h = p.k_w = KERNEL;
  p.stride_h = p.stride_w = l->stride;
  /* Same quantization constants as the compute app's workload. */
  p.input_offset = 3;
  p.output_offset = -5;
  p.act_min = -128;
  p.act_max = 127;
  p.output_multiplier = multiplier;
  p.output_shift = shift;
  depthwise_set_geometry(&p, 1);
  return p;
}

void person_dw_prepare(int index) {
  const PersonDwLayer* l = &person_dw_layers[index];
  Rng rng;
  rng_seed(&rng, PERSON_DW_SEED_BASE + (uint32_t)l->number);
  fill_int8(&rng, input, (size_t)(l->h * l->w * l->c));
  fill_int8(&rng, filter, (size_t)(KERNEL * KERNEL * l->c));
  /* Generated as compute_workload.c does. */
  fill_channel_quantization(&rng, bias, multiplier, shift, l->c);
}

void person_dw_compute(int index, PersonDwVariant variant) {
  const DepthwiseParams p = params_for(&person_dw_layers[index]);
  if (variant == PERSON_DW_OPTIMIZED) {
    depthwise_int8_optimized(&p, input, filter, bias, output, acc_buffer, DEPTHWISE_DEFAULT_K);
  } else {
    depthwise_int8_reference(&p, input, filter, bias, output);
  }
}

uint32_t person_dw_checksum(int index) {
  const DepthwiseParams p = params_for(&person_dw_layers[index]);
  return fnv1a(output, (size_t)(p.out_h * p.out_w * p.in_c));
}

uint32_t person_dw_run_layer(int index, PersonDwVariant variant) {
  person_dw_prepare(index);
  person_dw_compute(index, variant);
  return person_dw_checksum(index);
}

uint32_t person_dw_total(const uint32_t checksums[PERSON_DW_NUM_LAYERS]) {
  uint8_t bytes[4 * PERSON_DW_NUM_LAYERS];
  for (int i = 0; i < PERSON_DW_NUM_LAYERS; ++i) {
    for (int b = 0; b < 4; ++b) bytes[4 * i + b] = (uint8_t)(checksums[i] >> (8 * b));
  }
  return fnv1a(bytes, sizeof bytes);
}
