/* vta_gemm_test: GEMM micro-tests against a CPU reference, checking all 32 bits of every
 * accumulator: the STORE keeps the low 8 bits, so the test stores, shifts ACC right by 8 with
 * the ALU, stores again (four times) and reassembles the int32 words on the CPU. Each case
 * loads INP with a 2D LOAD (with zero padding in some), WGT, resets ACC with a reset GEMM, then
 * accumulates with one or two GEMMs whose loops walk rows (iter_out), output blocks (iter_in)
 * and input blocks (micro-ops). Exit 1 on any mismatch. */
#include <stdio.h>

#include "accsim/csr.h"
#include "accsim_kernels/test_data.h"
#include "accsim_vta/vta_program.h"
#include "accsim_vta/vta_uop.h"
#include "vta_app.h"

typedef struct {
  const char* name;
  uint32_t rows, kblocks, nblocks; /* unpadded input rows x input blocks; output blocks */
  uint32_t y_pad_0, y_pad_1, x_pad_0, x_pad_1;
  int split_k; /* two accumulating GEMMs over the two halves of the input blocks */
} GemmCase;

static const GemmCase kCases[] = {
    {"1x1x1", 1, 1, 1, 0, 0, 0, 0, 0},
    {"4x1x4 (tsim's test_gemm)", 4, 1, 4, 0, 0, 0, 0, 0},
    {"7x3x5", 7, 3, 5, 0, 0, 0, 0, 0},
    {"16x4x3 split K", 16, 4, 3, 0, 0, 0, 0, 1},
    {"5x2x2 padded load", 5, 2, 2, 1, 2, 1, 1, 0},
    {"3x6x7 padded split K", 3, 6, 7, 2, 0, 0, 2, 1},
};
#define NUM_CASES ((int)(sizeof kCases / sizeof kCases[0]))

