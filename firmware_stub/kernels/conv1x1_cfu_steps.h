/* The steps stages 3-6 of the 1x1 convolution share: interpreting the layer's parameters into
 * CFU settings, and loading output parameters, filters and input pixels into the CFU's stores.
 * Static inline so each stage's loops compile without calls, with the modest unrolling seed 001
 * applied ("simple programmatic optimisations"). Private to the kernels. */
#ifndef ACCSIM_KERNELS_CONV1X1_CFU_STEPS_H
#define ACCSIM_KERNELS_CONV1X1_CFU_STEPS_H

#include <stdint.h>

#include "accsim/mnv2_cfu.h"
#include "accsim_kernels/conv1x1.h"
#include "accsim_kernels/perf_hooks.h"

/* Sizes the batches from the CFU's stores and sets the per-layer scalars. Returns the batch
 * size, or 0 if the layer does not fit this CFU (nothing is set then). */
static inline int conv1x1_cfu_interpret_params(const Conv1x1Params* p) {
  const uint32_t filter_words = cfu_mnv2_get_config(MNV2_CONFIG_FILTER_WORDS);
  const uint32_t param_entries = cfu_mnv2_get_config(MNV2_CONFIG_PARAM_ENTRIES);
  const uint32_t input_words = cfu_mnv2_get_config(MNV2_CONFIG_INPUT_WORDS);
  if (!conv1x1_cfu_supported(p, filter_words, param_entries, input_words)) return 0;
  cfu_mnv2_set_input_depth_words((uint32_t)p->in_c / 4);
  cfu_mnv2_set_output_depth((uint32_t)p->out_c);
  cfu_mnv2_set_input_offset(p->input_offset);
  cfu_mnv2_set_output_offset(p->output_offset);
  cfu_mnv2_set_activation_min(p->act_min);
  cfu_mnv2_set_activation_max(p->act_max);
  return conv1x1_batch_size(p->in_c, p->out_c, filter_words, param_entries);
}

/* Restarts the parameter and filter stores for channels [base, base + n) and pushes their
 * multipliers, shifts and biases; n is a multiple of 4. */
static inline void conv1x1_cfu_load_output_params(const Conv1x1Params* p, int base, int n) {
  cfu_mnv2_set_output_batch_size((uint32_t)n);
  const int32_t* multiplier = p->output_multiplier + base;
  const int32_t* shift = p->output_shift + base;
  const int32_t* bias = p->bias + base;
  for (int i = 0; i < n; i += 4) {
    cfu_mnv2_store_output_multiplier(multiplier[i]);
    cfu_mnv2_store_output_multiplier(multiplier[i + 1]);
    cfu_mnv2_store_output_multiplier(multiplier[i + 2]);
    cfu_mnv2_store_output_multiplier(multiplier[i + 3]);
    cfu_mnv2_store_output_shift(shift[i]);
    cfu_mnv2_store_output_shift(shift[i + 1]);
    cfu_mnv2_store_output_shift(shift[i + 2]);
    cfu_mnv2_store_output_shift(shift[i + 3]);
    cfu_mnv2_store_output_bias(bias[i]);
    cfu_mnv2_store_output_bias(bias[i + 1]);
    cfu_mnv2_store_output_bias(bias[i + 2]);
    cfu_mnv2_store_output_bias(bias[i + 3]);
  }
}

/* Pushes the filter rows of channels [base, base + n): n * in_c / 4 words, a multiple of 8
 * since in_c is a multiple of 8 and n of 4. */
static inline void conv1x1_cfu_load_filters(const Conv1x1Params* p, int base, int n) {
  const int depth_words = p->in_c / 4;
  const uint32_t* word = (const uint32_t*)p->filter + base * depth_words;
  const uint32_t* end = word + n * depth_words;
  for (; word != end; word += 8) {
    cfu_mnv2_store_filter_value(word[0]);
    cfu_mnv2_store_filter_value(word[1]);
    cfu_mnv2_store_filter_value(word[2]);
    cfu_mnv2_store_filter_value(word[3]);
    cfu_mnv2_store_filter_value(word[4]);
    cfu_mnv2_store_filter_value(word[5]);
    cfu_mnv2_store_filter_value(word[6]);
    cfu_mnv2_store_filter_value(word[7]);
  }
}

/* Pushes one input pixel: depth_words words, an even number since in_c is a multiple of 8. */
static inline void conv1x1_cfu_load_input(const uint32_t* word, int depth_words) {
  const uint32_t* end = word + depth_words;
  for (; word != end; word += 2) {
    cfu_mnv2_store_input_value(word[0]);
    cfu_mnv2_store_input_value(word[1]);
  }
}

/* A stage's pixel loop: every pixel of the layer for output channels [base, base + n), whose
 * parameters (and filters, for stages 4-6) are in the CFU. It brackets each pixel's input load
 * and output-channel loop with counters 6 and 7; conv1x1_cfu_run counts their starts. */
typedef void (*Conv1x1PixelLoop)(const Conv1x1Params* p, int base, int n);

/* The frame of stages 3-6 with seed 001's counters: interpret the parameters, then per batch
 * load output parameters (and the filters if `filters_in_cfu`) and run `pixel_loop`. Always
 * inlined, so each stage's pixel loop is a direct call, usually inlined too. */
static inline __attribute__((always_inline)) int conv1x1_cfu_run(const Conv1x1Params* p,
                                                                 int filters_in_cfu,
                                                                 Conv1x1PixelLoop pixel_loop) {
  PERF_ON(PERF_ACCELERATED_CONVS);
  PERF_ON(PERF_INTERPRETING_PARAMS);
  const int batch = conv1x1_cfu_interpret_params(p);
  PERF_OFF(PERF_INTERPRETING_PARAMS);
  if (batch == 0) {
    PERF_OFF(PERF_ACCELERATED_CONVS);
    return -1;
  }
  int batches = 0;
  for (int base = 0; base < p->out_c; base += batch, ++batches) {
    const int n = p->out_c - base < batch ? p->out_c - base : batch;
    PERF_ON(PERF_LOADING_OUTPUT_PARAMS);
    conv1x1_cfu_load_output_params(p, base, n);
    PERF_OFF(PERF_LOADING_OUTPUT_PARAMS);
    if (filters_in_cfu) {
      PERF_ON(PERF_LOADING_FILTERS);
      conv1x1_cfu_load_filters(p, base, n);
      PERF_OFF(PERF_LOADING_FILTERS);
    }
    PERF_ON(PERF_PIXEL_LOOP);
    pixel_loop(p, base, n);
    PERF_OFF(PERF_PIXEL_LOOP);
  }
  /* Starts in bulk: the hooks themselves only flip the enable CSR. */
  const int pixel_loops = batches * p->height * p->width;
  PERF_ADD_STARTS(PERF_ACCELERATED_CONVS, 1);
  PERF_ADD_STARTS(PERF_INTERPRETING_PARAMS, 1);
  PERF_ADD_STARTS(PERF_LOADING_OUTPUT_PARAMS, batches);
  PERF_ADD_STARTS(PERF_PIXEL_LOOP, batches);
  PERF_ADD_STARTS(PERF_OUT_CHANNEL_LOOP, pixel_loops);
  if (filters_in_cfu) {
    PERF_ADD_STARTS(PERF_LOADING_FILTERS, batches);
    PERF_ADD_STARTS(PERF_INPUT_LOAD_LOOP, pixel_loops);
  }
  PERF_OFF(PERF_ACCELERATED_CONVS);
  return 0;
}

#endif
