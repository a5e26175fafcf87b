/* CONV2D on the VTA: tiling, the instruction stream with its tokens, and the CPU's layout
 * conversions around it. See accsim_vta/vta_conv2d.h for the scheme.
 *
 * The stream is a sequence of GEMM steps (one per output tile, or one per input-channel tile
 * in the "ic" order). Each step may come with a load group (input band and/or weights) that the
 * load module runs and hands over with one l2c token. With one thread the groups sit in
 * program order (load, compute, store per tile). With two, the group of the next step that
 * loads anything is emitted before the current step's GEMM: that is how upstream's virtual
 * threads interleave, and it lets fetch hand the load to the load module while compute is
 * still busy (fetch dispatches in order and blocks on the 8-deep compute queue, so a load
 * placed after a tile's ~40 compute instructions would only start as that tile ends). */
#include <stddef.h>

#include "accsim_kernels/vta_conv_layout.h"
#include "accsim_kernels/vta_requant.h"
#include "accsim_vta/vta_conv2d.h"
#include "accsim_vta/vta_program.h"
#include "accsim_vta/vta_uop.h"

enum { ORDER_BANDS, ORDER_OC, ORDER_IC };

/* The ALU chain: bias add, then vta_requant's 32 ops. Slots < NUM_ROWS are per-pixel rows
 * (data + scratch); a step with konst >= 0 reads constant row `konst` (0 = bias, 1 + k =
 * vta_requant's constant k). */
#define CHAIN_MAX (1 + VTA_REQUANT_MAX_OPS)
#define NUM_CONST (1 + VTA_REQUANT_NUM_CONST)
typedef struct {
  uint8_t opcode, dst, src, use_imm;
  int8_t konst;
  int32_t imm;
} ChainStep;

typedef struct {
  int n;
  uint32_t slots, nconst; /* per-pixel rows, constant rows per output block */
  ChainStep steps[CHAIN_MAX];
} Chain;

static int build_chain(const ConvParams* p, vta_conv_tail_t tail, Chain* c) {
  const ChainStep bias = {VTA_ALU_ADD, 0, 0, 0, 0, 0};
  c->steps[0] = bias;
  c->n = 1;
  c->slots = 1;
  c->nconst = 1;
  if (tail == VTA_CONV_RAW) return VTA_OK;
  if (p->act_min < -128 || p->act_max > 127) return VTA_ERR_ARGUMENT;
  vta_requant_op_t ops[VTA_REQUANT_MAX_OPS];
  const int n =
      vta_requant_program(ops, VTA_REQUANT_MAX_OPS, p->output_offset, p->act_min, p->act_max);
  if (n < 0) return VTA_ERR_ARGUMENT;
  for (int i = 0; i < n; ++i) {
    const vta_requant_op_t* op = &ops[i];
    ChainStep s = {op->alu_opcode, op->dst_slot, op->src_slot, op->use_imm, -1, op->imm};
    if (!op->use_imm && vta_requant_slot_is_const(op->src_slot)) {
      s.konst = (int8_t)(1 + op->src_slot - VTA_REQUANT_CONST_SLOT(0));
      s.src = 0;
    }
    c->steps[c->n++] = s;
  }
  c->slots = 1 + VTA_REQUANT_NUM_SCRATCH;
  c->nconst = NUM_CONST;
  return VTA_OK;
}

typedef struct {
  int order;
  uint32_t icb_t, ocb_t, rows;        /* per tile (the last tiles may be smaller) */
  uint32_t oc_tiles, bands, ic_tiles; /* counts */
  uint32_t inp_b, wgt_b;              /* rows of one INP / WGT buffer */
  uint32_t acc_const;                 /* resident constant rows at ACC 0 (0: per tile) */
  uint32_t acc_b;                     /* ACC rows of one tile buffer */
} ConvTiling;

