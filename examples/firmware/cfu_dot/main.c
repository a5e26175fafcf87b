/* A dot product of two int8 vectors, on the CPU and on a CFU, each timed in cycles: firmware
 * written as for CFU-Playground (its cfu.h and perf.h names), built against accsim's firmware
 * SDK (docs/firmware.md). Run it with the shipped simd_mac_cfu architecture, whose CFU is
 * rtl/cfu/simd_mac/cfu.v, a 4-lane SIMD multiply-accumulate:
 *   funct3 0: acc = rs1    funct3 1: acc += the four int8 products of rs1 and rs2
 *   funct3 2: rd = acc */
#include <stdint.h>
#include <stdio.h>

#include "cfu.h"
#include "perf.h"

#define LENGTH 256

/* Word-aligned: each CFU operand carries four int8 values. */
static int8_t a[LENGTH] __attribute__((aligned(4)));
static int8_t b[LENGTH] __attribute__((aligned(4)));

static int32_t dot_cpu(void) {
  int32_t acc = 0;
  for (int i = 0; i < LENGTH; ++i) acc += a[i] * b[i];
  return acc;
}

static int32_t dot_cfu(void) {
  const uint32_t* wa = (const uint32_t*)a;
  const uint32_t* wb = (const uint32_t*)b;
  cfu_op0(0, 0, 0); /* acc = 0 */
  for (int i = 0; i < LENGTH / 4; ++i) cfu_op1(0, wa[i], wb[i]);
  return (int32_t)cfu_op2(0, 0, 0);
}

int main(void) {
  for (int i = 0; i < LENGTH; ++i) {
    a[i] = (int8_t)(i * 7 - 100);
    b[i] = (int8_t)(50 - i * 3);
  }
  const uint64_t start = perf_get_mcycle64();
  const int32_t cpu = dot_cpu();
  const uint64_t between = perf_get_mcycle64();
  const int32_t cfu = dot_cfu();
  const uint64_t end = perf_get_mcycle64();
  printf("cfu_dot: %d int8 pairs: CPU %ld in %llu cycles, CFU %ld in %llu cycles: %s\n", LENGTH,
         (long)cpu, (unsigned long long)(between - start), (long)cfu,
         (unsigned long long)(end - between), cpu == cfu ? "equal" : "DIFFERENT");
  return cpu == cfu ? 0 : 1;
}
