/* int8 ADD on the VTA, two ways (accsim_vta/vta_ops.h).
 *
 * Mode 0, seed 004's ADD: the CPU rescales both inputs to A'/B' (int32 rows in DRAM), the
 * compute module loads a chunk of each into its half of ACC, runs ADD, MUL, SHR, ADD, MIN, MAX
 * and hands the chunk to the store module. With two virtual threads ACC is split in two
 * regions, so one thread's loads and ALU work overlap the other thread's store; the compute
 * module pops the store's token before reusing a region. (ACC loads run on the compute module,
 * so this mode has nothing for the load module: two threads gain almost nothing.)
 *
 * Mode 1: the load module brings a and b in as int8 INP rows, the compute module moves them
 * into ACC with a GEMM against an identity weight block, rescales them on the ALU and runs the
 * same chain. The DMA moves 3 bytes per element instead of 9, and with two threads the load
 * module fills one INP buffer while compute works on the other. */
#include <stddef.h>

#include "accsim_vta/vta_ops.h"
#include "accsim_vta/vta_program.h"
#include "accsim_vta/vta_uop.h"
#include "inp_rows.h"

static int add_vta_rescale(const vta_device_t* dev, vta_arena_t* arena, const VtaAddParams* params,
                           const int8_t* a, const int8_t* b, int8_t* out, uint32_t length,
                           int threads, vta_op_stats_t* stats);

