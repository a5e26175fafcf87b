/* Drives the matvec engine (examples/plugins/matvec: the C++ plug-in or matvec.v; docs/plugins.md):
 * jobs of many shapes and quantisations checked against the CPU's own TFLite arithmetic, the
 * register file, a job that keeps its settings while they are rewritten, and the settings and
 * bus errors the engine must answer with ERROR. Prints one line per job; the lockstep test
 * compares these lines and the run's cycles between the plug-in and the Verilog.
 * firmware_args: [base, seed]
 *   base  the engine's bus address (default 0x82000000)
 *   seed  picks the data and quantisation (default 1) */
#include <stdint.h>
#include <stdio.h>

#include "accsim/cache.h"
#include "accsim/sim_control.h"
#include "accsim_kernels/tflite_int8.h"
#include "matvec_regs.h"

#define MAX_ROWS 64
#define MAX_COLS 256         /* the engine's max_cols in the example configs */
#define UNMAPPED 0x30000000u /* no memory or device answers here on vexriscv_arty */

static int8_t weights[MAX_ROWS * MAX_COLS] __attribute__((aligned(4)));
static int8_t vector[MAX_COLS] __attribute__((aligned(4)));
static int32_t biases[MAX_ROWS];
static int8_t output[MAX_ROWS + 4] __attribute__((aligned(4)));
static int8_t expected[MAX_ROWS];

static uintptr_t base;
static int failures;
static uint32_t random_state;

static volatile uint32_t* reg(uint32_t offset) { return (volatile uint32_t*)(base + offset); }

static uint32_t next_random(void) { /* xorshift32 */
  random_state ^= random_state << 13;
  random_state ^= random_state >> 17;
  random_state ^= random_state << 5;
  return random_state;
}
static int32_t random_in(int32_t low, int32_t high) {
  return low + (int32_t)(next_random() % (uint32_t)(high - low + 1));
}

static void expect(const char* what, uint32_t got, uint32_t want) {
  if (got != want) {
    printf("FAIL: %s: 0x%08lx, expected 0x%08lx\n", what, (unsigned long)got, (unsigned long)want);
    ++failures;
  }
}

struct job {
  uint32_t rows, cols;
  int32_t x_offset, y_offset, mult, shift, act_min, act_max;
  uint32_t w, x, b, y; /* addresses */
};

static void program(const struct job* j) {
  *reg(MATVEC_W_ADDR) = j->w;
  *reg(MATVEC_X_ADDR) = j->x;
  *reg(MATVEC_B_ADDR) = j->b;
  *reg(MATVEC_Y_ADDR) = j->y;
  *reg(MATVEC_ROWS) = j->rows;
  *reg(MATVEC_COLS) = j->cols;
  *reg(MATVEC_X_OFFSET) = (uint32_t)j->x_offset;
  *reg(MATVEC_Y_OFFSET) = (uint32_t)j->y_offset;
  *reg(MATVEC_MULT) = (uint32_t)j->mult;
  *reg(MATVEC_SHIFT) = (uint32_t)j->shift;
  *reg(MATVEC_ACT_MIN) = (uint32_t)j->act_min;
  *reg(MATVEC_ACT_MAX) = (uint32_t)j->act_max;
}

/* Starts the programmed job and waits for it: returns CTRL once it is no longer BUSY. */
static uint32_t run(void) {
  flush_cpu_dcache(); /* the engine reads memory, not the CPU's cache */
  *reg(MATVEC_CTRL) = MATVEC_START;
  uint32_t ctrl;
  while ((ctrl = *reg(MATVEC_CTRL)) & MATVEC_BUSY) {
  }
  flush_cpu_dcache(); /* drop lines the engine's stores made stale */
  return ctrl;
}

/* TFLite's int8 fully-connected arithmetic on the CPU: what the engine must produce. */
static void reference(const struct job* j) {
  for (uint32_t r = 0; r < j->rows; ++r) {
    int32_t acc = biases[r];
    for (uint32_t c = 0; c < j->cols; ++c) {
      acc = add_wrapping(acc, weights[r * j->cols + c] * (vector[c] + j->x_offset));
    }
    int32_t v = add_wrapping(multiply_by_quantized_multiplier(acc, j->mult, j->shift), j->y_offset);
    v = v < j->act_min ? j->act_min : v > j->act_max ? j->act_max : v;
    expected[r] = (int8_t)v;
  }
}

static struct job random_job(uint32_t rows, uint32_t cols) {
  struct job j = {0};
  j.rows = rows;
  j.cols = cols;
  j.x_offset = random_in(-127, 128);
  j.y_offset = random_in(-128, 127);
  j.mult = random_in(1 << 30, 0x7FFFFFFF);
  j.shift = random_in(-12, 1);
  switch (next_random() % 3) {
    case 0:
      j.act_min = -128;
      j.act_max = 127;
      break;
    case 1:
      j.act_min = j.y_offset;
      j.act_max = 127;
      break; /* a fused RELU */
    default:
      j.act_min = random_in(-100, 0);
      j.act_max = random_in(0, 100);
      break;
  }
  for (uint32_t i = 0; i < rows * cols; ++i) weights[i] = (int8_t)next_random();
  for (uint32_t i = 0; i < cols; ++i) vector[i] = (int8_t)next_random();
  for (uint32_t i = 0; i < rows; ++i) biases[i] = random_in(-40000, 40000);
  for (uint32_t i = 0; i < sizeof output; ++i) output[i] = 0x5A; /* untouched past rows */
  j.w = (uint32_t)(uintptr_t)weights;
  j.x = (uint32_t)(uintptr_t)vector;
  j.b = (uint32_t)(uintptr_t)biases;
  j.y = (uint32_t)(uintptr_t)output;
  return j;
}

