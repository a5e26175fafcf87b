/* The int8 per-channel 1x1 convolution (stride 1, no padding; NHWC input, filter
 * [out_c][in_c]) in the six implementations of seed 001's staged mnv2_first accelerator, all
 * bit-exact with TFLite (docs/reference/tflite-int8.md):
 *
 *   1  TFLM's reference ConvPerChannel (general loops, 4-D offsets per element)
 *   2  the same, specialised in C for 1x1
 *   3  MAC loop in C, post-processing in the CFU (POST_PROCESS)
 *   4  filters and inputs in CFU stores, one channel per MACC4_RUN_1 (raw) + POST_PROCESS
 *   5  four post-processed channels per MACC4_RUN_4
 *   6  streaming: MACC_RUN computes a whole batch per pixel into the output FIFO while the CPU
 *      loads the next pixel; GET_OUTPUT unloads
 *
 * Stages 3-6 split the output channels into batches sized from the CFU's stores (GET_CONFIG), so
 * one binary fits any configured CFU. They need in_c a multiple of 8 that fits the input store,
 * out_c a multiple of 4, and input, filter and output 4-byte aligned: they move data as 32-bit
 * words. */
#ifndef ACCSIM_KERNELS_CONV1X1_H
#define ACCSIM_KERNELS_CONV1X1_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CONV1X1_NUM_STAGES 6

typedef struct {
  int height, width;     /* of both input and output */
  int in_c, out_c;       /* channels */
  int32_t input_offset;  /* -input_zero_point, [-256, 255] for the CFU */
  int32_t output_offset; /* output zero point, [-128, 127] */
  int32_t act_min, act_max;
  const int32_t* output_multiplier; /* per output channel */
  const int32_t* output_shift;      /* per output channel, [-31, 31] */
  const int32_t* bias;              /* per output channel */
  const int8_t* filter;             /* [out_c][in_c] */
  const int8_t* input;              /* [height][width][in_c] */
  int8_t* output;                   /* [height][width][out_c] */
} Conv1x1Params;

/* Output channels per batch for a CFU whose filter store holds `filter_words` 32-bit words and
 * whose parameter stores hold `param_entries` channels: min(out_c, param_entries,
 * 4 * filter_words / in_c) rounded down to a multiple of 4 (0: the layer does not fit). The
 * last batch of a layer takes the remaining channels. */
int conv1x1_batch_size(int in_c, int out_c, uint32_t filter_words, uint32_t param_entries);

/* Whether stages 3-6 can run this layer on a CFU with these store sizes. */
int conv1x1_cfu_supported(const Conv1x1Params* p, uint32_t filter_words, uint32_t param_entries,
                          uint32_t input_words);

/* The stages. Each returns 0, or -1 if a CFU stage cannot run the layer (see above); the
 * output is then untouched. */
int conv1x1_stage1(const Conv1x1Params* p);
int conv1x1_stage2(const Conv1x1Params* p);
int conv1x1_stage3(const Conv1x1Params* p);
int conv1x1_stage4(const Conv1x1Params* p);
int conv1x1_stage5(const Conv1x1Params* p);
int conv1x1_stage6(const Conv1x1Params* p);

/* The layer through conv_ref.c's generic reference convolution into `output` (p->output is not
 * used): an independent check of the staged kernels. */
void conv1x1_via_conv_ref(const Conv1x1Params* p, int8_t* output);

/* conv1x1_stageN(p) for N = stage (1..CONV1X1_NUM_STAGES); -1 for any other stage. */
int conv1x1_run(int stage, const Conv1x1Params* p);

#ifdef __cplusplus
}
#endif

#endif
