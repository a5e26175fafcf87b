/* vta_add_exact: TFLite's int8 ADD on the VTA, bit-exact.
 *   firmware_args = [threads (1|2), length, quantisation set (-1: all), seed, misalign (0|1)]
 * Prepares each set with tfl_add_prepare_int8(), runs vta_add_int8_exact() and compares its
 * output byte for byte with tfl_add_int8() on the CPU; misalign 1 offsets a, b and out by one
 * byte so they are staged. Also checks that vta_add_exact_supported() and vta_add_int8_exact()
 * refuse the same out-of-range parameters. Prints VTA and CPU cycles (regions "vta_add_exact"
 * and "cpu_tfl_add"); exits 1 on any difference. Defaults: [2, 1000, -1, 5, 0]. */
#include <stdio.h>

#include "accsim/csr.h"
#include "accsim_kernels/test_data.h"
#include "accsim_kernels/tfl_elementwise.h"
#include "accsim_kernels/vta_add_exact.h"
#include "accsim_vta/vta_ops.h"
#include "vta_app.h"

typedef struct {
  float s1;
  int32_t z1;
  float s2;
  int32_t z2;
  float so;
  int32_t zo;
  TflFusedActivation act;
} ExactQuant;

/* MobileNetV2-like residual adds, unequal scales, fused ReLU/ReLU6/ReLU-1..1 clamps, zero
 * points at the int8 bounds, scale ratios of 10^3..10^4 and an output scale that saturates. */
static const ExactQuant kQuant[] = {
    {0.0470f, -3, 0.0522f, 5, 0.0641f, -7, TFL_FUSED_NONE},
    {0.0200f, 12, 0.0900f, -20, 0.0750f, 4, TFL_FUSED_NONE},
    {0.0310f, -128, 0.0290f, -128, 0.0240f, -128, TFL_FUSED_RELU6},
    {0.0100f, 0, 0.0120f, 3, 0.1500f, 10, TFL_FUSED_RELU},
    {1.0f, 127, 1.0f, -128, 2.0f, 127, TFL_FUSED_NONE},
    {0.001f, -128, 1.0f, 127, 0.001f, -128, TFL_FUSED_NONE},
    {1.0f, 127, 0.0001f, 127, 10000.0f, 127, TFL_FUSED_RELU_N1_TO_1},
    {0.5f, -128, 0.5f, -128, 0.00001f, 0, TFL_FUSED_NONE},
};
#define NUM_QUANT ((int)(sizeof kQuant / sizeof kQuant[0]))

/* One set: returns 0 when the VTA's output equals the CPU's byte for byte. */
static int run_set(const vta_device_t* dev, vta_arena_t* arena, int qset, int threads,
                   uint32_t length, const int8_t* a, const int8_t* b, int8_t* got, int8_t* want) {
  const ExactQuant* q = &kQuant[qset];
  TflArithmeticParams p;
  if (tfl_add_prepare_int8(q->s1, q->z1, q->s2, q->z2, q->so, q->zo, q->act, &p) != 0) {
    printf("FAIL: set %d: tfl_add_prepare_int8 refused it\n", qset);
    return 1;
  }
  if (vta_add_exact_supported(dev, &p, threads) != VTA_OK) {
    printf("FAIL: set %d: refused: %s\n", qset, vta_add_exact_check(&p));
    return 1;
  }
  for (uint32_t i = 0; i < length; ++i) got[i] = (int8_t)(i * 37u + 11u); /* stale bytes */
  vta_op_stats_t st;
  accsim_region_begin("vta_add_exact");
  const uint32_t start = csr_read(mcycle);
  const int status = vta_add_int8_exact(dev, arena, &p, a, b, got, length, threads, &st);
  const uint32_t vta_cpu_cycles = csr_read(mcycle) - start;
  accsim_region_end("vta_add_exact");
  if (status != VTA_OK) {
    printf("FAIL: set %d: vta_add_int8_exact: %s\n", qset, vta_strerror(status));
    return 1;
  }
  const Shape4 shape = {{1, 1, 1, (int32_t)length}};
  accsim_region_begin("cpu_tfl_add");
  const uint32_t ref_start = csr_read(mcycle);
  tfl_add_int8(&p, &shape, a, &shape, b, &shape, want);
  const uint32_t ref_cycles = csr_read(mcycle) - ref_start;
  accsim_region_end("cpu_tfl_add");
  int32_t mismatches = 0, first = -1;
  for (uint32_t i = 0; i < length; ++i) {
    if (got[i] != want[i]) {
      if (first < 0) first = (int32_t)i;
      ++mismatches;
    }
  }
  printf(
      "vta_add_exact: set %d, %lu elements, %d thread(s): %lu chunks of %lu rows, %lu "
      "instructions, VTA cycles %lu, CPU cycles %lu (tfl_add_int8 on the CPU: %lu), checksum "
      "0x%08lx\n",
      qset, (unsigned long)length, threads, (unsigned long)st.tiles,
      (unsigned long)st.rows_per_tile, (unsigned long)st.instructions, (unsigned long)st.vta_cycles,
      (unsigned long)vta_cpu_cycles, (unsigned long)ref_cycles, (unsigned long)fnv1a(got, length));
  if (mismatches) {
    printf(
        "vta_add_exact: FAIL (set %d: %ld bytes differ from tfl_add_int8, first at %ld: %d, "
        "expected %d)\n",
        qset, (long)mismatches, (long)first, got[first], want[first]);
    return 1;
  }
  return 0;
}