static void check_job(int index, const struct job* j, uint32_t ctrl) {
  reference(j);
  int mismatches = 0;
  uint32_t checksum = 2166136261u;
  for (uint32_t r = 0; r < j->rows; ++r) {
    if (output[r] != expected[r]) ++mismatches;
    checksum = (checksum ^ (uint8_t)output[r]) * 16777619u;
  }
  for (uint32_t r = j->rows; r < ((j->rows + 3) & ~3u); ++r) {
    if (output[r] != 0x5A) ++mismatches; /* a byte lane the last store must not select */
  }
  const uint32_t cycles = *reg(MATVEC_CYCLES);
  printf(
      "job %2d: %2lux%-3lu shift %3ld: ctrl %lu, %5lu engine cycles, %d mismatches, checksum "
      "%08lx\n",
      index, (unsigned long)j->rows, (unsigned long)j->cols, (long)j->shift, (unsigned long)ctrl,
      (unsigned long)cycles, mismatches, (unsigned long)checksum);
  expect("CTRL after a job", ctrl, MATVEC_DONE);
  if (mismatches != 0) ++failures;
}

static void registers(void) {
  expect("ID", *reg(MATVEC_ID), MATVEC_ID_VALUE);
  *reg(MATVEC_X_OFFSET) = 0x11223344u;
  ((volatile uint8_t*)reg(MATVEC_X_OFFSET))[1] = 0xAB; /* a byte lane */
  expect("X_OFFSET by lanes", *reg(MATVEC_X_OFFSET), 0x1122AB44u);
  for (uint32_t offset = MATVEC_W_ADDR; offset <= MATVEC_ACT_MAX; offset += 4) {
    *reg(offset) = 0x9E3779B9u * offset;
  }
  for (uint32_t offset = MATVEC_W_ADDR; offset <= MATVEC_ACT_MAX; offset += 4) {
    expect("register read back", *reg(offset), 0x9E3779B9u * offset);
  }
}

/* A setting the engine cannot use, or a bus error on its DMA: DONE and ERROR. */
static void expect_error(const char* what, struct job j) {
  program(&j);
  const uint32_t ctrl = run();
  printf("refused: %s: ctrl %lu, %lu engine cycles\n", what, (unsigned long)ctrl,
         (unsigned long)*reg(MATVEC_CYCLES));
  expect(what, ctrl, MATVEC_DONE | MATVEC_ERROR);
}

int main(void) {
  base = (uintptr_t)(uint32_t)accsim_arg(0, (int32_t)0x82000000u);
  random_state = (uint32_t)accsim_arg(1, 1) * 2654435761u + 1;
  printf("matvec: engine at 0x%08lx, seed %ld\n", (unsigned long)base, (long)accsim_arg(1, 1));
  expect("CTRL before any job", *reg(MATVEC_CTRL), 0);
  registers();

  static const uint16_t shapes[][2] = {{1, 4},    {2, 8},    {3, 12},   {4, 16},
                                       {5, 20},   {7, 36},   {8, 64},   {13, 100},
                                       {16, 128}, {31, 256}, {64, 256}, {40, 52}};
  const int count = (int)(sizeof shapes / sizeof shapes[0]);
  for (int i = 0; i < count; ++i) {
    const struct job j = random_job(shapes[i][0], shapes[i][1]);
    program(&j);
    check_job(i, &j, run());
  }

  /* A job keeps its settings: rewriting them, and starting again, while it runs changes nothing. */
  struct job kept = random_job(24, 200);
  program(&kept);
  flush_cpu_dcache();
  *reg(MATVEC_CTRL) = MATVEC_START;
  *reg(MATVEC_ROWS) = 1;
  *reg(MATVEC_MULT) = 0;
  *reg(MATVEC_CTRL) = MATVEC_START; /* ignored: BUSY */
  uint32_t ctrl;
  while ((ctrl = *reg(MATVEC_CTRL)) & MATVEC_BUSY) {
  }
  flush_cpu_dcache();
  check_job(count, &kept, ctrl);

  struct job good = random_job(4, 16);
  struct job bad = good;
  bad.cols = 6;
  expect_error("COLS not a multiple of 4", bad);
  bad = good;
  bad.cols = MAX_COLS + 4;
  expect_error("COLS over max_cols", bad);
  bad = good;
  bad.rows = 0;
  expect_error("ROWS 0", bad);
  bad = good;
  bad.w += 2;
  expect_error("W_ADDR not word aligned", bad);
  bad = good;
  bad.shift = 32;
  expect_error("SHIFT 32", bad);
  bad = good;
  bad.act_min = 10;
  bad.act_max = 9;
  expect_error("ACT_MIN over ACT_MAX", bad);
  bad = good;
  bad.b = UNMAPPED;
  expect_error("biases at an unmapped address (a DMA bus error)", bad);
  bad = good;
  bad.y = UNMAPPED;
  expect_error("outputs at an unmapped address (a DMA bus error)", bad);
  /* After an error the engine works again. */
  program(&good);
  check_job(count + 1, &good, run());

  printf("matvec: %d jobs, %d failures\n", count + 2, failures);
  return failures == 0 ? 0 : 1;
}
