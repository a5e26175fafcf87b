/* conv_suite: one convolution layer with the direct, im2col + GEMM and indirect GEMM algorithms
 * (firmware_stub/kernels/conv_{direct,im2col,indirect}.c), for settling seed 002 vs seed 003 on
 * a given cache and memory system.
 *   firmware_args = [layer (0; -1 lists the layers), algorithm (4), window kMACs (4000),
 *                    mc (4), nc (0)]
 *   algorithm: 0 setup only (the baseline that whole-run statistics are differenced against),
 *              1 direct, 2 im2col, 3 indirect, 4 all three checked against conv_ref.c.
 *   window kMACs: the cropped output window's size (conv_suite_layers.h); 0 = the full layer.
 *   mc, nc: the GEMMs' cache blocking (ConvGemmTiling).
 * Every run does the same setup first (data, bias folding, both weight packings, the indirection
 * buffer: once-per-model work, each in its own region) on the same buffer addresses, so runs of
 * one layer differ only in the measured region `direct`, `im2col` (with `im2col_transform` and
 * `im2col_gemm` inside) or `indirect`. The `memory:` and `result:` lines are key=value for
 * tools/conv_suite.py. */
#include <stdio.h>
#include <string.h>

#include "accsim/csr.h"
#include "accsim/sim_control.h"
#include "accsim_kernels/conv.h"
#include "accsim_kernels/conv_suite.h"
#include "accsim_kernels/test_data.h"
#include "arena.h"
#include "conv_suite_layers.h"

enum { ALGO_SETUP_ONLY, ALGO_DIRECT, ALGO_IM2COL, ALGO_INDIRECT, ALGO_ALL };
static const char* const algo_names[] = {"setup_only", "direct", "im2col", "indirect", "all"};

typedef struct {
  ConvParams p;
  ConvGemmTiling tiling;
  int8_t *input, *filter, *output, *im2col_weights, *indirect_weights, *im2col_buffer, *zero_row;
  int32_t *bias, *multiplier, *shift, *folded_bias;
  const int8_t** indirection;
  size_t output_bytes;
} Run;

/* The 1x1 layers' weights are up to 1.4 MB: four bytes per random draw keeps setup short. */
static void fill_fast(Rng* rng, int8_t* data, size_t count) {
  for (size_t i = 0; i < count; i += 4) {
    const uint32_t word = rng_next(rng);
    for (size_t j = 0; j < 4 && i + j < count; ++j) data[i + j] = (int8_t)(word >> (8 * j));
  }
}

static void* take(size_t bytes, int* ok) {
  void* p = arena_alloc(bytes ? bytes : 1);
  if (!p) *ok = 0;
  return p;
}

static int allocate(Run* r) {
  const ConvParams* p = &r->p;
  const size_t filter_bytes = (size_t)p->out_c * p->k_h * p->k_w * p->in_c;
  int ok = 1;
  r->output_bytes = (size_t)p->out_h * p->out_w * p->out_c;
  r->input = take((size_t)p->in_h * p->in_w * p->in_c, &ok);
  r->filter = take(filter_bytes, &ok);
  r->bias = take(p->out_c * sizeof(int32_t), &ok);
  r->multiplier = take(p->out_c * sizeof(int32_t), &ok);
  r->shift = take(p->out_c * sizeof(int32_t), &ok);
  r->output = take(r->output_bytes, &ok);
  r->folded_bias = take(conv_gemm_bias_bytes(p), &ok);
  r->im2col_weights = take(conv_im2col_weight_bytes(p), &ok);
  r->indirect_weights = take(conv_indirect_weight_bytes(p), &ok);
  r->im2col_buffer = take(conv_im2col_buffer_bytes(p), &ok);
  r->indirection = take(conv_indirect_buffer_bytes(p), &ok);
  r->zero_row = take(conv_indirect_zero_row_bytes(p), &ok);
  return ok;
}

