/* Seed 004's ADD: the CPU rescales both inputs to A'/B' (int32 rows in DRAM), the compute module
 * loads a chunk of each into its half of ACC, runs ADD, MUL, SHR, ADD, MIN, MAX and hands the
 * chunk to the store module. With two virtual threads ACC is split in two regions, so one
 * thread's loads and ALU work overlap the other thread's store; the compute module pops the
 * store's token before reusing a region. (ACC loads run on the compute module, so ADD has
 * nothing for the load module.) */
#include <stddef.h>

#include "accsim_vta/vta_ops.h"
#include "accsim_vta/vta_program.h"
#include "accsim_vta/vta_uop.h"

int vta_add_int8(const vta_device_t* dev, vta_arena_t* arena, const VtaAddParams* params,
                 const int8_t* a, const int8_t* b, int8_t* out, uint32_t length, int threads,
                 vta_op_stats_t* stats) {
  if (threads < 1 || threads > 2 || vta_add_params_check(params) != 0) return VTA_ERR_ARGUMENT;
  const uint32_t block = dev->block;
  const uint32_t region = dev->acc_depth / (uint32_t)threads; /* ACC rows per thread */
  const uint32_t half = region / 2;                           /* A' rows, then B' rows */
  uint32_t chunk_rows = half;
  if (chunk_rows >= (1u << VTA_LOOP_ITER_BITS)) chunk_rows = (1u << VTA_LOOP_ITER_BITS) - 1;
  if (chunk_rows == 0) return VTA_ERR_TOO_LARGE;
  const uint32_t rows = (length + block - 1) / block;
  const uint32_t chunks = (rows + chunk_rows - 1) / chunk_rows;

  const size_t mark = vta_arena_mark(arena);
  int32_t* ra = vta_arena_alloc(arena, (size_t)rows * dev->acc_bytes, dev->acc_bytes);
  int32_t* rb = vta_arena_alloc(arena, (size_t)rows * dev->acc_bytes, dev->acc_bytes);
  int8_t* ro = vta_arena_alloc(arena, (size_t)rows * dev->out_bytes, dev->out_bytes);
  const uint32_t capacity = chunks * 12 + 32;
  vta_insn_t* insns = vta_arena_alloc(arena, capacity * sizeof(vta_insn_t), 16);
  uint32_t* uops = vta_arena_alloc(arena, 2 * sizeof(uint32_t), 4);
  if (!ra || !rb || !ro || !insns || !uops) {
    vta_arena_release(arena, mark);
    return VTA_ERR_TOO_LARGE;
  }

  /* The CPU's half of the scheme: offset, << 7, Q15 multiply with rounding, >> -shift. Padding
   * lanes are 0 (their outputs are dropped). */
  const uint32_t padded = rows * block;
  for (uint32_t i = 0; i < padded; ++i) {
    ra[i] =
        i < length ? vta_add_rescale(a[i], params->offset_a, params->mult_a, params->shift_a) : 0;
    rb[i] =
        i < length ? vta_add_rescale(b[i], params->offset_b, params->mult_b, params->shift_b) : 0;
  }

  vta_prog_t p;
  vta_prog_init(&p, dev, insns, capacity);
  vta_uop_cache_t cache;
  vta_uop_cache_init(&cache, uops, 2);
  int error = VTA_OK;
  const uint32_t dram_a = vta_dram_index(dev, VTA_MEM_ACC, ra, &error);
  const uint32_t dram_b = vta_dram_index(dev, VTA_MEM_ACC, rb, &error);
  const uint32_t dram_o = vta_dram_index(dev, VTA_MEM_OUT, ro, &error);

  for (uint32_t c = 0; c < chunks; ++c) {
    const uint32_t t = c % (uint32_t)threads;
    const uint32_t first = c * chunk_rows;
    const uint32_t n = rows - first < chunk_rows ? rows - first : chunk_rows;
    const uint32_t base_a = t * region, base_b = t * region + half;
    /* Reusing this thread's region: wait until the store has drained its OUT rows. */
    if (c >= (uint32_t)threads) vta_dep_pop(&p, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
    /* One micro-op per thread, {dst = A' rows, src = B' rows}; the loop walks the rows. */
    const uint32_t key[4] = {0xadd, t, 0, 0};
    int k = vta_uop_find(&cache, key);
    if (k < 0) {
      k = vta_uop_begin(&cache, &p, key);
      vta_uop_push(&cache, &p, base_a, base_b, 0);
      vta_uop_end(&cache);
    }
    vta_loop_t loop = {0, 0, n, 1, 1, 0, 1, 0, 0, 0};
    vta_uop_use(&cache, &p, k, &loop);
    vta_load_1d(&p, VTA_MEM_ACC, base_a, dram_a + first, n);
    vta_load_1d(&p, VTA_MEM_ACC, base_b, dram_b + first, n);
    vta_alu(&p, &loop, VTA_ALU_ADD, 0, 0);
    vta_alu(&p, &loop, VTA_ALU_MUL, 1, params->mult_y);
    vta_alu(&p, &loop, VTA_ALU_SHR, 1, 15 - params->shift_y);
    vta_alu(&p, &loop, VTA_ALU_ADD, 1, params->zero_y);
    vta_alu(&p, &loop, VTA_ALU_MIN, 1, params->act_max);
    vta_alu(&p, &loop, VTA_ALU_MAX, 1, params->act_min);
    vta_dep_push(&p, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);
    vta_dep_pop(&p, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);
    vta_store_2d(&p, base_a, dram_o + first, 1, n, n);
    vta_dep_push(&p, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
  }
  if (error == VTA_OK) error = vta_prog_finish(&p);
  if (error == VTA_OK) {
    const uint32_t cycles = vta_prog_run(&p);
    for (uint32_t i = 0; i < length; ++i) out[i] = ro[i];
    if (stats) {
      stats->vta_cycles = cycles;
      stats->instructions = p.count;
      stats->tiles = chunks;
      stats->load_units = 0;
      stats->rows_per_tile = chunk_rows;
      stats->ocb_per_tile = stats->icb_per_tile = 0;
    }
  }
  vta_arena_release(arena, mark);
  return error;
}
