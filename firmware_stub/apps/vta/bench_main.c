/* vta_bench: tsim-style micro-benchmarks (the shapes of upstream VTA's test_vta_insn.py), each
 * checked against the CPU and printing the VTA's CYCLES register beside the cycle count tsim
 * published in 2019 (docs/reference/vta-isa.md section 7):
 *   load_store  6x6 ACC blocks: LOAD ACC, ALU SHR 0, STORE                      (tsim 619)
 *   gemm        4 rows x 1 input block x 4 output blocks: LOAD INP/WGT, reset,
 *               GEMM, SHR 8, MAX 0, MIN 127, STORE                              (tsim 648)
 *   alu_imm     8x8 ACC blocks: LOAD ACC, ALU ADD imm, STORE                     (tsim 1067)
 *   alu_vv      8x8 ACC blocks twice: LOAD ACC x2, ALU ADD vector-vector, STORE  (tsim 1654)
 * Exit 1 if any result is wrong. */
#include <stdio.h>

#include "accsim/csr.h"
#include "accsim_kernels/test_data.h"
#include "accsim_kernels/vta_add_ref.h"
#include "accsim_kernels/vta_requant.h"
#include "accsim_vta/vta_program.h"
#include "accsim_vta/vta_uop.h"
#include "vta_app.h"

typedef enum { BENCH_LOAD_STORE, BENCH_GEMM, BENCH_ALU_IMM, BENCH_ALU_VV } BenchKind;

static const struct {
  const char* name;
  BenchKind kind;
  uint32_t tsim_cycles;
} kBenches[] = {
    {"load_store", BENCH_LOAD_STORE, 619},
    {"gemm", BENCH_GEMM, 648},
    {"alu_imm", BENCH_ALU_IMM, 1067},
    {"alu_vv", BENCH_ALU_VV, 1654},
};
#define NUM_BENCHES ((int)(sizeof kBenches / sizeof kBenches[0]))

static int8_t clamp_out(int32_t v) { return (int8_t)(uint8_t)(uint32_t)v; }