static int run_case(const vta_device_t* dev, vta_arena_t* arena, const GemmCase* gc, Rng* rng) {
  const uint32_t B = dev->block;
  const uint32_t kp = gc->x_pad_0 + gc->kblocks + gc->x_pad_1; /* blocks per padded row */
  const uint32_t m = gc->y_pad_0 + gc->rows + gc->y_pad_1;     /* padded rows */
  const uint32_t n = gc->nblocks;
  const size_t mark = vta_arena_mark(arena);
  int8_t* inp = vta_arena_alloc(arena, gc->rows * gc->kblocks * B, dev->inp_bytes);
  int8_t* wgt = vta_arena_alloc(arena, n * kp * B * B, dev->wgt_bytes);
  int8_t* bytes[4];
  for (int i = 0; i < 4; ++i) bytes[i] = vta_arena_alloc(arena, m * n * B, dev->out_bytes);
  int32_t* want = vta_arena_alloc(arena, m * n * B * 4, 4);
  vta_insn_t* insns = vta_arena_alloc(arena, 64 * sizeof(vta_insn_t), 16);
  uint32_t* uops = vta_arena_alloc(arena, 4 * kp + 8, 4);
  if (!uops) return 0;
  fill_int8(rng, inp, gc->rows * gc->kblocks * B);
  fill_int8(rng, wgt, n * kp * B * B);

  /* CPU reference on the padded input (padding reads as 0). */
  for (uint32_t r = 0; r < m; ++r) {
    for (uint32_t o = 0; o < n * B; ++o) {
      int32_t acc = 0;
      for (uint32_t kb = 0; kb < kp; ++kb) {
        const int inside = r >= gc->y_pad_0 && r < gc->y_pad_0 + gc->rows && kb >= gc->x_pad_0 &&
                           kb < gc->x_pad_0 + gc->kblocks;
        if (!inside) continue;
        const int8_t* x = inp + ((r - gc->y_pad_0) * gc->kblocks + kb - gc->x_pad_0) * B;
        const int8_t* w = wgt + ((o / B) * kp + kb) * B * B + (o % B) * B;
        for (uint32_t k = 0; k < B; ++k) acc += x[k] * w[k];
      }
      want[r * n * B + o] = acc;
    }
  }

  vta_prog_t p;
  vta_prog_init(&p, dev, insns, 64);
  vta_uop_cache_t cache;
  vta_uop_cache_init(&cache, uops, kp + 2);
  int error = VTA_OK;
  vta_load_2d(&p, VTA_MEM_INP, 0, vta_dram_index(dev, VTA_MEM_INP, inp, &error), gc->rows,
              gc->kblocks, gc->kblocks, gc->y_pad_0, gc->y_pad_1, gc->x_pad_0, gc->x_pad_1);
  vta_load_1d(&p, VTA_MEM_WGT, 0, vta_dram_index(dev, VTA_MEM_WGT, wgt, &error), n * kp);
  vta_dep_push(&p, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);
  vta_dep_pop(&p, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);
  /* Kernel 0: one micro-op per input block; kernel 1: the reset/ALU micro-op. */
  const uint32_t k0[4] = {1, 0, 0, 0}, k1[4] = {2, 0, 0, 0};
  const int kk = vta_uop_begin(&cache, &p, k0);
  for (uint32_t kb = 0; kb < kp; ++kb) vta_uop_push(&cache, &p, 0, kb, kb);
  vta_uop_end(&cache);
  const int kr = vta_uop_begin(&cache, &p, k1);
  vta_uop_push(&cache, &p, 0, 0, 0);
  vta_uop_end(&cache);
  vta_loop_t reset = {0, 0, m, n, n, 1, 0, 0, 0, 0};
  vta_uop_use(&cache, &p, kr, &reset);
  vta_gemm(&p, &reset, 1);
  vta_loop_t gemm = {0, 0, m, n, n, 1, kp, 0, 0, kp};
  vta_uop_use(&cache, &p, kk, &gemm);
  if (gc->split_k) {
    const uint32_t mid = gemm.uop_bgn + kp / 2, end = gemm.uop_end;
    gemm.uop_end = mid;
    vta_gemm(&p, &gemm, 0);
    gemm.uop_bgn = mid;
    gemm.uop_end = end;
  }
  vta_gemm(&p, &gemm, 0);
  /* Store the four bytes of every accumulator, shifting by 8 between stores. */
  vta_loop_t all = {0, 0, m * n, 1, 1, 0, 1, 0, 0, 0};
  all.uop_bgn = reset.uop_bgn;
  all.uop_end = reset.uop_end;
  for (int i = 0; i < 4; ++i) {
    if (i > 0) {
      vta_dep_pop(&p, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
      vta_alu(&p, &all, VTA_ALU_SHR, 1, 8);
    }
    vta_dep_push(&p, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);
    vta_dep_pop(&p, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);
    vta_store_2d(&p, 0, vta_dram_index(dev, VTA_MEM_OUT, bytes[i], &error), 1, m * n, m * n);
    vta_dep_push(&p, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
  }
  if (error == VTA_OK) error = vta_prog_finish(&p);
  if (error != VTA_OK) {
    printf("gemm_test %-26s: FAIL (%s)\n", gc->name, vta_strerror(error));
    vta_arena_release(arena, mark);
    return 0;
  }
  const uint32_t cycles = vta_prog_run(&p);
  uint32_t bad = 0, first = 0;
  for (uint32_t i = 0; i < m * n * B; ++i) {
    const uint32_t got = (uint32_t)(uint8_t)bytes[0][i] | (uint32_t)(uint8_t)bytes[1][i] << 8 |
                         (uint32_t)(uint8_t)bytes[2][i] << 16 |
                         (uint32_t)(uint8_t)bytes[3][i] << 24;
    if (got != (uint32_t)want[i]) {
      if (bad++ == 0) first = i;
    }
  }
  if (bad) {
    const uint32_t got =
        (uint32_t)(uint8_t)bytes[0][first] | (uint32_t)(uint8_t)bytes[1][first] << 8 |
        (uint32_t)(uint8_t)bytes[2][first] << 16 | (uint32_t)(uint8_t)bytes[3][first] << 24;
    printf(
        "gemm_test %-26s: FAIL (%lu of %lu accumulators differ; first row %lu lane %lu: %ld, "
        "expected %ld)\n",
        gc->name, (unsigned long)bad, (unsigned long)(m * n * B), (unsigned long)(first / (n * B)),
        (unsigned long)(first % (n * B)), (long)(int32_t)got, (long)want[first]);
  } else {
    printf("gemm_test %-26s: PASS (%lu accumulators, checksum 0x%08lx, %lu VTA cycles)\n", gc->name,
           (unsigned long)(m * n * B), (unsigned long)fnv1a(want, m * n * B * 4),
           (unsigned long)cycles);
  }
  vta_arena_release(arena, mark);
  return bad == 0;
}

int main(void) {
  vta_device_t dev;
  vta_arena_t arena;
  vta_app_open(&dev, &arena);
  Rng rng;
  rng_seed(&rng, (uint32_t)accsim_arg(0, 2024));
  int failures = 0;
  accsim_region_begin("vta_gemm_test");
  const uint32_t start = csr_read(mcycle);
  for (int c = 0; c < NUM_CASES; ++c) failures += !run_case(&dev, &arena, &kCases[c], &rng);
  const uint32_t cpu_cycles = csr_read(mcycle) - start;
  accsim_region_end("vta_gemm_test");
  printf("gemm_test: %s (%d cases, %d failed, %lu CPU cycles)\n", failures ? "FAIL" : "PASS",
         NUM_CASES, failures, (unsigned long)cpu_cycles);
  return failures ? 1 : 0;
}
