/* Stage 6 of the 1x1 convolution (seed 001, "Stream Outputs"): MACC_RUN starts the whole batch
 * for the oldest input pixel and returns at once; while the CFU computes, the CPU loads the next
 * pixel into the other half of the double-buffered input store, then unloads the batch's packed
 * outputs with GET_OUTPUT as they arrive. The CFU releases each pixel by itself. */
#include "accsim_kernels/conv1x1.h"
#include "accsim_kernels/perf_hooks.h"
#include "conv1x1_cfu_steps.h"

static void pixel_loop(const Conv1x1Params* p, int base, int n) {
  const int pixels = p->height * p->width;
  const int depth_words = p->in_c / 4;
  const int words = n / 4;
  /* Locals, not p->...: the perf hooks' memory clobbers would reload fields each pixel. */
  const int stride_words = p->out_c / 4;
  const uint32_t* next_input = (const uint32_t*)p->input;
  uint32_t* output = (uint32_t*)p->output + base / 4;

  PERF_ON(PERF_INPUT_LOAD_LOOP);
  conv1x1_cfu_load_input(next_input, depth_words);
  PERF_OFF(PERF_INPUT_LOAD_LOOP);
  next_input += depth_words;
  for (int pixel = 0; pixel < pixels; ++pixel) {
    cfu_mnv2_macc_run();
    if (pixel + 1 < pixels) {
      PERF_ON(PERF_INPUT_LOAD_LOOP);
      conv1x1_cfu_load_input(next_input, depth_words);
      PERF_OFF(PERF_INPUT_LOAD_LOOP);
      next_input += depth_words;
    }
    PERF_ON(PERF_OUT_CHANNEL_LOOP);
    for (int w = 0; w < words; ++w) output[w] = cfu_mnv2_get_output();
    PERF_OFF(PERF_OUT_CHANNEL_LOOP);
    output += stride_words;
  }
}

int conv1x1_stage6(const Conv1x1Params* p) { return conv1x1_cfu_run(p, 1, pixel_loop); }