static int run_bench(const vta_device_t* dev, vta_arena_t* arena, int index, Rng* rng) {
  const uint32_t B = dev->block;
  const BenchKind kind = kBenches[index].kind;
  const size_t mark = vta_arena_mark(arena);
  const uint32_t rows = kind == BENCH_LOAD_STORE ? 36 : kind == BENCH_GEMM ? 16 : 64;
  int32_t* x = vta_arena_alloc(arena, rows * dev->acc_bytes, dev->acc_bytes);
  int32_t* y = vta_arena_alloc(arena, rows * dev->acc_bytes, dev->acc_bytes);
  int8_t* inp = vta_arena_alloc(arena, 4 * B, dev->inp_bytes);
  int8_t* wgt = vta_arena_alloc(arena, 4 * B * B, dev->wgt_bytes);
  int8_t* out = vta_arena_alloc(arena, rows * B, dev->out_bytes);
  int8_t* want = vta_arena_alloc(arena, rows * B, 4);
  vta_insn_t* insns = vta_arena_alloc(arena, 32 * sizeof(vta_insn_t), 16);
  uint32_t* uops = vta_arena_alloc(arena, 8 * sizeof(uint32_t), 4);
  if (!uops) return 0;
  for (uint32_t i = 0; i < rows * B; ++i) {
    x[i] = rng_range(rng, -100000, 100000);
    y[i] = rng_range(rng, -100000, 100000);
  }
  fill_int8(rng, inp, 4 * B);
  fill_int8(rng, wgt, 4 * B * B);
  const int32_t imm = 1234;

  vta_prog_t p;
  vta_prog_init(&p, dev, insns, 32);
  vta_uop_cache_t cache;
  vta_uop_cache_init(&cache, uops, 8);
  int error = VTA_OK;
  const uint32_t key[4] = {0, 0, 0, 0};
  const int k = vta_uop_begin(&cache, &p, key);
  if (kind == BENCH_GEMM) {
    vta_uop_push(&cache, &p, 0, 0, 0);
  } else {
    vta_uop_push(&cache, &p, 0, rows, 0); /* dst = x rows, src = y rows */
  }
  vta_uop_end(&cache);
  vta_loop_t loop = {0, 0, rows, 1, 1, 0, 1, 0, 0, 0};
  if (kind == BENCH_GEMM) {
    /* acc[r][o] = inp[r] . wgt[o]: 4 rows x 4 output blocks, one input block. */
    vta_load_1d(&p, VTA_MEM_INP, 0, vta_dram_index(dev, VTA_MEM_INP, inp, &error), 4);
    vta_load_1d(&p, VTA_MEM_WGT, 0, vta_dram_index(dev, VTA_MEM_WGT, wgt, &error), 4);
    vta_dep_push(&p, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);
    vta_dep_pop(&p, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);
    vta_loop_t gemm = {0, 0, 4, 4, 4, 1, 1, 0, 0, 1};
    vta_uop_use(&cache, &p, k, &gemm);
    vta_gemm(&p, &gemm, 1);
    vta_gemm(&p, &gemm, 0);
    loop.uop_bgn = gemm.uop_bgn;
    loop.uop_end = gemm.uop_end;
    vta_alu(&p, &loop, VTA_ALU_SHR, 1, 8);
    vta_alu(&p, &loop, VTA_ALU_MAX, 1, 0);
    vta_alu(&p, &loop, VTA_ALU_MIN, 1, 127);
  } else {
    vta_uop_use(&cache, &p, k, &loop);
    vta_load_1d(&p, VTA_MEM_ACC, 0, vta_dram_index(dev, VTA_MEM_ACC, x, &error), rows);
    if (kind == BENCH_ALU_VV) {
      vta_load_1d(&p, VTA_MEM_ACC, rows, vta_dram_index(dev, VTA_MEM_ACC, y, &error), rows);
    }
    if (kind == BENCH_LOAD_STORE) vta_alu(&p, &loop, VTA_ALU_SHR, 1, 0);
    if (kind == BENCH_ALU_IMM) vta_alu(&p, &loop, VTA_ALU_ADD, 1, imm);
    if (kind == BENCH_ALU_VV) vta_alu(&p, &loop, VTA_ALU_ADD, 0, 0);
  }
  vta_dep_push(&p, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);
  vta_dep_pop(&p, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);
  vta_store_2d(&p, 0, vta_dram_index(dev, VTA_MEM_OUT, out, &error), 1, rows, rows);
  if (error == VTA_OK) error = vta_prog_finish(&p);
  if (error != VTA_OK) {
    printf("bench %-10s: FAIL (%s)\n", kBenches[index].name, vta_strerror(error));
    return 0;
  }
  const uint32_t cycles = vta_prog_run(&p);

  for (uint32_t i = 0; i < rows * B; ++i) {
    int32_t v = x[i];
    if (kind == BENCH_GEMM) {
      const uint32_t r = i / (4 * B), o = i % (4 * B);
      v = 0;
      for (uint32_t kk = 0; kk < B; ++kk) v += inp[r * B + kk] * wgt[o * B + kk];
      v >>= 8;
      v = v < 0 ? 0 : v > 127 ? 127 : v;
    } else if (kind == BENCH_ALU_IMM) {
      v = vta_alu_lane(VTA_ALU_ADD, v, imm);
    } else if (kind == BENCH_ALU_VV) {
      v = vta_alu_lane(VTA_ALU_ADD, v, y[i]);
    }
    want[i] = clamp_out(v);
  }
  int bad = 0;
  for (uint32_t i = 0; i < rows * B; ++i) bad += out[i] != want[i];
  printf("bench %-10s: %s VTA cycles %5lu (tsim %4lu), %lu instructions, checksum 0x%08lx\n",
         kBenches[index].name, bad ? "FAIL" : "PASS", (unsigned long)cycles,
         (unsigned long)kBenches[index].tsim_cycles, (unsigned long)p.count,
         (unsigned long)fnv1a(out, rows * B));
  vta_arena_release(arena, mark);
  return bad == 0;
}

int main(void) {
  vta_device_t dev;
  vta_arena_t arena;
  vta_app_open(&dev, &arena);
  Rng rng;
  rng_seed(&rng, 619);
  int failures = 0;
  const uint32_t start = csr_read(mcycle);
  for (int i = 0; i < NUM_BENCHES; ++i) {
    accsim_region_begin(kBenches[i].name);
    failures += !run_bench(&dev, &arena, i, &rng);
    accsim_region_end(kBenches[i].name);
  }
  printf("bench: %s (%d benchmarks, %d failed, %lu CPU cycles)\n", failures ? "FAIL" : "PASS",
         NUM_BENCHES, failures, (unsigned long)(csr_read(mcycle) - start));
  return failures ? 1 : 0;
}
