/* Batch sizing and the stage dispatcher of the 1x1 convolution kernels. */
#include "accsim_kernels/conv1x1.h"

int conv1x1_batch_size(int in_c, int out_c, uint32_t filter_words, uint32_t param_entries) {
  if (in_c <= 0 || out_c <= 0) return 0;
  /* Every channel of a batch keeps its in_c / 4 filter words in the store at once. */
  uint32_t batch = (uint32_t)out_c;
  if (param_entries < batch) batch = param_entries;
  /* 32-bit division: RV32IM has no 64-bit divide and this runs once per layer call. */
  const uint32_t by_filter =
      (filter_words > UINT32_MAX / 4 ? UINT32_MAX : 4 * filter_words) / (uint32_t)in_c;
  if (by_filter < batch) batch = by_filter;
  /* MACC4_RUN_4 and MACC_RUN produce four channels per word. */
  return (int)(batch & ~3u);
}

int conv1x1_cfu_supported(const Conv1x1Params* p, uint32_t filter_words, uint32_t param_entries,
                          uint32_t input_words) {
  return p->in_c > 0 && p->in_c % 8 == 0 && (uint32_t)(p->in_c / 4) <= input_words &&
         p->out_c > 0 && p->out_c % 4 == 0 && p->height > 0 && p->width > 0 &&
         conv1x1_batch_size(p->in_c, p->out_c, filter_words, param_entries) > 0 &&
         ((uintptr_t)p->input | (uintptr_t)p->filter | (uintptr_t)p->output) % 4 == 0;
}

int conv1x1_run(int stage, const Conv1x1Params* p) {
  switch (stage) {
    case 1:
      return conv1x1_stage1(p);
    case 2:
      return conv1x1_stage2(p);
    case 3:
      return conv1x1_stage3(p);
    case 4:
      return conv1x1_stage4(p);
    case 5:
      return conv1x1_stage5(p);
    case 6:
      return conv1x1_stage6(p);
    default:
      return -1;
  }
}
