/* Stage 3 of the 1x1 convolution (seed 001, "Replacing Post Processing"): the CPU still
 * multiplies and accumulates as stage 2 does, but bias, requantisation, output offset and clamp
 * run in the CFU's POST_PROCESS, which reads the per-channel parameters loaded per batch. */
#include "accsim_kernels/conv1x1.h"
#include "accsim_kernels/perf_hooks.h"
#include "conv1x1_cfu_steps.h"

static void pixel_loop(const Conv1x1Params* p, int base, int n) {
  const int pixels = p->height * p->width;
  /* Locals, not p->...: the perf hooks' memory clobbers would reload fields each pixel. */
  const int out_c = p->out_c;
  const int in_c = p->in_c;
  const int32_t input_offset = p->input_offset;
  const int8_t* input_pixel = p->input;
  int8_t* output = p->output + base;
  for (int pixel = 0; pixel < pixels; ++pixel) {
    PERF_ON(PERF_OUT_CHANNEL_LOOP);
    const int8_t* filter_row = p->filter + base * in_c;
    for (int oc = 0; oc < n; ++oc) {
      int32_t acc = 0;
      for (int ic = 0; ic < in_c; ++ic) acc += filter_row[ic] * (input_pixel[ic] + input_offset);
      filter_row += in_c;
      output[oc] = (int8_t)cfu_mnv2_post_process(acc);
    }
    PERF_OFF(PERF_OUT_CHANNEL_LOOP);
    input_pixel += in_c;
    output += out_c;
  }
}

int conv1x1_stage3(const Conv1x1Params* p) { return conv1x1_cfu_run(p, 0, pixel_loop); }