/* Mode 0, seed 004's scheme. */
static int add_cpu_rescale(const vta_device_t* dev, vta_arena_t* arena, const VtaAddParams* params,
                           const int8_t* a, const int8_t* b, int8_t* out, uint32_t length,
                           int threads, vta_op_stats_t* stats) {
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

int vta_add_int8(const vta_device_t* dev, vta_arena_t* arena, const VtaAddParams* params,
                 const int8_t* a, const int8_t* b, int8_t* out, uint32_t length, int threads,
                 int mode, vta_op_stats_t* stats) {
  if (threads < 1 || threads > 2 || vta_add_params_check(params) != 0) return VTA_ERR_ARGUMENT;
  if (mode == VTA_ADD_CPU_RESCALE) {
    return add_cpu_rescale(dev, arena, params, a, b, out, length, threads, stats);
  }
  if (mode == VTA_ADD_VTA_RESCALE) {
    return add_vta_rescale(dev, arena, params, a, b, out, length, threads, stats);
  }
  return VTA_ERR_ARGUMENT;
}

/* Mode 1's micro-op kernel (one per thread), indexed by these positions. Pairs of micro-ops
 * let one instruction treat A and B rows alike: A's with A's constant, B's with B's. */
enum {
  U_MUL = 0,  /* {A, K_MUL_A}, {B, K_MUL_B}; also the reset's {A}, {B} */
  U_ADDK = 2, /* {A, K_ADD_A}, {B, K_ADD_B} */
  U_SHR = 4,  /* {A, K_SHR_A}, {B, K_SHR_B} */
  U_AB = 6,   /* {A, B} */
  U_IMM = 7,  /* {A, A} */
  U_GEMM = 8, /* {A, INP a, identity}, {B, INP b, identity} */
  U_COUNT = 10
};
/* Constant ACC rows (each row: one value in every lane). */
enum { K_MUL_A, K_ADD_A, K_SHR_A, K_MUL_B, K_ADD_B, K_SHR_B, K_COUNT };

static int add_vta_rescale(const vta_device_t* dev, vta_arena_t* arena, const VtaAddParams* params,
                           const int8_t* a, const int8_t* b, int8_t* out, uint32_t length,
                           int threads, vta_op_stats_t* stats) {
  VtaAddAluRescale ra, rb;
  if (vta_add_alu_rescale_params(params->offset_a, params->mult_a, params->shift_a, &ra) ||
      vta_add_alu_rescale_params(params->offset_b, params->mult_b, params->shift_b, &rb)) {
    return VTA_ERR_ARGUMENT;
  }
  const uint32_t B = dev->block, T = (uint32_t)threads;
  /* Per thread: an INP buffer [a rows][b rows] and an ACC region [A rows][B rows]; the
   * constant rows sit below the regions, the identity block at WGT 0. */
  const uint32_t inp_b = dev->inp_depth / T;
  const uint32_t region = (dev->acc_depth - K_COUNT) / T;
  uint32_t chunk_rows = inp_b / 2 < region / 2 ? inp_b / 2 : region / 2;
  if (chunk_rows >= (1u << VTA_LOOP_ITER_BITS)) chunk_rows = (1u << VTA_LOOP_ITER_BITS) - 1;
  if (chunk_rows == 0) return VTA_ERR_TOO_LARGE;
  const uint32_t rows = (length + B - 1) / B, full_rows = length / B;
  const uint32_t chunks = (rows + chunk_rows - 1) / chunk_rows;

  const size_t mark = vta_arena_mark(arena);
  const int stage_a = (uintptr_t)a % B != 0, stage_b = (uintptr_t)b % B != 0;
  const int stage_o = (uintptr_t)out % B != 0;
  int8_t* staged_a = stage_a ? vta_arena_alloc(arena, (size_t)rows * B, B) : 0;
  int8_t* staged_b = stage_b ? vta_arena_alloc(arena, (size_t)rows * B, B) : 0;
  int8_t* staged_o = stage_o ? vta_arena_alloc(arena, (size_t)rows * B, B) : 0;
  int8_t* tails = vta_arena_alloc(arena, 3 * B, B); /* a, b, out */
  int8_t* identity = vta_arena_alloc(arena, dev->wgt_bytes, dev->wgt_bytes);
  int32_t* consts = vta_arena_alloc(arena, K_COUNT * dev->acc_bytes, dev->acc_bytes);
  const uint32_t capacity = chunks * 32 + 32;
  vta_insn_t* insns = vta_arena_alloc(arena, capacity * sizeof(vta_insn_t), 16);
  uint32_t* uops = vta_arena_alloc(arena, 2 * U_COUNT * sizeof(uint32_t), 4);
  if ((stage_a && !staged_a) || (stage_b && !staged_b) || (stage_o && !staged_o) || !tails ||
      !identity || !consts || !insns || !uops) {
    vta_arena_release(arena, mark);
    return VTA_ERR_TOO_LARGE;
  }
  const int8_t* rows_a = vta_inp_rows(a, length, B, staged_a, tails);
  const int8_t* rows_b = vta_inp_rows(b, length, B, staged_b, tails + B);
  int8_t* rows_o = stage_o ? staged_o : out;
  for (uint32_t o = 0; o < B; ++o) {
    for (uint32_t k = 0; k < B; ++k) identity[o * B + k] = o == k; /* w[o][k]: acc[o] = inp[o] */
  }
  const int32_t kvalues[K_COUNT] = {ra.mul, ra.add, ra.shr, rb.mul, rb.add, rb.shr};
  for (uint32_t k = 0; k < K_COUNT; ++k) {
    for (uint32_t i = 0; i < B; ++i) consts[k * B + i] = kvalues[k];
  }

  vta_prog_t p;
  vta_prog_init(&p, dev, insns, capacity);
  vta_uop_cache_t cache;
  vta_uop_cache_init(&cache, uops, 2 * U_COUNT);
  int error = VTA_OK;
  const uint32_t dram_o = vta_dram_index(dev, VTA_MEM_OUT, rows_o, &error);
  const uint32_t dram_tail_o = vta_dram_index(dev, VTA_MEM_OUT, tails + 2 * B, &error);

  /* The load module's part of chunk c: wait until compute has read this thread's INP buffer
   * (chunk c - T's GEMM), load a and b side by side, hand over. */
  uint32_t loaded = 0;
#define EMIT_LOAD(c)                                                                             \
  do {                                                                                           \
    const uint32_t first_ = (c)*chunk_rows;                                                      \
    const uint32_t n_ = rows - first_ < chunk_rows ? rows - first_ : chunk_rows;                 \
    const uint32_t base_ = ((c) % T) * inp_b;                                                    \
    if ((c) >= T) vta_dep_pop(&p, VTA_STAGE_COMPUTE, VTA_STAGE_LOAD);                            \
    if ((c) == 0) {                                                                              \
      vta_load_1d(&p, VTA_MEM_WGT, 0, vta_dram_index(dev, VTA_MEM_WGT, identity, &error), 1);    \
    }                                                                                            \
    vta_load_inp_rows(&p, base_, rows_a, tails, first_, n_, full_rows, &error);                  \
    vta_load_inp_rows(&p, base_ + chunk_rows, rows_b, tails + B, first_, n_, full_rows, &error); \
    vta_dep_push(&p, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);                                         \
    ++loaded;                                                                                    \
  } while (0)

  for (uint32_t c = 0; c < chunks; ++c) {
    const uint32_t t = c % T;
    const uint32_t first = c * chunk_rows;
    const uint32_t n = rows - first < chunk_rows ? rows - first : chunk_rows;
    const uint32_t acc_a = K_COUNT + t * region, acc_b = acc_a + chunk_rows;
    const uint32_t inp_a = t * inp_b, inp_bb = inp_a + chunk_rows;
    /* Program order with one thread; with two, the next chunk's loads go before this chunk's
     * compute, so fetch hands them to the load module while compute works. */
    if (loaded == c) EMIT_LOAD(c);
    if (T > 1 && c + 1 < chunks) EMIT_LOAD(c + 1);

    /* Compute module. Reusing this thread's ACC region: wait until the store drained it. */
    if (c >= T) vta_dep_pop(&p, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
    const uint32_t key[4] = {0xadd1, t, 0, 0};
    int k = vta_uop_find(&cache, key);
    if (k < 0) {
      k = vta_uop_begin(&cache, &p, key);
      vta_uop_push(&cache, &p, acc_a, K_MUL_A, 0);
      vta_uop_push(&cache, &p, acc_b, K_MUL_B, 0);
      vta_uop_push(&cache, &p, acc_a, K_ADD_A, 0);
      vta_uop_push(&cache, &p, acc_b, K_ADD_B, 0);
      vta_uop_push(&cache, &p, acc_a, K_SHR_A, 0);
      vta_uop_push(&cache, &p, acc_b, K_SHR_B, 0);
      vta_uop_push(&cache, &p, acc_a, acc_b, 0);
      vta_uop_push(&cache, &p, acc_a, acc_a, 0);
      vta_uop_push(&cache, &p, acc_a, inp_a, 0);
      vta_uop_push(&cache, &p, acc_b, inp_bb, 0);
      vta_uop_end(&cache);
    }
    vta_loop_t kernel;
    vta_uop_use(&cache, &p, k, &kernel);
    const uint32_t u = kernel.uop_bgn;
    if (c == 0) {
      /* ACC loads run on the compute module: before the first wait for the inputs. */
      vta_load_1d(&p, VTA_MEM_ACC, 0, vta_dram_index(dev, VTA_MEM_ACC, consts, &error), K_COUNT);
    }
    /* Rows walk iter_out; A and B are the micro-op pair. */
    const vta_loop_t reset = {u + U_MUL, u + U_MUL + 2, n, 1, 1, 0, 0, 0, 0, 0};
    vta_gemm(&p, &reset, 1);
    vta_dep_pop(&p, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);
    const vta_loop_t gemm = {u + U_GEMM, u + U_GEMM + 2, n, 1, 1, 0, 1, 0, 0, 0};
    vta_gemm(&p, &gemm, 0);
    vta_dep_push(&p, VTA_STAGE_COMPUTE, VTA_STAGE_LOAD); /* INP buffer read */
    const vta_loop_t mul = {u + U_MUL, u + U_MUL + 2, n, 1, 1, 0, 0, 0, 0, 0};
    const vta_loop_t addk = {u + U_ADDK, u + U_ADDK + 2, n, 1, 1, 0, 0, 0, 0, 0};
    const vta_loop_t shr = {u + U_SHR, u + U_SHR + 2, n, 1, 1, 0, 0, 0, 0, 0};
    const vta_loop_t ab = {u + U_AB, u + U_AB + 1, n, 1, 1, 0, 1, 0, 0, 0};
    const vta_loop_t imm = {u + U_IMM, u + U_IMM + 1, n, 1, 1, 0, 1, 0, 0, 0};
    vta_alu(&p, &mul, VTA_ALU_MUL, 0, 0);
    vta_alu(&p, &addk, VTA_ALU_ADD, 0, 0);
    vta_alu(&p, &shr, VTA_ALU_SHR, 0, 0);
    vta_alu(&p, &ab, VTA_ALU_ADD, 0, 0);
    vta_alu(&p, &imm, VTA_ALU_MUL, 1, params->mult_y);
    vta_alu(&p, &imm, VTA_ALU_SHR, 1, 15 - params->shift_y);
    vta_alu(&p, &imm, VTA_ALU_ADD, 1, params->zero_y);
    vta_alu(&p, &imm, VTA_ALU_MIN, 1, params->act_max);
    vta_alu(&p, &imm, VTA_ALU_MAX, 1, params->act_min);
    vta_dep_push(&p, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);

    /* Store module: full rows in place, a partial last row to the tail buffer. */
    vta_dep_pop(&p, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);
    const uint32_t direct = first + n <= full_rows ? n : full_rows - first;
    if (direct > 0) vta_store_2d(&p, acc_a, dram_o + first, 1, direct, direct);
    if (direct < n) vta_store_2d(&p, acc_a + direct, dram_tail_o, 1, 1, 1);
    vta_dep_push(&p, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
  }
#undef EMIT_LOAD
  if (error == VTA_OK) error = vta_prog_finish(&p);
  if (error == VTA_OK) {
    const uint32_t cycles = vta_prog_run(&p);
    const uint32_t full = full_rows * B;
    if (stage_o) {
      for (uint32_t i = 0; i < full; ++i) out[i] = rows_o[i];
    }
    for (uint32_t i = full; i < length; ++i) out[i] = tails[2 * B + i - full];
    if (stats) {
      stats->vta_cycles = cycles;
      stats->instructions = p.count;
      stats->tiles = chunks;
      stats->load_units = loaded;
      stats->rows_per_tile = chunk_rows;
      stats->ocb_per_tile = stats->icb_per_tile = 0;
      stats->order = 0;
    }
  }
  vta_arena_release(arena, mark);
  return error;
}
