#include "mnv2_layers.h"

#include "accsim_kernels/test_data.h"

/* workloads.md's "conv 1x1" rows: number, region, input height x width x channels, output
 * channels (stride 1, unpadded). */
const Mnv2Layer mnv2_layers[MNV2_NUM_LAYERS] = {
    {2, "conv1x1_02", 80, 80, 16, 8},    {3, "conv1x1_03", 80, 80, 8, 48},
    {5, "conv1x1_05", 40, 40, 48, 8},    {6, "conv1x1_06", 40, 40, 8, 48},
    {8, "conv1x1_08", 40, 40, 48, 8},    {9, "conv1x1_09", 40, 40, 8, 48},
    {11, "conv1x1_11", 20, 20, 48, 16},  {12, "conv1x1_12", 20, 20, 16, 96},
    {14, "conv1x1_14", 20, 20, 96, 16},  {15, "conv1x1_15", 20, 20, 16, 96},
    {17, "conv1x1_17", 20, 20, 96, 16},  {18, "conv1x1_18", 20, 20, 16, 96},
    {20, "conv1x1_20", 10, 10, 96, 24},  {21, "conv1x1_21", 10, 10, 24, 144},
    {23, "conv1x1_23", 10, 10, 144, 24}, {24, "conv1x1_24", 10, 10, 24, 144},
    {26, "conv1x1_26", 10, 10, 144, 24}, {27, "conv1x1_27", 10, 10, 24, 144},
    {29, "conv1x1_29", 10, 10, 144, 24}, {30, "conv1x1_30", 10, 10, 24, 144},
    {32, "conv1x1_32", 10, 10, 144, 32}, {33, "conv1x1_33", 10, 10, 32, 192},
    {35, "conv1x1_35", 10, 10, 192, 32}, {36, "conv1x1_36", 10, 10, 32, 192},
    {38, "conv1x1_38", 10, 10, 192, 32}, {39, "conv1x1_39", 10, 10, 32, 192},
    {41, "conv1x1_41", 5, 5, 192, 56},   {42, "conv1x1_42", 5, 5, 56, 336},
    {44, "conv1x1_44", 5, 5, 336, 56},   {45, "conv1x1_45", 5, 5, 56, 336},
    {47, "conv1x1_47", 5, 5, 336, 56},   {48, "conv1x1_48", 5, 5, 56, 336},
    {50, "conv1x1_50", 5, 5, 336, 112},  {51, "conv1x1_51", 5, 5, 112, 1280},
};

/* Sized for the largest layer of each kind: input 80x80x16 (layer 2), output 80x80x48
 * (layer 3), filter 1280x112 (layer 51), 1280 channels (layer 51). Words, so the CFU kernels
 * can move them 4 int8 values at a time. */
#define MAX_INPUT_BYTES (80 * 80 * 16)
#define MAX_OUTPUT_BYTES (80 * 80 * 48)
#define MAX_FILTER_BYTES (1280 * 112)
#define MAX_CHANNELS 1280

static uint32_t input[MAX_INPUT_BYTES / 4];
static uint32_t filter[MAX_FILTER_BYTES / 4];
static uint32_t output[MAX_OUTPUT_BYTES / 4];
static int32_t bias[MAX_CHANNELS];
static int32_t multiplier[MAX_CHANNELS];
static int32_t shift[MAX_CHANNELS];

Conv1x1Params mnv2_prepare_layer(int index) {
  const Mnv2Layer* l = &mnv2_layers[index];
  Rng rng;
  rng_seed(&rng, MNV2_SEED_BASE + (uint32_t)l->number);
  fill_int8(&rng, (int8_t*)input, (size_t)(l->height * l->width * l->in_c));
  fill_int8(&rng, (int8_t*)filter, (size_t)(l->out_c * l->in_c));
  fill_channel_quantization(&rng, bias, multiplier, shift, l->out_c);
  /* Poison the output, so a kernel that skips some outputs cannot pass on the previous
   * layer's values. */
  const int output_words = l->height * l->width * l->out_c / 4;
  for (int i = 0; i < output_words; ++i) output[i] = 0xA5A5A5A5u;

  Conv1x1Params p = {0};
  p.height = l->height;
  p.width = l->width;
  p.in_c = l->in_c;
  p.out_c = l->out_c;
  /* The quantisation constants of the other workloads (compute, person_dw); ReLU6 is folded
   * into the quantisation, so the activation range is the full int8 range. */
  p.input_offset = 3;
  p.output_offset = -5;
  p.act_min = -128;
  p.act_max = 127;
  p.output_multiplier = multiplier;
  p.output_shift = shift;
  p.bias = bias;
  p.filter = (const int8_t*)filter;
  p.input = (const int8_t*)input;
  p.output = (int8_t*)output;
  return p;
}

uint32_t mnv2_output_checksum(const Conv1x1Params* p) {
  return fnv1a(p->output, (size_t)(p->height * p->width * p->out_c));
}
