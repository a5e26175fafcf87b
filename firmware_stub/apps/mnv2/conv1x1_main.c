/* mnv2_conv1x1: MobileNetV2 0.35's 34 1x1 convolutions with one of seed 001's six kernel stages.
 *   firmware_args = [stage (default 6), first layer index (0), layer count (34)]
 * Each layer runs in a region named after it (data generation stays outside) under perf
 * counter 0; the app prints per-layer checksums and cycles, the totals, the perf-counter table
 * and the check of every checksum against the reference kernel's (mnv2_golden.c). */
#include <stdio.h>

#include "accsim/csr.h"
#include "accsim/perf.h"
#include "accsim/sim_control.h"
#include "accsim_kernels/perf_hooks.h"
#include "mnv2_layers.h"

/* "a.bcd" for numerator / denominator, without floating point. */
static void print_ratio(uint64_t numerator, uint64_t denominator) {
  const uint64_t milli = denominator ? (numerator * 1000 + denominator / 2) / denominator : 0;
  printf("%lu.%03lu", (unsigned long)(milli / 1000), (unsigned long)(milli % 1000));
}

/* The table must still add up to seed 001's figures: a typo in a shape would show here. */
static int check_model_totals(void) {
  uint32_t macs = 0, outputs = 0;
  for (int i = 0; i < MNV2_NUM_LAYERS; ++i) {
    macs += mnv2_layer_macs(&mnv2_layers[i]);
    outputs += mnv2_layer_outputs(&mnv2_layers[i]);
  }
  printf("model: %d 1x1 layers, %lu MACs, %lu outputs\n", MNV2_NUM_LAYERS, (unsigned long)macs,
         (unsigned long)outputs);
  if (macs != MNV2_TOTAL_MACS || outputs != MNV2_TOTAL_OUTPUTS) {
    printf("FAIL: seed 001 has %lu MACs, %lu outputs\n", (unsigned long)MNV2_TOTAL_MACS,
           (unsigned long)MNV2_TOTAL_OUTPUTS);
    return 0;
  }
  return 1;
}

int main(void) {
  const int stage = (int)accsim_arg(0, 6);
  const int first = (int)accsim_arg(1, 0);
  const int count = (int)accsim_arg(2, MNV2_NUM_LAYERS);
  if (stage < 1 || stage > CONV1X1_NUM_STAGES || first < 0 || count < 1 ||
      first + count > MNV2_NUM_LAYERS) {
    printf("usage: firmware_args = [stage 1..%d, first layer index 0..%d, layer count]\n",
           CONV1X1_NUM_STAGES, MNV2_NUM_LAYERS - 1);
    return 1;
  }
  if (!check_model_totals()) return 1;
  printf("mnv2_conv1x1: stage %d, layers %d..%d\n", stage, mnv2_layers[first].number,
         mnv2_layers[first + count - 1].number);

  perf_reset_all_counters();
  uint32_t checksums[MNV2_NUM_LAYERS];
  uint64_t total_cycles = 0, total_macs = 0, total_outputs = 0;
  for (int i = first; i < first + count; ++i) {
    const Mnv2Layer* l = &mnv2_layers[i];
    const Conv1x1Params p = mnv2_prepare_layer(i);
    accsim_region_begin(l->region);
    const uint32_t start = csr_read(mcycle);
    perf_enable_counter(PERF_ALL_CONVS);
    const int status = conv1x1_run(stage, &p);
    perf_disable_counter(PERF_ALL_CONVS);
    const uint32_t cycles = csr_read(mcycle) - start;
    accsim_region_end(l->region);
    if (status != 0) {
      printf("FAIL: stage %d cannot run layer %02d on this CFU\n", stage, l->number);
      return 1;
    }
    checksums[i] = mnv2_output_checksum(&p);
    total_cycles += cycles;
    total_macs += mnv2_layer_macs(l);
    total_outputs += mnv2_layer_outputs(l);
    printf("layer %02d %dx%dx%d -> %d: checksum 0x%08lx, %lu cycles\n", l->number, l->height,
           l->width, l->in_c, l->out_c, (unsigned long)checksums[i], (unsigned long)cycles);
  }

  printf("stage %d: %d layers, %llu kernel cycles, %llu MACs, %llu outputs, ", stage, count,
         (unsigned long long)total_cycles, (unsigned long long)total_macs,
         (unsigned long long)total_outputs);
  print_ratio(total_cycles, total_macs);
  printf(" cycles/MAC, ");
  print_ratio(total_cycles, total_outputs);
  printf(" cycles/output\n");
  perf_print_all_counters();

  int mismatches = 0;
  for (int i = first; i < first + count; ++i) {
    if (checksums[i] != mnv2_golden_checksums[i]) {
      printf("golden: FAIL layer %02d: checksum 0x%08lx, expected 0x%08lx\n", mnv2_layers[i].number,
             (unsigned long)checksums[i], (unsigned long)mnv2_golden_checksums[i]);
      ++mismatches;
    }
  }
  if (mismatches) return 1;
  printf("golden: PASS (%d layers)\n", count);
  return 0;
}
