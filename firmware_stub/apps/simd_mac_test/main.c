/* The SIMD multiply-accumulate example CFU (rtl/cfu/simd_mac/cfu.v) on seeded int8 vectors:
 * every dot product computed by the CFU must equal the one computed in C. Run it with
 * configs/simd_mac_cfu.json, where accsim verilates the Verilog and co-simulates it. */
#include <stdio.h>

#include "accsim/cfu.h"
#include "accsim/csr.h"
#include "accsim_kernels/test_data.h"

#define MAX_LENGTH 256

/* Word-aligned: the CFU takes four int8 values per 32-bit operand. */
static int8_t a[MAX_LENGTH] __attribute__((aligned(4)));
static int8_t b[MAX_LENGTH] __attribute__((aligned(4)));

static int32_t dot_c(int n) {
  int32_t acc = 0;
  for (int i = 0; i < n; ++i) acc += a[i] * b[i];
  return acc;
}

/* The CFU's dot product plus `start`, or INT32_MIN when the value the last MAC returned and
 * the accumulator read back disagree. */
static int32_t dot_cfu(int n, int32_t start) {
  const uint32_t* wa = (const uint32_t*)a;
  const uint32_t* wb = (const uint32_t*)b;
  uint32_t last = cfu_op(0, 0, start, 0); /* acc = start */
  for (int i = 0; i < n / 4; ++i) last = cfu_op(1, 0, wa[i], wb[i]);
  const uint32_t read_back = cfu_op(2, 0, 0, 0);
  return read_back == last ? (int32_t)read_back : INT32_MIN;
}

int main(void) {
  Rng rng;
  rng_seed(&rng, 2026);
  int failures = 0;
  uint32_t cycles_c = 0, cycles_cfu = 0;
  const int lengths[] = {4, 8, 12, 64, 100, 256};
  for (unsigned t = 0; t < sizeof lengths / sizeof lengths[0]; ++t) {
    const int n = lengths[t];
    fill_int8(&rng, a, (size_t)n);
    fill_int8(&rng, b, (size_t)n);
    uint32_t start = csr_read(mcycle);
    const int32_t want = dot_c(n) + 1000;
    cycles_c += csr_read(mcycle) - start;
    start = csr_read(mcycle);
    const int32_t got = dot_cfu(n, 1000);
    cycles_cfu += csr_read(mcycle) - start;
    if (got != want) {
      printf("FAIL: length %d: CFU %ld, C %ld\n", n, (long)got, (long)want);
      ++failures;
    }
  }
  printf("simd_mac: C %lu cycles, CFU %lu cycles\n", (unsigned long)cycles_c,
         (unsigned long)cycles_cfu);
  printf("simd_mac: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