static uint32_t div_up(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
static uint32_t min_u(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* ACC rows of a tile: the per-pixel slots, plus its constants when they are not resident. */
static uint32_t tile_acc(const Chain* c, const ConvTiling* t, uint32_t rows, uint32_t wo,
                         uint32_t ocb) {
  return c->slots * rows * wo * ocb + (t->acc_const ? 0 : c->nconst * ocb);
}

static void count_tiles(const ConvParams* p, const VtaConvGeometry* g, ConvTiling* t) {
  t->oc_tiles = div_up((uint32_t)g->ocb, t->ocb_t);
  t->bands = div_up((uint32_t)p->out_h, t->rows);
  t->ic_tiles = div_up((uint32_t)g->icb, t->icb_t);
}

static int plan_tiles(const vta_device_t* dev, const ConvParams* p, const VtaConvGeometry* g,
                      const Chain* c, int threads, ConvTiling* t) {
  const uint32_t T = (uint32_t)threads, kk = (uint32_t)(p->k_h * p->k_w);
  const uint32_t wp = (uint32_t)g->wp, wo = (uint32_t)p->out_w, ho = (uint32_t)p->out_h;
  const uint32_t S = (uint32_t)p->stride_h, kh = (uint32_t)p->k_h;
  const uint32_t icb = (uint32_t)g->icb, ocb = (uint32_t)g->ocb;
  const uint32_t max_iter = (1u << VTA_LOOP_ITER_BITS) - 1;
  t->inp_b = dev->inp_depth / T;
  /* Input-channel blocks: all of them unless one output row's inputs or one output block's
   * weights would not fit a (double-buffered) buffer; then near-equal tiles accumulated in
   * ACC. */
  uint32_t icb_t = 0;
  for (uint32_t splits = 1; splits <= icb; ++splits) {
    const uint32_t n = div_up(icb, splits);
    if (kk * n <= dev->wgt_depth / T && kh * wp * n <= t->inp_b) {
      icb_t = n;
      break;
    }
  }
  if (icb_t == 0 || wo > max_iter) return VTA_ERR_TOO_LARGE;
  t->icb_t = icb_t;
  if (icb_t < icb) {
    t->order = ORDER_IC;
  } else {
    t->order = ocb * kk * icb <= dev->wgt_depth ? ORDER_BANDS : ORDER_OC;
  }
  /* Shared weights only when they are never reloaded. */
  t->wgt_b = t->order == ORDER_BANDS ? dev->wgt_depth : dev->wgt_depth / T;
  /* Constants resident when they leave at least half of ACC to the tiles. */
  t->acc_const = c->nconst * ocb <= dev->acc_depth / 2 ? c->nconst * ocb : 0;
  t->acc_b = (dev->acc_depth - t->acc_const) / T;
  if (tile_acc(c, t, 1, wo, 1) > t->acc_b) return VTA_ERR_TOO_LARGE;

  const uint32_t uop_max = dev->uop_depth / 4; /* one GEMM kernel, leaving room for others */
  uint32_t ocb_t = 1, rows = 1;
#define OCB_FITS(n)                                                          \
  ((n)*kk * icb_t <= uop_max && tile_acc(c, t, rows, wo, (n)) <= t->acc_b && \
   (t->order == ORDER_BANDS || (n)*kk * icb_t <= t->wgt_b))
#define ROWS_FIT(r)                                                                             \
  ((((r)-1) * S + kh) * wp * icb_t <= t->inp_b && tile_acc(c, t, (r), wo, ocb_t) <= t->acc_b && \
   (r)*wo <= max_iter)
  /* In the "bands" order a narrower channel group costs no extra DMA (each band is loaded once
   * for all groups) while a shorter band reloads the kernel's halo rows: grow the band first.
   * Otherwise the input is reloaded per channel group: grow the group first. */
  if (t->order == ORDER_BANDS) {
    while (rows < ho && ROWS_FIT(rows + 1)) ++rows;
    while (ocb_t < ocb && OCB_FITS(ocb_t + 1)) ++ocb_t;
  } else {
    while (ocb_t < ocb && OCB_FITS(ocb_t + 1)) ++ocb_t;
    while (rows < ho && ROWS_FIT(rows + 1)) ++rows;
  }
#undef OCB_FITS
#undef ROWS_FIT
  /* Near-equal tiles. */
  t->ocb_t = div_up(ocb, div_up(ocb, ocb_t));
  t->rows = div_up(ho, div_up(ho, rows));
  count_tiles(p, g, t);
  /* Two threads overlap only when there are tiles to alternate: aim for four. Split channel
   * groups first where that costs no DMA, rows otherwise. */
  while (T > 1 && t->ic_tiles == 1 && t->oc_tiles * t->bands < 4) {
    /* Strictly smaller each time: div_up(n, tiles + 1) may not change the tile count. */
    if (t->order == ORDER_BANDS && t->ocb_t > 1) {
      t->ocb_t = min_u(t->ocb_t - 1, div_up(ocb, t->oc_tiles + 1));
    } else if (t->rows > 1) {
      t->rows = min_u(t->rows - 1, div_up(ho, t->bands + 1));
    } else if (t->ocb_t > 1) {
      t->ocb_t = min_u(t->ocb_t - 1, div_up(ocb, t->oc_tiles + 1));
    } else {
      break;
    }
    count_tiles(p, g, t);
  }
  return VTA_OK;
}

/* One GEMM step: its tile, its input channels, what its load group brings in. */
typedef struct {
  uint32_t tile;             /* output tile index (ACC buffer = tile % T) */
  uint32_t ob0, on, oy0, rn; /* the tile */
  uint32_t ib0, inb;         /* input blocks of this step */
  int first, last;           /* first/last step of its tile */
  int load_inp, load_wgt;    /* what its group loads */
  int frees_inp;             /* its GEMM is the last to read its INP buffer: push c2l */
  uint32_t n_inp;            /* index of the INP load it reads */
  uint32_t inp_base, wgt_base;
} Step;

static void describe(const ConvTiling* t, const ConvParams* p, const VtaConvGeometry* g,
                     uint32_t threads, uint32_t s, Step* st) {
  const uint32_t kk = (uint32_t)(p->k_h * p->k_w), icb = (uint32_t)g->icb;
  const uint32_t ocb = (uint32_t)g->ocb, ho = (uint32_t)p->out_h;
  uint32_t j, b, i = 0;
  if (t->order == ORDER_BANDS) {
    b = s / t->oc_tiles;
    j = s % t->oc_tiles;
    st->tile = s;
    st->load_inp = j == 0;
    st->load_wgt = b == 0;
    st->frees_inp = j == t->oc_tiles - 1;
    st->n_inp = b;
  } else {
    const uint32_t tile = s / t->ic_tiles;
    i = s % t->ic_tiles;
    j = tile / t->bands;
    b = tile % t->bands;
    st->tile = tile;
    st->load_inp = 1;
    st->load_wgt = t->order == ORDER_IC || b == 0;
    st->frees_inp = 1;
    st->n_inp = s;
  }
  st->ob0 = j * t->ocb_t;
  st->on = min_u(t->ocb_t, ocb - st->ob0);
  st->oy0 = b * t->rows;
  st->rn = min_u(t->rows, ho - st->oy0);
  st->ib0 = i * t->icb_t;
  st->inb = min_u(t->icb_t, icb - st->ib0);
  st->first = i == 0;
  st->last = i == t->ic_tiles - 1;
  st->inp_base = (st->n_inp % threads) * t->inp_b;
  if (t->order == ORDER_BANDS) {
    st->wgt_base = st->ob0 * kk * icb; /* resident, as in DRAM */
  } else if (t->order == ORDER_OC) {
    st->wgt_base = (j % threads) * t->wgt_b;
  } else {
    st->wgt_base = (s % threads) * t->wgt_b;
  }
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

typedef struct {
  const vta_device_t* dev;
  const ConvParams* p;
  const VtaConvGeometry* g;
  const ConvTiling* t;
  vta_prog_t* prog;
  uint32_t threads, d_in, d_w;
} Emitter;

/* The load module's part of step `st`: wait until compute is done with the INP (and WGT)
 * buffer it refills, load, hand over. Returns whether it pushed a token. */
static int emit_group(const Emitter* e, const Step* st) {
  const ConvParams* p = e->p;
  const uint32_t kk = (uint32_t)(p->k_h * p->k_w), icb = (uint32_t)e->g->icb;
  const uint32_t wp = (uint32_t)e->g->wp, S = (uint32_t)p->stride_h;
  if (!st->load_inp && !st->load_wgt) return 0;
  if (st->load_inp && st->n_inp >= e->threads) {
    vta_dep_pop(e->prog, VTA_STAGE_COMPUTE, VTA_STAGE_LOAD);
  }
  if (st->load_wgt) {
    const uint32_t dram = e->d_w + st->ob0 * kk * icb + st->ib0;
    if (st->inb == icb) {
      vta_load_1d(e->prog, VTA_MEM_WGT, st->wgt_base, dram, st->on * kk * icb);
    } else {
      vta_load_2d(e->prog, VTA_MEM_WGT, st->wgt_base, dram, st->on * kk, st->inb, icb, 0, 0, 0, 0);
    }
  }
  if (st->load_inp) {
    const uint32_t in_rows = (st->rn - 1) * S + (uint32_t)p->k_h;
    const uint32_t dram = e->d_in + st->oy0 * S * wp * icb + st->ib0;
    if (st->inb == icb) { /* the band is one contiguous run: whole bursts */
      vta_load_1d(e->prog, VTA_MEM_INP, st->inp_base, dram, in_rows * wp * icb);
    } else {
      vta_load_2d(e->prog, VTA_MEM_INP, st->inp_base, dram, in_rows * wp, st->inb, icb, 0, 0, 0, 0);
    }
  }
  vta_dep_push(e->prog, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);
  return 1;
}

/* Everything vta_conv2d_int8 refuses before it touches memory or the device: the arguments,
 * the requantisation chain, the tiling and every channel's requantisation constants. */
static int validate(const vta_device_t* dev, const ConvParams* p, int threads, vta_conv_tail_t tail,
                    Chain* chain, VtaConvGeometry* g, ConvTiling* t) {
  if (threads < 1 || threads > 2 || p->stride_h < 1 || p->stride_w < 1 || p->input_offset < -127 ||
      p->input_offset > 128) {
    return VTA_ERR_ARGUMENT;
  }
  int error = build_chain(p, tail, chain);
  if (error != VTA_OK) return error;
  vta_conv_geometry(p, (int)dev->block, g);
  error = plan_tiles(dev, p, g, chain, threads, t);
  if (error != VTA_OK || tail == VTA_CONV_RAW) return error;
  for (int oc = 0; oc < p->out_c; ++oc) {
    int32_t values[NUM_CONST];
    if (vta_requant_constants(p->output_multiplier[oc], p->output_shift[oc], values + 1) != 0) {
      return VTA_ERR_ARGUMENT;
    }
  }
  return VTA_OK;
}

int vta_conv2d_supported(const vta_device_t* dev, const ConvParams* p, int threads,
                         vta_conv_tail_t tail) {
  Chain chain;
  VtaConvGeometry g;
  ConvTiling t;
  return validate(dev, p, threads, tail, &chain, &g, &t);
}

int vta_conv2d_int8(const vta_device_t* dev, vta_arena_t* arena, const ConvParams* p,
                    const int8_t* input, const int8_t* filter, const int32_t* bias, int8_t* output,
                    int threads, vta_conv_tail_t tail, vta_op_stats_t* stats) {
  Chain chain;
  VtaConvGeometry g;
  ConvTiling t;
  int error = validate(dev, p, threads, tail, &chain, &g, &t);
  if (error != VTA_OK) return error;
  const uint32_t B = dev->block;

  const uint32_t T = (uint32_t)threads, S = (uint32_t)p->stride_h, SW = (uint32_t)p->stride_w;
  const uint32_t kh = (uint32_t)p->k_h, kw = (uint32_t)p->k_w;
  const uint32_t wp = (uint32_t)g.wp, wo = (uint32_t)p->out_w, ho = (uint32_t)p->out_h;
  const uint32_t ocb = (uint32_t)g.ocb;
  const uint32_t tiles = t.oc_tiles * t.bands;
  const uint32_t steps = tiles * t.ic_tiles;
  const uint32_t nconst = chain.nconst;
  /* Every tile uses the same slot stride, so micro-op kernels are shared by all tiles of an ACC
   * buffer; within a slot rows are [output block][pixel], so a block's pixels store as one
   * run. */
  const uint32_t pix_stride = t.rows * wo;
  const uint32_t slot_rows = pix_stride * t.ocb_t;

  const size_t mark = vta_arena_mark(arena);
  int8_t* bin = vta_arena_alloc(arena, (size_t)vta_conv_input_bytes(&g), dev->inp_bytes);
  int8_t* bw = vta_arena_alloc(arena, (size_t)vta_conv_weight_bytes(p, &g), dev->wgt_bytes);
  int8_t* bout = vta_arena_alloc(arena, (size_t)vta_conv_output_bytes(p, &g), dev->out_bytes);
  int32_t* consts = vta_arena_alloc(arena, (size_t)nconst * ocb * dev->acc_bytes, dev->acc_bytes);
  int32_t* folded = vta_arena_alloc(arena, ocb * B * sizeof(int32_t), 4);
  const uint32_t capacity = tiles * ((uint32_t)chain.n + 16 + t.ocb_t) + steps * 8 + 64;
  vta_insn_t* insns = vta_arena_alloc(arena, capacity * sizeof(vta_insn_t), 16);
  /* Every kernel the program can build (the cache may forget and rebuild): per step a GEMM
   * kernel, per tile a reset and a chain kernel. */
  const uint32_t uop_capacity = steps * t.ocb_t * kh * kw * t.icb_t + tiles * (chain.n + 1) + 64;
  uint32_t* uops = vta_arena_alloc(arena, uop_capacity * sizeof(uint32_t), 4);
  if (!bin || !bw || !bout || !consts || !folded || !insns || !uops) {
    vta_arena_release(arena, mark);
    return VTA_ERR_TOO_LARGE;
  }

  /* The CPU's part: blocked layouts, folded bias, per-channel constant rows [const][ocb][B]. */
  vta_conv_pack_input(p, &g, input, bin);
  vta_conv_pack_weights(p, &g, filter, bw);
  vta_conv_fold_bias(p, &g, filter, bias, folded);
  for (uint32_t oc = 0; oc < ocb * B; ++oc) {
    int32_t values[NUM_CONST] = {0};
    values[0] = folded[oc];
    if (oc < (uint32_t)p->out_c && nconst > 1 &&
        vta_requant_constants(p->output_multiplier[oc], p->output_shift[oc], values + 1) != 0) {
      vta_arena_release(arena, mark);
      return VTA_ERR_ARGUMENT;
    }
    for (uint32_t c = 0; c < nconst; ++c) consts[(c * ocb + oc / B) * B + oc % B] = values[c];
  }

  vta_prog_t prog;
  vta_prog_init(&prog, dev, insns, capacity);
  vta_uop_cache_t cache;
  vta_uop_cache_init(&cache, uops, uop_capacity);
  Emitter em = {dev, p, &g, &t, &prog, T, 0, 0};
  em.d_in = vta_dram_index(dev, VTA_MEM_INP, bin, &error);
  em.d_w = vta_dram_index(dev, VTA_MEM_WGT, bw, &error);
  const uint32_t d_out = vta_dram_index(dev, VTA_MEM_OUT, bout, &error);
  const uint32_t d_c = vta_dram_index(dev, VTA_MEM_ACC, consts, &error);
  uint32_t const_held[2] = {~0u, ~0u}; /* channel group whose constants a tile buffer holds */
  uint32_t emitted = 0;                /* load groups emitted: steps [0, emitted) */
  uint32_t ahead = 0;                  /* the latest step whose (non-empty) group is emitted */
  uint32_t units = 0;

  Step st;
  for (uint32_t s = 0; s < steps; ++s) {
    describe(&t, p, &g, T, s, &st);
    const uint32_t m = st.tile, on = st.on, rn = st.rn, pix = rn * wo;
    const uint32_t acc_base = t.acc_const + (m % T) * t.acc_b;
    const uint32_t j = st.ob0 / t.ocb_t;
    /* Constant rows of this channel group: resident at ACC nconst * ob0 (one piece per group,
     * rows [const][block]) or after the tile's slots. */
    const uint32_t const_base = t.acc_const ? nconst * st.ob0 : acc_base + chain.slots * slot_rows;
    if (st.first) {
      /* Reusing this ACC buffer: wait until the store drained the tile before the last. */
      if (m >= T) vta_dep_pop(&prog, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
      int fresh;
      const int kr = kernel_find_or_begin(&cache, &prog, 1, acc_base, 0, 0, &fresh);
      if (fresh) {
        vta_uop_push(&cache, &prog, acc_base, 0, 0);
        vta_uop_end(&cache);
      }
      vta_loop_t reset = {0, 0, on, pix, on > 1 ? pix_stride : 0, 1, 0, 0, 0, 0};
      vta_uop_use(&cache, &prog, kr, &reset);
      vta_gemm(&prog, &reset, 1);
      /* ACC loads run on the compute module: load the constants before waiting for the
       * inputs, while the load module is still busy. */
      const int need = t.acc_const ? st.oy0 == 0 && st.ib0 == 0 : const_held[m % T] != j;
      if (need) {
        vta_load_2d(&prog, VTA_MEM_ACC, const_base, d_c + st.ob0, nconst, on, ocb, 0, 0, 0, 0);
        if (!t.acc_const) const_held[m % T] = j;
      }
    }
    /* Load groups: in program order with one thread; with two, up to the next step that
     * loads anything, so that load runs during this step's compute. */
    if (emitted == s) {
      units += (uint32_t)emit_group(&em, &st);
      emitted = s + 1;
    }
    /* Only one group ahead: a second one could wait for a c2l token whose GEMM is not in the
     * stream yet, fill the 8-deep load queue and stop fetch before that GEMM (a deadlock). */
    if (T > 1 && ahead <= s) {
      Step next;
      while (emitted < steps) {
        ahead = emitted;
        describe(&t, p, &g, T, emitted++, &next);
        if (emit_group(&em, &next)) {
          ++units;
          break;
        }
      }
    }
    int fresh;
    const int kg = kernel_find_or_begin(&cache, &prog, 2, on << 16 | st.inb,
                                        st.inp_base << 16 | st.wgt_base, acc_base, &fresh);
    if (fresh) {
      for (uint32_t o = 0; o < on; ++o) {
        for (uint32_t ky = 0; ky < kh; ++ky) {
          for (uint32_t kx = 0; kx < kw; ++kx) {
            for (uint32_t ib = 0; ib < st.inb; ++ib) {
              vta_uop_push(&cache, &prog, acc_base + o * pix_stride,
                           st.inp_base + (ky * wp + kx) * st.inb + ib,
                           st.wgt_base + ((o * kh + ky) * kw + kx) * st.inb + ib);
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
                       rn > 1 ? wo : 0,
                       wo > 1 ? 1 : 0,
                       rn > 1 ? S * wp * st.inb : 0,
                       wo > 1 ? SW * st.inb : 0,
                       0,
                       0};
    vta_uop_use(&cache, &prog, kg, &gemm);
    /* The step's own group's token (a step without a group reads a band already handed over). */
    if (st.load_inp || st.load_wgt) vta_dep_pop(&prog, VTA_STAGE_LOAD, VTA_STAGE_COMPUTE);
    vta_gemm(&prog, &gemm, 0);
    if (st.frees_inp) vta_dep_push(&prog, VTA_STAGE_COMPUTE, VTA_STAGE_LOAD);
    if (!st.last) continue;

    /* Bias add and requantisation: one kernel holds a micro-op per chain step; each ALU
     * instruction runs one of them over the tile's blocks (iter_out) and pixels (iter_in). */
    const int ka = kernel_find_or_begin(&cache, &prog, 3, acc_base, const_base, on, &fresh);
    if (fresh) {
      for (int i = 0; i < chain.n; ++i) {
        const ChainStep* cs = &chain.steps[i];
        const uint32_t dst = acc_base + cs->dst * slot_rows;
        const uint32_t src = cs->use_imm      ? dst
                             : cs->konst >= 0 ? const_base + (uint32_t)cs->konst * on
                                              : acc_base + cs->src * slot_rows;
        vta_uop_push(&cache, &prog, dst, src, 0);
      }
      vta_uop_end(&cache);
    }
    vta_loop_t chain_loop;
    vta_uop_use(&cache, &prog, ka, &chain_loop);
    for (int i = 0; i < chain.n; ++i) {
      const ChainStep* cs = &chain.steps[i];
      const int konst = !cs->use_imm && cs->konst >= 0;
      vta_loop_t alu = {chain_loop.uop_bgn + (uint32_t)i,
                        chain_loop.uop_bgn + (uint32_t)i + 1,
                        on,
                        pix,
                        on > 1 ? pix_stride : 0,
                        1,
                        on > 1 ? (konst ? 1 : pix_stride) : 0,
                        konst ? 0 : 1,
                        0,
                        0};
      vta_alu(&prog, &alu, cs->opcode, cs->use_imm, cs->imm);
    }
    vta_dep_push(&prog, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);
    /* Store module: each output block's pixels are one run of [OCB][Ho][Wo][B]. */
    vta_dep_pop(&prog, VTA_STAGE_COMPUTE, VTA_STAGE_STORE);
    for (uint32_t o = 0; o < on; ++o) {
      vta_store_2d(&prog, acc_base + o * pix_stride, d_out + (st.ob0 + o) * ho * wo + st.oy0 * wo,
                   1, pix, pix);
    }
    vta_dep_push(&prog, VTA_STAGE_STORE, VTA_STAGE_COMPUTE);
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
      stats->order = (uint32_t)t.order;
    }
  }
  if (error == VTA_OK) error = prog.error;
  vta_arena_release(arena, mark);
  return error;
}
