/* Stage 4 of the 1x1 convolution (seed 001, "Moving Filter Values and Input Values to the CFU"
 * and the first MACC instruction): a batch's filters live in the CFU's filter store and each
 * input pixel in its input store; MACC4_RUN_1 returns one channel's raw accumulator (4 MACs per
 * cycle), which the CPU hands straight back to POST_PROCESS. */
#include "accsim_kernels/conv1x1.h"
#include "accsim_kernels/perf_hooks.h"
#include "conv1x1_cfu_steps.h"

static void pixel_loop(const Conv1x1Params* p, int base, int n) {
  const int pixels = p->height * p->width;
  /* Locals, not p->...: the perf hooks' memory clobbers would reload fields each pixel. */
  const int out_c = p->out_c;
  const int depth_words = p->in_c / 4;
  const uint32_t* input_words = (const uint32_t*)p->input;
  int8_t* output = p->output + base;
  for (int pixel = 0; pixel < pixels; ++pixel) {
    PERF_ON(PERF_INPUT_LOAD_LOOP);
    conv1x1_cfu_load_input(input_words, depth_words);
    PERF_OFF(PERF_INPUT_LOAD_LOOP);
    PERF_ON(PERF_OUT_CHANNEL_LOOP);
    for (int oc = 0; oc < n; ++oc) {
      output[oc] = (int8_t)cfu_mnv2_post_process(cfu_mnv2_macc4_run_1_raw());
    }
    PERF_OFF(PERF_OUT_CHANNEL_LOOP);
    cfu_mnv2_mark_input_read_finished();
    input_words += depth_words;
    output += out_c;
  }
}

int conv1x1_stage4(const Conv1x1Params* p) { return conv1x1_cfu_run(p, 1, pixel_loop); }
