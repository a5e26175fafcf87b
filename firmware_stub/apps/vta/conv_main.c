/* vta_conv2d: int8 CONV2D on the VTA against the CPU reference (kernels/conv_ref.c).
 *   firmware_args = [shape (-1: every shape), threads (1|2), verify (1|0), raw (0|1)]
 * Shapes: conv_shapes.c (0..33 MobileNetV2 0.35's 1x1 layers, 34 its first 3x3 layer, then
 * this project's 3x3 layers). verify 1 runs conv2d_int8_reference() on the CPU and compares
 * every byte; raw 1 replaces the requantisation with the bias add alone and compares the low 8
 * bits of the accumulators (the GEMM path on its own). Prints checksums, VTA CYCLES and CPU
 * cycles per shape and a PASS/FAIL line; exit 1 on a mismatch. */
#include <stdio.h>

#include "accsim/csr.h"
#include "accsim_kernels/test_data.h"
#include "accsim_kernels/tflite_int8.h"
#include "accsim_vta/vta_conv2d.h"
#include "conv_shapes.h"
#include "vta_app.h"

/* The low 8 bits of sum (x + input_offset) * w + bias, padded taps skipped. */
static void raw_reference(const ConvParams* p, const int8_t* input, const int8_t* filter,
                          const int32_t* bias, int8_t* output) {
  for (int y = 0; y < p->out_h; ++y) {
    for (int x = 0; x < p->out_w; ++x) {
      for (int oc = 0; oc < p->out_c; ++oc) {
        const int32_t acc =
            add_wrapping(conv2d_int8_accumulator(p, input, filter, y, x, oc), bias[oc]);
        output[(y * p->out_w + x) * p->out_c + oc] = (int8_t)(uint8_t)(uint32_t)acc;
      }
    }
  }
}

static int run_shape(const vta_device_t* dev, vta_arena_t* arena, int index, int threads,
                     int verify, int raw) {
  const ConvShape* s = &conv_shapes[index];
  ConvParams p = {0};
  p.in_h = s->in_h;
  p.in_w = s->in_w;
  p.in_c = s->in_c;
  p.out_c = s->out_c;
  p.k_h = p.k_w = s->k;
  p.stride_h = p.stride_w = s->stride;
  p.input_offset = s->input_offset;
  p.output_offset = s->output_offset;
  p.act_min = s->act_min;
  p.act_max = s->act_max;
  conv_set_geometry(&p, s->same);

  const size_t mark = vta_arena_mark(arena);
  const int n_in = p.in_h * p.in_w * p.in_c, n_f = p.out_c * p.k_h * p.k_w * p.in_c;
  const int n_out = p.out_h * p.out_w * p.out_c;
  int8_t* input = vta_arena_alloc(arena, (size_t)n_in, 4);
  int8_t* filter = vta_arena_alloc(arena, (size_t)n_f, 4);
  int8_t* got = vta_arena_alloc(arena, (size_t)n_out, 4);
  int8_t* want = vta_arena_alloc(arena, (size_t)n_out, 4);
  int32_t* bias = vta_arena_alloc(arena, (size_t)p.out_c * 4, 4);
  int32_t* mult = vta_arena_alloc(arena, (size_t)p.out_c * 4, 4);
  int32_t* shift = vta_arena_alloc(arena, (size_t)p.out_c * 4, 4);
  Rng rng;
  rng_seed(&rng, 20260400u + (uint32_t)index);
  fill_int8(&rng, input, (size_t)n_in);
  fill_int8(&rng, filter, (size_t)n_f);
  fill_channel_quantization(&rng, bias, mult, shift, p.out_c);
  p.output_multiplier = mult;
  p.output_shift = shift;

  vta_op_stats_t st = {0};
  accsim_region_begin(s->name);
  const uint32_t start = csr_read(mcycle);
  const int status = vta_conv2d_int8(dev, arena, &p, input, filter, bias, got, threads,
                                     raw ? VTA_CONV_RAW : VTA_CONV_REQUANT, &st);
  const uint32_t cpu_cycles = csr_read(mcycle) - start;
  accsim_region_end(s->name);
  if (status != VTA_OK) {
    printf("conv2d %-26s: FAIL (%s)\n", s->name, vta_strerror(status));
    vta_arena_release(arena, mark);
    return 0;
  }
  uint32_t ref_cycles = 0;
  int bad = 0, first = -1;
  if (verify) {
    const uint32_t ref_start = csr_read(mcycle);
    if (raw) {
      raw_reference(&p, input, filter, bias, want);
    } else {
      conv2d_int8_reference(&p, input, filter, bias, want);
    }
    ref_cycles = csr_read(mcycle) - ref_start;
    for (int i = 0; i < n_out; ++i) {
      if (got[i] != want[i]) {
        if (bad++ == 0) first = i;
      }
    }
  }
  printf(
      "conv2d %-26s: %dx%dx%d->%dx%dx%d k%d s%d %s, %d thread(s), tiles %lu (rows %lu, "
      "blocks out %lu in %lu), order %s, %lu load groups, %lu insns\n",
      s->name, p.in_h, p.in_w, p.in_c, p.out_h, p.out_w, p.out_c, s->k, s->stride,
      s->same ? "SAME" : "VALID", threads, (unsigned long)st.tiles, (unsigned long)st.rows_per_tile,
      (unsigned long)st.ocb_per_tile, (unsigned long)st.icb_per_tile,
      st.order == 0   ? "bands"
      : st.order == 1 ? "oc"
                      : "ic",
      (unsigned long)st.load_units, (unsigned long)st.instructions);
  if (bad) {
    printf(
        "conv2d %-26s: FAIL (%d of %d outputs differ; first %d (y %d x %d c %d): %d, "
        "expected %d)\n",
        s->name, bad, n_out, first, first / p.out_c / p.out_w, first / p.out_c % p.out_w,
        first % p.out_c, got[first], want[first]);
  } else {
    printf(
        "conv2d %-26s: %s VTA cycles %lu, CPU cycles %lu, reference CPU cycles %lu, "
        "checksum 0x%08lx\n",
        s->name, verify ? "PASS" : "DONE", (unsigned long)st.vta_cycles, (unsigned long)cpu_cycles,
        (unsigned long)ref_cycles, (unsigned long)fnv1a(got, (size_t)n_out));
  }
  vta_arena_release(arena, mark);
  return bad == 0;
}

int main(void) {
  const int shape = accsim_arg(0, 35);
  const int threads = accsim_arg(1, 2);
  const int verify = accsim_arg(2, 1);
  const int raw = accsim_arg(3, 0);
  if (shape < -1 || shape >= conv_num_shapes || threads < 1 || threads > 2) {
    printf("FAIL: bad arguments (shape %d of %d, threads %d)\n", shape, conv_num_shapes, threads);
    return 1;
  }
  vta_device_t dev;
  vta_arena_t arena;
  vta_app_open(&dev, &arena);
  int failures = 0, runs = 0;
  for (int i = shape < 0 ? 0 : shape; i < (shape < 0 ? conv_num_shapes : shape + 1); ++i) {
    failures += !run_shape(&dev, &arena, i, threads, verify, raw);
    ++runs;
  }
  printf("conv2d: %s (%d shape(s), %d failed%s)\n", failures ? "FAIL" : "PASS", runs, failures,
         verify ? "" : ", not verified");
  return failures ? 1 : 0;
}
