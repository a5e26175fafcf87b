/* vta_add: int8 ADD on the VTA.
 *   firmware_args = [threads (1|2), length, quantisation set (0..3), seed, mode (0|1)]
 * mode 0: seed 004's scheme (the CPU rescales the inputs to int32, the compute module loads
 * them into ACC); mode 1: the rescale on the VTA (int8 inputs loaded as INP by the load module,
 * moved into ACC by an identity GEMM, rescaled on the ALU). Both are bit-exact to the same host
 * model. Defaults: [2, 1000, 0, 4, 0].
 * Checks the VTA's output bit for bit against the host model of the scheme (vta_add_model(),
 * run here on the CPU) and within +-1 of TFLite's reference ADD; prints checksums, the VTA's
 * CYCLES register and CPU cycles; exits 1 on a mismatch. */
#include <stdio.h>

#include "accsim/csr.h"
#include "accsim_kernels/test_data.h"
#include "accsim_vta/vta_ops.h"
#include "vta_app.h"

/* Quantisation sets: similar scales (MobileNetV2's residual adds), unequal input scales, a
 * fused ReLU6-like clamp, and a large output scale. */
static const AddQuant kQuant[] = {
    {0.0470, 0.0522, 0.0641, -3, 5, -7, -128, 127},
    {0.0200, 0.0900, 0.0750, 12, -20, 4, -128, 127},
    {0.0310, 0.0290, 0.0240, -128, -128, -128, -128, 95},
    {0.0100, 0.0120, 0.1500, 0, 3, 10, -128, 127},
};
#define NUM_QUANT ((int)(sizeof kQuant / sizeof kQuant[0]))

int main(void) {
  const int threads = accsim_arg(0, 2);
  const int32_t length = accsim_arg(1, 1000);
  const int qset = accsim_arg(2, 0);
  const uint32_t seed = (uint32_t)accsim_arg(3, 4);
  const int mode = accsim_arg(4, 0);
  if (threads < 1 || threads > 2 || length < 1 || qset < 0 || qset >= NUM_QUANT || mode < 0 ||
      mode > 1) {
    printf(
        "FAIL: bad arguments (threads %d, length %ld, quantisation set %d of %d, mode %d); usage: "
        "firmware_args=[threads 1|2, length, quantisation set, seed, mode 0|1]\n",
        threads, (long)length, qset, NUM_QUANT, mode);
    return 1;
  }
  vta_device_t dev;
  vta_arena_t arena;
  vta_app_open(&dev, &arena);

  /* 16-byte aligned: mode 1 loads and stores them in place. */
  int8_t* a = vta_arena_alloc(&arena, (size_t)length, 16);
  int8_t* b = vta_arena_alloc(&arena, (size_t)length, 16);
  int8_t* got = vta_arena_alloc(&arena, (size_t)length, 16);
  int8_t* model = vta_arena_alloc(&arena, (size_t)length, 4);
  int8_t* tflite = vta_arena_alloc(&arena, (size_t)length, 4);
  Rng rng;
  rng_seed(&rng, seed);
  fill_int8(&rng, a, (size_t)length);
  fill_int8(&rng, b, (size_t)length);

  VtaAddParams vp;
  TfliteAddParams tp;
  vta_add_params(&kQuant[qset], &vp, &tp);
  const char* why = vta_add_params_check(&vp);
  if (why) {
    printf("FAIL: quantisation set %d outside the VTA scheme: %s\n", qset, why);
    return 1;
  }
  printf(
      "vta_add: %ld elements, %d thread(s), mode %d (%s rescale), set %d: m_a %d>>%ld m_b %d>>%ld "
      "m_y %d, SHR %ld\n",
      (long)length, threads, mode, mode ? "VTA" : "CPU", qset, vp.mult_a, (long)-vp.shift_a,
      vp.mult_b, (long)-vp.shift_b, vp.mult_y, (long)(15 - vp.shift_y));

  vta_op_stats_t st;
  accsim_region_begin("vta_add");
  const uint32_t start = csr_read(mcycle);
  const int status =
      vta_add_int8(&dev, &arena, &vp, a, b, got, (uint32_t)length, threads, mode, &st);
  const uint32_t cpu_cycles = csr_read(mcycle) - start;
  accsim_region_end("vta_add");
  if (status != VTA_OK) {
    printf("FAIL: vta_add_int8: %s\n", vta_strerror(status));
    return 1;
  }

  accsim_region_begin("cpu_add_reference");
  const uint32_t ref_start = csr_read(mcycle);
  tflite_add_int8(&tp, a, b, tflite, length);
  const uint32_t ref_cycles = csr_read(mcycle) - ref_start;
  accsim_region_end("cpu_add_reference");
  vta_add_model(&vp, a, b, model, length);

  int32_t mismatches = 0, first = -1, off_by_one = 0, beyond = 0, worst = -1;
  for (int32_t i = 0; i < length; ++i) {
    if (got[i] != model[i]) {
      if (first < 0) first = i;
      ++mismatches;
    }
    const int d = got[i] - tflite[i];
    if (d == 1 || d == -1) ++off_by_one;
    if (d > 1 || d < -1) {
      ++beyond;
      if (worst < 0) worst = i;
    }
  }
  printf(
      "vta_add: %lu chunks, %lu instructions, VTA cycles %lu, CPU cycles %lu (TFLite on the "
      "CPU: %lu)\n",
      (unsigned long)st.tiles, (unsigned long)st.instructions, (unsigned long)st.vta_cycles,
      (unsigned long)cpu_cycles, (unsigned long)ref_cycles);
  printf(
      "vta_add: checksum 0x%08lx, model 0x%08lx, tflite 0x%08lx; %ld of %ld within 1 LSB of "
      "TFLite are off by one\n",
      (unsigned long)fnv1a(got, (size_t)length), (unsigned long)fnv1a(model, (size_t)length),
      (unsigned long)fnv1a(tflite, (size_t)length), (long)off_by_one, (long)length);
  if (mismatches) {
    printf("vta_add: FAIL (%ld outputs differ from the model, first at %ld: %d, expected %d)\n",
           (long)mismatches, (long)first, got[first], model[first]);
    return 1;
  }
  if (beyond) {
    printf("vta_add: FAIL (%ld outputs more than 1 LSB from TFLite, first at %ld: %d vs %d)\n",
           (long)beyond, (long)worst, got[worst], tflite[worst]);
    return 1;
  }
  printf("vta_add: PASS\n");
  return 0;
}
