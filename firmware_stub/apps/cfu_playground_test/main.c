/* Checks that code written for CFU-Playground means on accsim what it means there: its
 * `#include "cfu.h"` / `#include "perf.h"` names reach the instruction encoding of
 * accsim/hw/cfu_isa.h and the perf CSRs of accsim/hw/perf_csr.h.
 *   firmware_args[0] = 0, with the latency CFU (cfu.kind = latency, which answers
 *     in0 + in1 + function_id): every cfu_opN and cfu_opN_hw sends funct3 = N and funct7;
 *     the software names; the perf-counter and cycle helpers.
 *   firmware_args[0] = 1, with the mnv2 CFU and firmware_args[1] = its cfu.macc_lanes: cfu_op0's
 *     rs1 and rs2 in their places (GET_CONFIG reads its item from rs1 only; the latency CFU's
 *     sum cannot tell them apart).
 * Prints one line per failure and "cfu_playground_test: N checks, F failed: PASS|FAIL". */
#include <stdio.h>

#include "accsim/hw/cfu_isa.h"
#include "accsim/hw/mnv2_cfu_isa.h"
#include "accsim/sim_control.h"
#include "cfu.h"
#include "expect.h"
#include "perf.h"

void check_software_names(void); /* software_names.c */

static int checks, failures;

void expect(int ok, const char* what, unsigned long got, unsigned long want) {
  ++checks;
  if (ok) return;
  ++failures;
  printf("FAIL: %s: got 0x%lx, want 0x%lx\n", what, got, want);
}

/* The latency CFU's answer to (funct3, funct7, rs1, rs2), with the function_id the contract
 * says the instruction carries. */
static uint32_t latency_cfu(unsigned funct3, unsigned funct7, uint32_t rs1, uint32_t rs2) {
  return rs1 + rs2 + CFU_FUNCTION_ID(funct3, funct7);
}

/* funct7 must be an assembler constant, so each (N, funct7) is spelled out. Operands differ per
 * check so a response to another instruction never passes. */
#define CHECK_OP(n, funct7)                                                               \
  do {                                                                                    \
    const uint32_t a = 0x01000000u * (n) + 0x100u * (funct7) + 1u, b = 0x00350000u + (n); \
    const uint32_t want = latency_cfu(n, funct7, a, b);                                   \
    const uint32_t got = cfu_op##n(funct7, a, b), got_hw = cfu_op##n##_hw(funct7, a, b);  \
    expect(got == want, "cfu_op" #n "(" #funct7 ", a, b)", got, want);                    \
    expect(got_hw == want, "cfu_op" #n "_hw(" #funct7 ", a, b)", got_hw, want);           \
  } while (0)
#define CHECK_OP_FUNCT7S(n) \
  do {                      \
    CHECK_OP(n, 0);         \
    CHECK_OP(n, 1);         \
    CHECK_OP(n, 0x2A);      \
    CHECK_OP(n, 0x7F);      \
  } while (0)

static void check_function_ids(void) {
  CHECK_OP_FUNCT7S(0);
  CHECK_OP_FUNCT7S(1);
  CHECK_OP_FUNCT7S(2);
  CHECK_OP_FUNCT7S(3);
  CHECK_OP_FUNCT7S(4);
  CHECK_OP_FUNCT7S(5);
  CHECK_OP_FUNCT7S(6);
  CHECK_OP_FUNCT7S(7);
}

static void spin(int iterations) {
  for (volatile int i = 0; i < iterations; ++i) {
  }
}

static void check_perf(void) {
  expect(NUM_PERF_COUNTERS == 8, "NUM_PERF_COUNTERS", NUM_PERF_COUNTERS, 8);

  /* perf_get_mcycle64 joins mcycleh and mcycle: set the low word just below the wrap and watch
   * the carry reach the high word. */
  const uint32_t high = csr_read(mcycleh);
  perf_set_mcycle(0xFFFFFF00u);
  const uint64_t before = perf_get_mcycle64();
  expect((uint32_t)(before >> 32) == high && (uint32_t)before >= 0xFFFFFF00u,
         "perf_get_mcycle64 after perf_set_mcycle(0xffffff00)", (unsigned long)(uint32_t)before,
         0xFFFFFF00u);
  while (perf_get_mcycle() >= 0xFFFFFF00u) {
  }
  const uint64_t after = perf_get_mcycle64();
  expect((uint32_t)(after >> 32) == high + 1, "perf_get_mcycle64 high word after the wrap",
         (unsigned long)(after >> 32), high + 1);
  expect((uint32_t)after < 0x1000u, "perf_get_mcycle64 low word after the wrap",
         (unsigned long)(uint32_t)after, 0);

  /* A counter counts only while enabled; starts are counted per enable. */
  perf_reset_all_counters();
  perf_set_counter_enable(5, 1);
  expect(perf_get_counter_enable(5) == 1, "perf_get_counter_enable(5) while counting",
         perf_get_counter_enable(5), 1);
  expect(perf_get_counter_enable(4) == 0, "perf_get_counter_enable(4) (never enabled)",
         perf_get_counter_enable(4), 0);
  spin(100);
  perf_set_counter_enable(5, 0);
  const uint32_t counted = perf_get_counter(5);
  expect(perf_get_counter_enable(5) == 0, "perf_get_counter_enable(5) after disabling",
         perf_get_counter_enable(5), 0);
  expect(counted > 100, "perf_get_counter(5) after 100 loop iterations", counted, 100);
  spin(100);
  expect(perf_get_counter(5) == counted, "perf_get_counter(5) while disabled", perf_get_counter(5),
         counted);
  expect(perf_get_counter(4) == 0, "perf_get_counter(4) (never enabled)", perf_get_counter(4), 0);
  perf_enable_counter(5);
  perf_disable_counter(5);
  expect(perf_get_start_count(5) == 2, "perf_get_start_count(5)", perf_get_start_count(5), 2);
  perf_zero_start_counts();
  expect(perf_get_start_count(5) == 0, "perf_get_start_count(5) after perf_zero_start_counts",
         perf_get_start_count(5), 0);
}

/* The mnv2 CFU's GET_CONFIG answers the item in rs1 and ignores rs2 (an unknown item stops the
 * run), so swapped operands cannot pass. */
static void check_operand_order(uint32_t macc_lanes) {
  const uint32_t got = cfu_op0(MNV2_GET_CONFIG, MNV2_CONFIG_MACC_LANES, 0x777);
  const uint32_t got_hw = cfu_op0_hw(MNV2_GET_CONFIG, MNV2_CONFIG_MACC_LANES, 0x777);
  expect(got == macc_lanes, "cfu_op0(GET_CONFIG, MACC_LANES, 0x777)", got, macc_lanes);
  expect(got_hw == macc_lanes, "cfu_op0_hw(GET_CONFIG, MACC_LANES, 0x777)", got_hw, macc_lanes);
}

int main(void) {
  if (accsim_arg(0, 0) == 0) {
    check_function_ids();
    check_perf();
    check_software_names();
  } else {
    check_operand_order((uint32_t)accsim_arg(1, 0));
  }
  printf("cfu_playground_test: %d checks, %d failed: %s\n", checks, failures,
         failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
