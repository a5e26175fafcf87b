/* int8 ADD on the VTA, bit-exact to TFLite's reference (accsim_vta/vta_ops.h).
 *
 * The load module brings a and b in as int8 INP rows; the compute module moves them into ACC
 * with a GEMM against an identity weight block (as vta_add_int8's mode 1) and runs
 * vta_add_exact's 63 ALU steps, each one instruction over the chunk's rows; the paired steps
 * (the two inputs' offset add and rescaling) walk both sides with their outer loop. The store
 * module writes the low bytes of the result rows. With two threads INP and ACC are split in
 * two and the next chunk's loads go before this chunk's compute, so they overlap.
 *
 * ACC: the 26 constant rows at 0, then one region per thread holding a chunk's 8 slots, slot k
 * of chunk row r at region + k * chunk_rows + r. INP: one buffer per thread, [a rows][b rows]. */
#include <stddef.h>

#include "accsim_kernels/vta_add_exact.h"
#include "accsim_vta/vta_ops.h"
#include "accsim_vta/vta_program.h"
#include "accsim_vta/vta_uop.h"
#include "inp_rows.h"

typedef struct {
  uint32_t inp_b;      /* INP rows per thread */
  uint32_t region;     /* ACC rows per thread */
  uint32_t chunk_rows; /* element rows per chunk */
} ExactTiling;

static int plan_exact(const vta_device_t* dev, int threads, ExactTiling* t) {
  if (threads < 1 || threads > 2) return VTA_ERR_ARGUMENT;
  const uint32_t T = (uint32_t)threads;
  /* ALU sources are ACC rows named by micro-op fields as wide as INP indices: stay below both
   * depths. */
  const uint32_t acc = dev->acc_depth < dev->inp_depth ? dev->acc_depth : dev->inp_depth;
  if (acc <= VTA_ADD_EXACT_NUM_CONST) return VTA_ERR_TOO_LARGE;
  t->inp_b = dev->inp_depth / T;
  t->region = (acc - VTA_ADD_EXACT_NUM_CONST) / T;
  uint32_t n = t->region / VTA_ADD_EXACT_ROW_SLOTS;
  if (n > t->inp_b / 2) n = t->inp_b / 2;
  if (n >= (1u << VTA_LOOP_ITER_BITS)) n = (1u << VTA_LOOP_ITER_BITS) - 1;
  t->chunk_rows = n;
  return n == 0 ? VTA_ERR_TOO_LARGE : VTA_OK;
}

int vta_add_exact_supported(const vta_device_t* dev, const TflArithmeticParams* params,
                            int threads) {
  if (vta_add_exact_check(params) != NULL) return VTA_ERR_ARGUMENT;
  ExactTiling t;
  return plan_exact(dev, threads, &t);
}

/* What the chunk loop needs besides the program. */
typedef struct {
  const vta_device_t* dev;
  vta_prog_t* p;
  const ExactTiling* t;
  uint32_t T, rows, full_rows;
  const int8_t *rows_a, *rows_b, *tails;
  const int8_t* identity;
  int* error;
} Emitter;

/* The load module's part of chunk c: wait until compute has read this thread's INP buffer
 * (chunk c - T's GEMM), load a and b side by side, hand over. */
static void emit_load(const Emitter* e, uint32_t c) {
  const uint32_t n_c = e->t->chunk_rows, B = e->dev->block;
  const uint32_t first = c * n_c;
  const uint32_t n = e->rows - first < n_c ? e->rows - first : n_c;
  const uint32_t base = (c % e->T) * e->t->inp_b;
  if (c >= e->T) vta_dep_pop(e->p, VTA_STAGE_COMPUTE, VTA_STAGE_LOAD);
  if (c == 0) {
    vta_load_1d(e->p, VTA_MEM_WGT, 0, vta_dram_index(e->dev, VTA_MEM_WGT, e->identity, e->error),
                1);
  }
  vta_load_inp_rows(e->p, base, e->rows_a, e->tails, first, n, e->full_rows, e->error);
  vta_load_inp_rows(e->p, base + n_c, e->rows_b, e->tails + B, first, n, e->full_rows, e->error);
  vta_dep_push(e->p, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);
}