static void generate(Run* r, int layer) {
  ConvParams* p = &r->p;
  Rng rng;
  rng_seed(&rng, 0xC0DE0000u + (uint32_t)layer);
  fill_fast(&rng, r->input, (size_t)p->in_h * p->in_w * p->in_c);
  fill_fast(&rng, r->filter, (size_t)p->out_c * p->k_h * p->k_w * p->in_c);
  fill_channel_quantization(&rng, r->bias, r->multiplier, r->shift, p->out_c);
  /* Nonzero input zero points, so a zero row holding 0 instead of the zero point would show. */
  p->input_offset = rng_range(&rng, -120, 120) | 1;
  p->output_offset = rng_range(&rng, -20, 20);
  p->act_min = -128;
  p->act_max = 127;
  p->output_multiplier = r->multiplier;
  p->output_shift = r->shift;
}

/* The once-per-model work of both GEMM algorithms, each part a region of its own. */
static void setup(Run* r) {
  const ConvParams* p = &r->p;
  accsim_region_begin("fold_bias");
  conv_gemm_fold_bias(p, r->filter, r->bias, r->folded_bias);
  accsim_region_end("fold_bias");
  accsim_region_begin("pack_im2col");
  conv_im2col_pack_weights(p, r->filter, r->im2col_weights);
  accsim_region_end("pack_im2col");
  accsim_region_begin("pack_indirect");
  conv_indirect_pack_weights(p, r->filter, r->indirect_weights);
  accsim_region_end("pack_indirect");
  accsim_region_begin("indirect_init");
  conv_indirect_init(p, r->input, r->zero_row, r->indirection);
  accsim_region_end("indirect_init");
}

/* Runs one algorithm in its region; returns its cycles. */
static uint32_t run_algorithm(const Run* r, int algo, uint32_t* transform_cycles) {
  const ConvParams* p = &r->p;
  const uint32_t start = csr_read(mcycle);
  *transform_cycles = 0;
  switch (algo) {
    case ALGO_DIRECT:
      accsim_region_begin("direct");
      conv_direct(p, r->input, r->filter, r->bias, r->output);
      accsim_region_end("direct");
      break;
    case ALGO_IM2COL: {
      accsim_region_begin("im2col");
      accsim_region_begin("im2col_transform");
      conv_im2col_transform(p, r->input, r->im2col_buffer);
      accsim_region_end("im2col_transform");
      *transform_cycles = csr_read(mcycle) - start;
      accsim_region_begin("im2col_gemm");
      conv_im2col_gemm(p, &r->tiling, r->im2col_buffer, r->im2col_weights, r->folded_bias,
                       r->output);
      accsim_region_end("im2col_gemm");
      accsim_region_end("im2col");
      break;
    }
    case ALGO_INDIRECT:
      accsim_region_begin("indirect");
      conv_indirect(p, &r->tiling, r->input, r->indirection, r->indirect_weights, r->folded_bias,
                    r->output);
      accsim_region_end("indirect");
      break;
    default:
      break;
  }
  return csr_read(mcycle) - start;
}

static void print_result(const ConvSuiteLayer* l, const Run* r, int algo, uint32_t cycles,
                         uint32_t transform_cycles) {
  printf("result: layer=%s algorithm=%s cycles=%lu transform_cycles=%lu checksum=0x%08lx\n",
         l->name, algo_names[algo], (unsigned long)cycles, (unsigned long)transform_cycles,
         (unsigned long)fnv1a(r->output, r->output_bytes));
}

static int list_layers(void) {
  for (int i = 0; i < conv_suite_num_layers; ++i) {
    const ConvSuiteLayer* l = &conv_suite_layers[i];
    printf("layer: index=%d name=%s net=%s in=%dx%dx%d out_c=%d k=%d stride=%d padding=%s\n", i,
           l->name, l->net, l->in_h, l->in_w, l->in_c, l->out_c, l->k, l->stride,
           l->same ? "SAME" : "VALID");
  }
  return 0;
}

