/* mnv2_golden_op: a quick golden-op test of the six 1x1 convolution stages, in the spirit of
 * CFU-Playground's golden_op_tests. A handful of shapes (several needing many batches, one with
 * a narrow activation range, one with edge-case quantisation) run through every stage; stage 1
 * (TFLM's reference structure) is checked against the project's independent conv2d reference,
 * every later stage byte for byte against stage 1. One PASS/FAIL line per shape and stage;
 * exit code 1 on any failure. */
#include <stdio.h>

#include "accsim/csr.h"
#include "accsim_kernels/conv1x1.h"
#include "accsim_kernels/test_data.h"

typedef struct {
  const char* name;
  int height, width, in_c, out_c;
  int32_t input_offset, output_offset, act_min, act_max;
  int edge_quantization; /* any multiplier, shifts over [-31, 31], large biases */
} GoldenShape;

static const GoldenShape kShapes[] = {
    {"2x2x16->8", 2, 2, 16, 8, 128, -128, -128, 127, 0},
    {"3x5x48->16", 3, 5, 48, 16, -7, 12, -128, 127, 0},
    {"2x3x24->144 clamped", 2, 3, 24, 144, 0, 17, -100, 50, 0},
    {"2x2x32->32 edge quantisation", 2, 2, 32, 32, -256, 127, -128, 127, 1},
    {"1x3x336->56", 1, 3, 336, 56, 5, -3, -128, 127, 0},
    {"1x1x112->1280", 1, 1, 112, 1280, 3, -5, -128, 127, 0},
};
#define NUM_SHAPES ((int)(sizeof kShapes / sizeof kShapes[0]))
#define SEED_BASE 20261400u

/* Sized for the largest shape of each kind; words for the CFU stages' 32-bit moves. */
#define MAX_INPUT_BYTES 1008
#define MAX_FILTER_BYTES (1280 * 112)
#define MAX_OUTPUT_BYTES 1280
#define MAX_CHANNELS 1280

static uint32_t input[MAX_INPUT_BYTES / 4];
static uint32_t filter[MAX_FILTER_BYTES / 4];
static uint32_t expected[MAX_OUTPUT_BYTES / 4];
static uint32_t output[MAX_OUTPUT_BYTES / 4];
static int32_t bias[MAX_CHANNELS];
static int32_t multiplier[MAX_CHANNELS];
static int32_t shift[MAX_CHANNELS];

static void fill_words(Rng* rng, uint32_t* words, int count) {
  for (int i = 0; i < count; ++i) words[i] = rng_next(rng);
}

static Conv1x1Params prepare(int index) {
  const GoldenShape* s = &kShapes[index];
  Rng rng;
  rng_seed(&rng, SEED_BASE + (uint32_t)index);
  /* Four int8 values per random word: a byte at a time, the 143 KB filter of the largest shape
   * would cost more cycles than all its kernel runs (every byte store goes through the
   * write-through D-cache). */
  fill_words(&rng, input, s->height * s->width * s->in_c / 4);
  fill_words(&rng, filter, s->out_c * s->in_c / 4);
  if (s->edge_quantization) {
    for (int c = 0; c < s->out_c; ++c) {
      bias[c] = rng_range(&rng, -(1 << 24), 1 << 24);
      multiplier[c] = (int32_t)rng_next(&rng);
      shift[c] = rng_range(&rng, -31, 31);
    }
    /* The corners tflite-int8.md names. */
    multiplier[0] = INT32_MIN;
    shift[0] = 31;
    shift[1] = -31;
    multiplier[2] = INT32_MAX;
  } else {
    fill_channel_quantization(&rng, bias, multiplier, shift, s->out_c);
  }
  const Conv1x1Params p = {
      .height = s->height,
      .width = s->width,
      .in_c = s->in_c,
      .out_c = s->out_c,
      .input_offset = s->input_offset,
      .output_offset = s->output_offset,
      .act_min = s->act_min,
      .act_max = s->act_max,
      .output_multiplier = multiplier,
      .output_shift = shift,
      .bias = bias,
      .filter = (const int8_t*)filter,
      .input = (const int8_t*)input,
      .output = (int8_t*)output,
  };
  return p;
}

/* Index of the first differing byte, or -1. */
static int first_difference(const int8_t* a, const int8_t* b, int count) {
  for (int i = 0; i < count; ++i) {
    if (a[i] != b[i]) return i;
  }
  return -1;
}

/* Runs `stage` into the poisoned output buffer and compares it with `want`. */
static int check_stage(int shape, int stage, const Conv1x1Params* p, const int8_t* want) {
  const int count = p->height * p->width * p->out_c;
  for (int i = 0; i < count / 4; ++i) output[i] = 0xA5A5A5A5u;
  const uint32_t start = csr_read(mcycle);
  const int status = conv1x1_run(stage, p);
  const uint32_t cycles = csr_read(mcycle) - start;
  const int8_t* got = (const int8_t*)output;
  const int diff = status == 0 ? first_difference(got, want, count) : -1;
  if (status != 0) {
    printf("golden_op %-30s stage %d: FAIL (cannot run on this CFU)\n", kShapes[shape].name, stage);
  } else if (diff >= 0) {
    printf("golden_op %-30s stage %d: FAIL (output %d = %d, expected %d)\n", kShapes[shape].name,
           stage, diff, got[diff], want[diff]);
  } else {
    printf("golden_op %-30s stage %d: PASS (%lu cycles)\n", kShapes[shape].name, stage,
           (unsigned long)cycles);
  }
  return status == 0 && diff < 0;
}

int main(void) {
  int failures = 0;
  for (int shape = 0; shape < NUM_SHAPES; ++shape) {
    const Conv1x1Params p = prepare(shape);
    conv1x1_via_conv_ref(&p, (int8_t*)expected);
    if (!check_stage(shape, 1, &p, (const int8_t*)expected)) ++failures;
    /* Stage 1's output is the reference for the others, as in CFU-Playground's golden tests
     * (equal to the independent one unless stage 1 just failed). */
    for (int i = 0; i < MAX_OUTPUT_BYTES / 4; ++i) expected[i] = output[i];
    for (int stage = 2; stage <= CONV1X1_NUM_STAGES; ++stage) {
      if (!check_stage(shape, stage, &p, (const int8_t*)expected)) ++failures;
    }
  }
  printf("golden_op: %s (%d shapes x %d stages, %d failed)\n", failures ? "FAIL" : "PASS",
         NUM_SHAPES, CONV1X1_NUM_STAGES, failures);
  return failures ? 1 : 0;
}