int vta_add_int8_exact(const vta_device_t* dev, vta_arena_t* arena,
                       const TflArithmeticParams* params, const int8_t* a, const int8_t* b,
                       int8_t* out, uint32_t length, int threads, vta_op_stats_t* stats) {
  ExactTiling t;
  int error = vta_add_exact_supported(dev, params, threads);
  if (error != VTA_OK) return error;
  plan_exact(dev, threads, &t);
  vta_add_exact_step_t steps[VTA_ADD_EXACT_NUM_STEPS];
  int32_t kvalues[VTA_ADD_EXACT_NUM_CONST];
  const int nsteps = vta_add_exact_program(params, steps, VTA_ADD_EXACT_NUM_STEPS);
  if (nsteps < 0 || vta_add_exact_constants(params, kvalues) != 0) return VTA_ERR_ARGUMENT;
  if (length == 0) return VTA_OK;

  const uint32_t B = dev->block, T = (uint32_t)threads, n_c = t.chunk_rows;
  const uint32_t rows = (length + B - 1) / B, full_rows = length / B;
  const uint32_t chunks = (rows + n_c - 1) / n_c;
  const size_t mark = vta_arena_mark(arena);
  const int stage_a = (uintptr_t)a % B != 0, stage_b = (uintptr_t)b % B != 0;
  const int stage_o = (uintptr_t)out % B != 0;
  int8_t* staged_a = stage_a ? vta_arena_alloc(arena, (size_t)rows * B, B) : 0;
  int8_t* staged_b = stage_b ? vta_arena_alloc(arena, (size_t)rows * B, B) : 0;
  int8_t* staged_o = stage_o ? vta_arena_alloc(arena, (size_t)rows * B, B) : 0;
  int8_t* tails = vta_arena_alloc(arena, 3 * B, B); /* a, b, out */
  int8_t* identity = vta_arena_alloc(arena, dev->wgt_bytes, dev->wgt_bytes);
  int32_t* consts =
      vta_arena_alloc(arena, VTA_ADD_EXACT_NUM_CONST * dev->acc_bytes, dev->acc_bytes);
  /* Per chunk: up to 2 + 4 loads and their tokens, reset, GEMM, 63 ALU, store; and slack. */
  const uint32_t capacity = chunks * (VTA_ADD_EXACT_NUM_STEPS + 24) + 32;
  vta_insn_t* insns = vta_arena_alloc(arena, capacity * sizeof(vta_insn_t), 16);
  const uint32_t uop_capacity = 2 * (VTA_ADD_EXACT_NUM_STEPS + 2);
  uint32_t* uops = vta_arena_alloc(arena, uop_capacity * sizeof(uint32_t), 4);
  if ((stage_a && !staged_a) || (stage_b && !staged_b) || (stage_o && !staged_o) || !tails ||
      !identity || !consts || !insns || !uops) {
    vta_arena_release(arena, mark);
    return VTA_ERR_TOO_LARGE;
  }
  for (uint32_t o = 0; o < B; ++o) {
    for (uint32_t k = 0; k < B; ++k) identity[o * B + k] = o == k; /* w[o][k]: acc[o] = inp[o] */
  }
  for (uint32_t k = 0; k < VTA_ADD_EXACT_NUM_CONST; ++k) {
    for (uint32_t i = 0; i < B; ++i) consts[k * B + i] = kvalues[k];
  }
  int8_t* rows_o = stage_o ? staged_o : out;

  vta_prog_t p;
  vta_prog_init(&p, dev, insns, capacity);
  vta_uop_cache_t cache;
  vta_uop_cache_init(&cache, uops, uop_capacity);
  const Emitter em = {dev,
                      &p,
                      &t,
                      T,
                      rows,
                      full_rows,
                      vta_inp_rows(a, length, B, staged_a, tails),
                      vta_inp_rows(b, length, B, staged_b, tails + B),
                      tails,
                      identity,
                      &error};
  const uint32_t dram_o = vta_dram_index(dev, VTA_MEM_OUT, rows_o, &error);
  const uint32_t dram_tail_o = vta_dram_index(dev, VTA_MEM_OUT, tails + 2 * B, &error);
  const uint32_t side_rows = VTA_ADD_EXACT_SIDE_SLOTS * n_c; /* side A to side B */

  uint32_t loaded = 0;
  for (uint32_t c = 0; c < chunks; ++c) {
    const uint32_t th = c % T;
    const uint32_t first = c * n_c;
    const uint32_t n = rows - first < n_c ? rows - first : n_c;
    const uint32_t acc = VTA_ADD_EXACT_NUM_CONST + th * t.region, inp = th * t.inp_b;
    /* Program order with one thread; with two, the next chunk's loads go before this chunk's
     * compute, so fetch hands them to the load module while compute works. */
    if (loaded == c) emit_load(&em, loaded++);
    if (T > 1 && loaded < chunks) emit_load(&em, loaded++);

    /* Compute module. Reusing this thread's ACC region: wait until the store drained it. */
    if (c >= T) vta_dep_pop(&p, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
    /* One kernel per thread: the GEMM's micro-op, then one per step. */
    const uint32_t key[4] = {0xadde, th, 0, 0};
    int k = vta_uop_find(&cache, key);
    if (k < 0) {
      k = vta_uop_begin(&cache, &p, key);
      vta_uop_push(&cache, &p, acc, inp, 0);
      for (int i = 0; i < nsteps; ++i) {
        const vta_add_exact_step_t* s = &steps[i];
        const uint32_t dst = acc + s->dst * n_c;
        const uint32_t src = s->src_kind == VTA_ADD_EXACT_SRC_ROW     ? acc + s->src * n_c
                             : s->src_kind == VTA_ADD_EXACT_SRC_CONST ? s->src
                                                                      : dst;
        vta_uop_push(&cache, &p, dst, src, 0);
      }
      vta_uop_end(&cache);
    }
    vta_loop_t kernel;
    vta_uop_use(&cache, &p, k, &kernel);
    const uint32_t u = kernel.uop_bgn;
    if (c == 0) {
      /* ACC loads run on the compute module: before the first wait for the inputs. */
      vta_load_1d(&p, VTA_MEM_ACC, 0, vta_dram_index(dev, VTA_MEM_ACC, consts, &error),
                  VTA_ADD_EXACT_NUM_CONST);
    }
    /* Both sides' data rows (outer loop), the chunk's rows (inner): reset, then a and b. */
    const vta_loop_t reset = {u, u + 1, 2, n, side_rows, 1, 0, 0, 0, 0};
    vta_gemm(&p, &reset, 1);
    vta_dep_pop(&p, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);
    const vta_loop_t gemm = {u, u + 1, 2, n, side_rows, 1, n_c, 1, 0, 0};
    vta_gemm(&p, &gemm, 0);
    vta_dep_push(&p, VTA_STAGE_COMPUTE, VTA_STAGE_LOAD); /* INP buffer read */
    for (int i = 0; i < nsteps; ++i) {
      const vta_add_exact_step_t* s = &steps[i];
      const int konst = s->src_kind == VTA_ADD_EXACT_SRC_CONST;
      const uint32_t src_out = konst ? VTA_ADD_EXACT_SIDE_CONSTS : side_rows;
      const uint32_t bgn = u + 1 + (uint32_t)i;
      const vta_loop_t alu = {bgn,
                              bgn + 1,
                              s->paired ? 2 : 1,
                              n,
                              s->paired ? side_rows : 0,
                              1,
                              s->paired ? src_out : 0,
                              konst ? 0 : 1,
                              0,
                              0};
      vta_alu(&p, &alu, s->alu_opcode, s->src_kind == VTA_ADD_EXACT_SRC_IMM, s->imm);
    }
    vta_dep_push(&p, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);

    /* Store module: full rows in place, a partial last row to the tail buffer. */
    vta_dep_pop(&p, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);
    const uint32_t direct = first + n <= full_rows ? n : full_rows - first;
    if (direct > 0) vta_store_2d(&p, acc, dram_o + first, 1, direct, direct);
    if (direct < n) vta_store_2d(&p, acc + direct, dram_tail_o, 1, 1, 1);
    vta_dep_push(&p, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
  }
  if (error == VTA_OK) error = vta_prog_finish(&p);
  if (error == VTA_OK && p.error != VTA_OK) error = p.error;
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
      stats->rows_per_tile = n_c;
      stats->ocb_per_tile = stats->icb_per_tile = 0;
      stats->order = 0;
    }
  }
  vta_arena_release(arena, mark);
  return error;
}
