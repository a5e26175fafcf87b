/* Stage 5 of the 1x1 convolution (seed 001, "Calculate Output Channel by Word"): MACC4_RUN_4
 * accumulates and post-processes four channels and returns them packed in one word, so the CPU
 * issues a quarter of the instructions and stores words instead of bytes. */
#include "accsim_kernels/conv1x1.h"
#include "accsim_kernels/perf_hooks.h"
#include "conv1x1_cfu_steps.h"

static void pixel_loop(const Conv1x1Params* p, int base, int n) {
  const int pixels = p->height * p->width;
  const int depth_words = p->in_c / 4;
  const int words = n / 4;
  /* Locals, not p->...: the perf hooks' memory clobbers would reload fields each pixel. */
  const int stride_words = p->out_c / 4;
  const uint32_t* input_words = (const uint32_t*)p->input;
  uint32_t* output = (uint32_t*)p->output + base / 4;
  for (int pixel = 0; pixel < pixels; ++pixel) {
    PERF_ON(PERF_INPUT_LOAD_LOOP);
    conv1x1_cfu_load_input(input_words, depth_words);
    PERF_OFF(PERF_INPUT_LOAD_LOOP);
    PERF_ON(PERF_OUT_CHANNEL_LOOP);
    for (int w = 0; w < words; ++w) output[w] = cfu_mnv2_macc4_run_4();
    PERF_OFF(PERF_OUT_CHANNEL_LOOP);
    cfu_mnv2_mark_input_read_finished();
    input_words += depth_words;
    output += stride_words;
  }
}

int conv1x1_stage5(const Conv1x1Params* p) { return conv1x1_cfu_run(p, 1, pixel_loop); }