/* Parameters outside the chain: both entry points refuse them, the hardware untouched. */
static int check_refusals(const vta_device_t* dev, vta_arena_t* arena, int threads) {
  TflArithmeticParams p;
  tfl_add_prepare_int8(0.05f, 1, 0.04f, -2, 0.06f, 3, TFL_FUSED_NONE, &p);
  TflArithmeticParams bad[3] = {p, p, p};
  bad[0].input1_shift = 1;
  bad[1].quantized_activation_max = 200;
  bad[2].left_shift = 24;
  int8_t x[16] = {0};
  for (int i = 0; i < 3; ++i) {
    if (vta_add_exact_supported(dev, &bad[i], threads) != VTA_ERR_ARGUMENT ||
        vta_add_int8_exact(dev, arena, &bad[i], x, x, x, 16, threads, 0) != VTA_ERR_ARGUMENT) {
      printf("vta_add_exact: FAIL (refusal %d accepted)\n", i);
      return 1;
    }
  }
  if (vta_add_exact_supported(dev, &p, 3) != VTA_ERR_ARGUMENT) {
    printf("vta_add_exact: FAIL (3 threads accepted)\n");
    return 1;
  }
  return 0;
}

int main(void) {
  const int threads = accsim_arg(0, 2);
  const int32_t length = accsim_arg(1, 1000);
  const int qset = accsim_arg(2, -1);
  const uint32_t seed = (uint32_t)accsim_arg(3, 5);
  const int misalign = accsim_arg(4, 0);
  if (threads < 1 || threads > 2 || length < 1 || qset < -1 || qset >= NUM_QUANT || misalign < 0 ||
      misalign > 1) {
    printf(
        "FAIL: bad arguments (threads %d, length %ld, quantisation set %d of %d, misalign %d); "
        "usage: firmware_args=[threads 1|2, length, set or -1, seed, misalign 0|1]\n",
        threads, (long)length, qset, NUM_QUANT, misalign);
    return 1;
  }
  vta_device_t dev;
  vta_arena_t arena;
  vta_app_open(&dev, &arena);

  int8_t* a = (int8_t*)vta_arena_alloc(&arena, (size_t)length + 1, 16) + misalign;
  int8_t* b = (int8_t*)vta_arena_alloc(&arena, (size_t)length + 1, 16) + misalign;
  int8_t* got = (int8_t*)vta_arena_alloc(&arena, (size_t)length + 1, 16) + misalign;
  int8_t* want = vta_arena_alloc(&arena, (size_t)length, 4);
  Rng rng;
  rng_seed(&rng, seed);
  fill_int8(&rng, a, (size_t)length);
  fill_int8(&rng, b, (size_t)length);
  /* The corners of the input range in the first elements. */
  static const int8_t kCorners[] = {-128, 127, -128, 127, 0, -1, 1, -128};
  for (int32_t i = 0; i < 8 && i < length; ++i) {
    a[i] = kCorners[i];
    b[i] = kCorners[(i + 1) % 8];
  }

  int failed = check_refusals(&dev, &arena, threads);
  const int lo = qset < 0 ? 0 : qset, hi = qset < 0 ? NUM_QUANT - 1 : qset;
  int sets = 0;
  for (int s = lo; s <= hi; ++s, ++sets) {
    failed |= run_set(&dev, &arena, s, threads, (uint32_t)length, a, b, got, want);
  }
  if (failed) return 1;
  printf("vta_add_exact: PASS (%d set(s), bit-exact to tfl_add_int8)\n", sets);
  return 0;
}