int main(void) {
  const int layer = (int)accsim_arg(0, 0);
  const int algo = (int)accsim_arg(1, ALGO_ALL);
  const int32_t budget_kmacs = accsim_arg(2, 4000);
  Run r;
  memset(&r, 0, sizeof(r));
  r.tiling.mc = (int)accsim_arg(3, 4);
  r.tiling.nc = (int)accsim_arg(4, 0);
  if (layer == -1) return list_layers();
  if (layer < 0 || layer >= conv_suite_num_layers || algo < ALGO_SETUP_ONLY || algo > ALGO_ALL ||
      budget_kmacs < 0 || r.tiling.mc < 0 || r.tiling.nc < 0) {
    printf(
        "usage: firmware_args = [layer 0..%d (-1 lists them), algorithm 0..4, window kMACs "
        "(0 = full layer), mc, nc]\n",
        conv_suite_num_layers - 1);
    return 1;
  }
  const ConvSuiteLayer* l = &conv_suite_layers[layer];
  int full_h, full_w;
  conv_suite_geometry(l, budget_kmacs, &r.p, &full_h, &full_w);
  const ConvParams* p = &r.p;
  const uint64_t macs = (uint64_t)p->out_h * p->out_w * p->out_c * p->k_h * p->k_w * p->in_c;
  printf(
      "conv_suite: layer=%s net=%s in=%dx%dx%d out_c=%d k=%d stride=%d padding=%s "
      "full_out=%dx%d window=%dx%d input_rows=%d macs=%llu mc=%d nc=%d algorithm=%s\n",
      l->name, l->net, l->in_h, l->in_w, l->in_c, l->out_c, l->k, l->stride,
      l->same ? "SAME" : "VALID", full_h, full_w, p->out_h, p->out_w, p->in_h,
      (unsigned long long)macs, r.tiling.mc, r.tiling.nc, algo_names[algo]);
  if (!allocate(&r)) {
    printf("FAIL: the buffers do not fit in main_ram\n");
    return 1;
  }
  printf(
      "memory: im2col_buffer_bytes=%lu indirection_bytes=%lu zero_row_bytes=%lu "
      "im2col_weight_bytes=%lu indirect_weight_bytes=%lu folded_bias_bytes=%lu "
      "filter_bytes=%lu input_bytes=%lu output_bytes=%lu plain_gemm=%d\n",
      (unsigned long)conv_im2col_buffer_bytes(p), (unsigned long)conv_indirect_buffer_bytes(p),
      (unsigned long)conv_indirect_zero_row_bytes(p), (unsigned long)conv_im2col_weight_bytes(p),
      (unsigned long)conv_indirect_weight_bytes(p), (unsigned long)conv_gemm_bias_bytes(p),
      (unsigned long)((size_t)p->out_c * p->k_h * p->k_w * p->in_c),
      (unsigned long)((size_t)p->in_h * p->in_w * p->in_c), (unsigned long)r.output_bytes,
      conv_indirect_is_plain_gemm(p));
  generate(&r, layer);
  setup(&r);

  if (algo != ALGO_ALL) {
    uint32_t transform = 0;
    const uint32_t cycles = run_algorithm(&r, algo, &transform);
    print_result(l, &r, algo, cycles, transform);
    return 0;
  }

  /* All three against the reference convolution, each on a poisoned output buffer. */
  int8_t* want = arena_alloc(r.output_bytes);
  if (!want) return 1;
  conv2d_int8_reference(p, r.input, r.filter, r.bias, want);
  int failures = 0;
  for (int a = ALGO_DIRECT; a <= ALGO_INDIRECT; ++a) {
    memset(r.output, 0x5A, r.output_bytes);
    uint32_t transform = 0;
    const uint32_t cycles = run_algorithm(&r, a, &transform);
    print_result(l, &r, a, cycles, transform);
    size_t bad = 0;
    for (size_t i = 0; i < r.output_bytes; ++i) bad += r.output[i] != want[i];
    printf("%s: %s (%lu of %lu outputs differ from conv_ref)\n", algo_names[a],
           bad ? "FAIL" : "bit-exact", (unsigned long)bad, (unsigned long)r.output_bytes);
    failures += bad != 0;
  }
  if (failures) return 1;
  printf("conv_suite: PASS (%s, all algorithms bit-exact)\n", l->name);
  return 0;
}
