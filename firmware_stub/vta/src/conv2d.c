/* CONV2D on the VTA: tiling, the instruction stream with its tokens, and the CPU's layout
 * conversions around it. See accsim_vta/vta_conv2d.h for the scheme. */
#include <stddef.h>
#include <stdio.h>

#include "accsim_kernels/vta_conv_layout.h"
#include "accsim_vta/vta_conv2d.h"
#include "accsim_vta/vta_program.h"
#include "accsim_vta/vta_uop.h"

typedef struct {
  uint32_t icb_t, ocb_t, rows;  /* per tile (the last tiles may be smaller) */
  uint32_t inp_b, wgt_b, acc_b; /* per-thread SRAM shares */
} ConvTiling;

static uint32_t div_up(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

/* ACC rows of one tile: tile slots per (pixel, block), constant slots per block. */
static uint32_t acc_rows(const vta_rq_plan_t* plan, uint32_t rows, uint32_t wo, uint32_t ocb) {
  return (uint32_t)plan->tile_slots * rows * wo * ocb + (uint32_t)plan->const_slots * ocb;
}

static int plan_tiles(const vta_device_t* dev, const ConvParams* p, const VtaConvGeometry* g,
                      const vta_rq_plan_t* plan, int threads, ConvTiling* t) {
  const uint32_t T = (uint32_t)threads, kk = (uint32_t)(p->k_h * p->k_w);
  const uint32_t wp = (uint32_t)g->wp, wo = (uint32_t)p->out_w, ho = (uint32_t)p->out_h;
  const uint32_t S = (uint32_t)p->stride_h;
  const uint32_t max_iter = (1u << VTA_LOOP_ITER_BITS) - 1;
  t->inp_b = dev->inp_depth / T;
  t->wgt_b = dev->wgt_depth / T;
  t->acc_b = dev->acc_depth / T;
  /* Input-channel blocks: all of them unless one output row's inputs or one output block's
   * weights would not fit; then split into near-equal tiles accumulated in ACC. */
  uint32_t icb_t = 0;
  for (uint32_t splits = 1; splits <= (uint32_t)g->icb; ++splits) {
    const uint32_t c = div_up((uint32_t)g->icb, splits);
    if (kk * c <= t->wgt_b && (uint32_t)p->k_h * wp * c <= t->inp_b) {
      icb_t = c;
      break;
    }
  }
  if (icb_t == 0 || acc_rows(plan, 1, wo, 1) > t->acc_b || wo > max_iter) return VTA_ERR_TOO_LARGE;
  /* Output-channel blocks: as many as the weights and one output row's accumulators allow. */
  uint32_t ocb_t = (uint32_t)g->ocb;
  while (ocb_t > 1 && (ocb_t * kk * icb_t > t->wgt_b || acc_rows(plan, 1, wo, ocb_t) > t->acc_b ||
                       ocb_t * kk * icb_t > dev->uop_depth / 4)) {
    --ocb_t;
  }
  ocb_t = div_up((uint32_t)g->ocb, div_up((uint32_t)g->ocb, ocb_t));
  /* Output rows: as many as INP and ACC allow. */
  uint32_t rows = ho;
  while (rows > 1 && (((rows - 1) * S + (uint32_t)p->k_h) * wp * icb_t > t->inp_b ||
                      acc_rows(plan, rows, wo, ocb_t) > t->acc_b || rows * wo > max_iter)) {
    --rows;
  }
  /* Two threads only overlap when there are tiles to alternate: aim for four or more. */
  const uint32_t oc_tiles = div_up((uint32_t)g->ocb, ocb_t);
  if (T > 1 && oc_tiles * div_up(ho, rows) < 2 * T) {
    const uint32_t want_row_tiles = div_up(2 * T, oc_tiles);
    const uint32_t r = div_up(ho, want_row_tiles);
    if (r < rows) rows = r;
  }
  rows = div_up(ho, div_up(ho, rows));
  t->icb_t = icb_t;
  t->ocb_t = ocb_t;
  t->rows = rows;
  return VTA_OK;
}

/* A cached micro-op kernel: key = {kind, a, b, c}. */
static int kernel_find_or_begin(vta_uop_cache_t* cache, vta_prog_t* prog, uint32_t kind, uint32_t a,
                                uint32_t b, uint32_t c, int* fresh) {
  const uint32_t key[4] = {kind, a, b, c};
  int k = vta_uop_find(cache, key);
  *fresh = k < 0;
  if (k < 0) k = vta_uop_begin(cache, prog, key);
  return k;
}

int vta_conv2d_int8(const vta_device_t* dev, vta_arena_t* arena, const ConvParams* p,
                    const int8_t* input, const int8_t* filter, const int32_t* bias, int8_t* output,
                    int threads, const vta_rq_plan_t* plan, vta_op_stats_t* stats) {
  vta_rq_plan_t exact;
  if (!plan) {
    const int status = vta_conv_requant_plan(p, &exact);
    if (status != VTA_OK) return status;
    plan = &exact;
  }
  if (threads < 1 || threads > 2 || p->stride_h < 1 || p->stride_w < 1 || p->input_offset < -127 ||
      p->input_offset > 128 || plan->const_slots < 1 || plan->const_slots > VTA_RQ_MAX_CONSTS) {
    return VTA_ERR_ARGUMENT;
  }
  const uint32_t B = dev->block;
  VtaConvGeometry g;
  vta_conv_geometry(p, (int)B, &g);
  ConvTiling t;
  int error = plan_tiles(dev, p, &g, plan, threads, &t);
  if (error != VTA_OK) return error;

  const uint32_t T = (uint32_t)threads, S = (uint32_t)p->stride_h, SW = (uint32_t)p->stride_w;
  const uint32_t kh = (uint32_t)p->k_h, kw = (uint32_t)p->k_w;
  const uint32_t wp = (uint32_t)g.wp, wo = (uint32_t)p->out_w, ho = (uint32_t)p->out_h;
  const uint32_t icb = (uint32_t)g.icb, ocb = (uint32_t)g.ocb;
  const uint32_t oc_tiles = div_up(ocb, t.ocb_t), row_tiles = div_up(ho, t.rows);
  const uint32_t ic_tiles = div_up(icb, t.icb_t);
  const uint32_t tiles = oc_tiles * row_tiles, units = tiles * ic_tiles;
  const uint32_t nconst = (uint32_t)plan->const_slots;

  const size_t mark = vta_arena_mark(arena);
  int8_t* bin = vta_arena_alloc(arena, (size_t)vta_conv_input_bytes(&g), dev->inp_bytes);
  int8_t* bw = vta_arena_alloc(arena, (size_t)vta_conv_weight_bytes(p, &g), dev->wgt_bytes);
  int8_t* bout = vta_arena_alloc(arena, (size_t)vta_conv_output_bytes(p, &g), dev->out_bytes);
  int32_t* consts = vta_arena_alloc(arena, (size_t)nconst * ocb * dev->acc_bytes, dev->acc_bytes);
  int32_t* folded = vta_arena_alloc(arena, ocb * B * sizeof(int32_t), 4);
  const uint32_t capacity = tiles * ((uint32_t)plan->num_steps + 12) + units * 6 + 64;
  vta_insn_t* insns = vta_arena_alloc(arena, capacity * sizeof(vta_insn_t), 16);
  const uint32_t uop_capacity = 8 * t.ocb_t * kh * kw * t.icb_t + 2048;
  uint32_t* uops = vta_arena_alloc(arena, uop_capacity * sizeof(uint32_t), 4);
  if (!bin || !bw || !bout || !consts || !folded || !insns || !uops) {
    vta_arena_release(arena, mark);
    return VTA_ERR_TOO_LARGE;
  }

  /* The CPU's part: blocked layouts, folded bias, per-channel constant rows [slot][ocb][B]. */
  vta_conv_pack_input(p, &g, input, bin);
  vta_conv_pack_weights(p, &g, filter, bw);
  vta_conv_fold_bias(p, &g, filter, bias, folded);
  for (uint32_t oc = 0; oc < ocb * B; ++oc) {
    int32_t values[VTA_RQ_MAX_CONSTS] = {0};
    if (oc < (uint32_t)p->out_c) {
      plan->constants(folded[oc], p->output_multiplier[oc], p->output_shift[oc], values);
    }
    for (uint32_t c = 0; c < nconst; ++c) consts[(c * ocb + oc / B) * B + oc % B] = values[c];
  }

  vta_prog_t prog;
  vta_prog_init(&prog, dev, insns, capacity);
  vta_uop_cache_t cache;
  vta_uop_cache_init(&cache, uops, uop_capacity);
  const uint32_t d_in = vta_dram_index(dev, VTA_MEM_INP, bin, &error);
  const uint32_t d_w = vta_dram_index(dev, VTA_MEM_WGT, bw, &error);
  const uint32_t d_out = vta_dram_index(dev, VTA_MEM_OUT, bout, &error);
  const uint32_t d_c = vta_dram_index(dev, VTA_MEM_ACC, consts, &error);
  /* Which weights each INP/WGT half holds (ob0, on, ib0, inb), to skip reloads. */
  uint32_t wgt_key[2][4] = {{~0u, 0, 0, 0}, {~0u, 0, 0, 0}};
  uint32_t u = 0, tau = 0;

  for (uint32_t ot = 0; ot < oc_tiles; ++ot) {
    const uint32_t ob0 = ot * t.ocb_t, on = ocb - ob0 < t.ocb_t ? ocb - ob0 : t.ocb_t;
    for (uint32_t rt = 0; rt < row_tiles; ++rt, ++tau) {
      const uint32_t oy0 = rt * t.rows, rn = ho - oy0 < t.rows ? ho - oy0 : t.rows;
      const uint32_t pix = rn * wo, in_rows = (rn - 1) * S + kh;
      const uint32_t acc_base = (tau % T) * t.acc_b;
      /* One stride for every tile's slots, so the ALU micro-op kernels are shared by all
       * tiles of an ACC half. */
      const uint32_t slot_rows = t.rows * wo * t.ocb_t;
      const uint32_t const_base = acc_base + (uint32_t)plan->tile_slots * slot_rows;
      for (uint32_t it = 0; it < ic_tiles; ++it, ++u) {
        const uint32_t ib0 = it * t.icb_t, inb = icb - ib0 < t.icb_t ? icb - ib0 : t.icb_t;
        const uint32_t half = u % T;
        const uint32_t inp_base = half * t.inp_b, wgt_base = half * t.wgt_b;
        /* Load module: wait until compute is done with this half, fill it, hand it over. */
        if (u >= T) vta_dep_pop(&prog, VTA_STAGE_COMPUTE, VTA_STAGE_LOAD);
        vta_load_2d(&prog, VTA_MEM_INP, inp_base, d_in + (oy0 * S * wp) * icb + ib0, in_rows * wp,
                    inb, icb, 0, 0, 0, 0);
        uint32_t* wk = wgt_key[half];
        if (wk[0] != ob0 || wk[1] != on || wk[2] != ib0 || wk[3] != inb) {
          vta_load_2d(&prog, VTA_MEM_WGT, wgt_base, d_w + ob0 * kh * kw * icb + ib0, on * kh * kw,
                      inb, icb, 0, 0, 0, 0);
          wk[0] = ob0;
          wk[1] = on;
          wk[2] = ib0;
          wk[3] = inb;
        }
        vta_dep_push(&prog, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);

        /* Compute module. */
        vta_dep_pop(&prog, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);
        int fresh;
        if (it == 0) {
          /* This ACC half is free once the store drained the tile before the last. */
          if (tau >= T) vta_dep_pop(&prog, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
          const int kr = kernel_find_or_begin(&cache, &prog, 1, acc_base, 0, 0, &fresh);
          if (fresh) {
            vta_uop_push(&cache, &prog, acc_base, 0, 0);
            vta_uop_end(&cache);
          }
          vta_loop_t reset = {0, 0, pix, on, on, 1, 0, 0, 0, 0};
          vta_uop_use(&cache, &prog, kr, &reset);
          vta_gemm(&prog, &reset, 1);
          vta_load_2d(&prog, VTA_MEM_ACC, const_base, d_c + ob0, nconst, on, ocb, 0, 0, 0, 0);
        }
        const int kg = kernel_find_or_begin(&cache, &prog, 2, on << 16 | inb,
                                            inp_base << 16 | wgt_base, acc_base, &fresh);
        if (fresh) {
          for (uint32_t o = 0; o < on; ++o) {
            for (uint32_t ky = 0; ky < kh; ++ky) {
              for (uint32_t kx = 0; kx < kw; ++kx) {
                for (uint32_t ib = 0; ib < inb; ++ib) {
                  vta_uop_push(&cache, &prog, acc_base + o, inp_base + (ky * wp + kx) * inb + ib,
                               wgt_base + ((o * kh + ky) * kw + kx) * inb + ib);
                }
              }
            }
          }
          vta_uop_end(&cache);
        }
        /* Rows (iter_out) and columns (iter_in) of the tile, with the stride; a factor whose
         * loop runs once is 0 (it may not fit its field). */
        vta_loop_t gemm = {0,
                           0,
                           rn,
                           wo,
                           rn > 1 ? wo * on : 0,
                           wo > 1 ? on : 0,
                           rn > 1 ? S * wp * inb : 0,
                           wo > 1 ? SW * inb : 0,
                           0,
                           0};
        vta_uop_use(&cache, &prog, kg, &gemm);
        vta_gemm(&prog, &gemm, 0);
        /* The inputs and weights of this half are consumed. */
        vta_dep_push(&prog, VTA_STAGE_COMPUTE, VTA_STAGE_LOAD);
      }
      /* Requantisation over the tile's slots. */
      int fresh;
      for (int s = 0; s < plan->num_steps; ++s) {
        const vta_rq_step_t* st = &plan->steps[s];
        const int src_const = !st->use_imm && st->src >= plan->tile_slots;
        const uint32_t dst = acc_base + st->dst * slot_rows;
        const uint32_t src = st->use_imm ? dst
                             : src_const ? const_base + (uint32_t)(st->src - plan->tile_slots) * on
                                         : acc_base + st->src * slot_rows;
        const int ka = kernel_find_or_begin(&cache, &prog, 3, dst, src, 0, &fresh);
        if (fresh) {
          vta_uop_push(&cache, &prog, dst, src, 0);
          vta_uop_end(&cache);
        }
        vta_loop_t alu = {0, 0, pix, on, on, 1, src_const ? 0 : on, 1, 0, 0};
        vta_uop_use(&cache, &prog, ka, &alu);
        vta_alu(&prog, &alu, st->opcode, st->use_imm, st->imm);
      }
      vta_dep_push(&prog, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);
      /* Store module: the tile's int8 rows into [Ho][Wo][OCB][B]. */
      vta_dep_pop(&prog, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);
      vta_store_2d(&prog, acc_base, d_out + oy0 * wo * ocb + ob0, pix, on, ocb);
      vta_dep_push(&prog, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
    }
  }
  if (error == VTA_OK) error = vta_prog_finish(&prog);
  if (error == VTA_OK && prog.error == VTA_OK) {
    const uint32_t cycles = vta_prog_run(&prog);
    vta_conv_unpack_output(p, &g, bout, output);
    if (stats) {
      stats->vta_cycles = cycles;
      stats->instructions = prog.count;
      stats->tiles = tiles;
      stats->load_units = units;
      stats->rows_per_tile = t.rows;
      stats->ocb_per_tile = t.ocb_t;
      stats->icb_per_tile = t.icb_t;
    }
  }
  if (error == VTA_OK) error = prog.error;
  vta_arena_release(arena, mark);
  return error;
}
