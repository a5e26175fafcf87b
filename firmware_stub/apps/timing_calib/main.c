/* The calibration microbenchmarks of docs/reference/vexriscv-measured.md: every row's body,
 * repeated 100 times between two `csrr mcycle`, exactly as measured on VexRiscv full+cfu's
 * RTL. Each measurement runs twice and prints the second (warm I$ and D$, as the table);
 * the cache rows run cold code and data instead. tests/firmware runs it at first-beat
 * latencies L = 1, 10, 20 and checks every figure (docs/timing.md, "Calibration").
 *
 * firmware_args[0]: 0 = CPU and cache rows, 1 = CFU rows (run with a "latency" CFU). */
#include <stdint.h>
#include <stdio.h>

#include "accsim/sim_control.h"

#define REP100(body) ".rept 100\n" body "\n.endr\n"

/* Runs `setup` (outside the measurement), then `body` between two csrr mcycle, twice;
 * returns the second count. a0 = a data buffer, a1 = 7, a2 = 3. */
#define MEASURE(fn, setup, body)                                          \
  static __attribute__((noinline)) uint32_t fn(void) {                    \
    uint32_t start = 0, end = 0;                                          \
    for (int pass = 0; pass < g_passes; ++pass) {                         \
      register volatile uint32_t* a0 __asm__("a0") = g_data;              \
      register uint32_t a1 __asm__("a1") = 7;                             \
      register uint32_t a2 __asm__("a2") = 3;                             \
      __asm__ volatile(setup "csrr %0, mcycle\n" body "csrr %1, mcycle\n" \
                       : "=&r"(start), "=&r"(end)                         \
                       : "r"(a0), "r"(a1), "r"(a2)                        \
                       : "t0", "t1", "t2", "memory");                     \
    }                                                                     \
    return end - start;                                                   \
  }

static volatile uint32_t g_data[16] __attribute__((aligned(32)));
/* Opaque to the compiler, so the two passes stay one loop over the same code (a peeled or
 * unrolled copy would run cold). */
static volatile int g_passes = 2;

MEASURE(row_empty, "", "")
MEASURE(row_addi_independent, "", REP100("addi t0, zero, 1\naddi t1, zero, 2"))
MEASURE(row_addi_chain, "", REP100("addi t0, t0, 1"))
MEASURE(row_load_use, "", REP100("lw t0, 0(a0)\naddi t1, t0, 1"))
MEASURE(row_load_one_between, "", REP100("lw t0, 0(a0)\naddi t2, zero, 1\naddi t1, t0, 1"))
MEASURE(row_load_independent, "", REP100("lw t0, 0(a0)\naddi t1, zero, 1"))
MEASURE(row_mul_use, "", REP100("mul t1, a1, a2\naddi t2, t1, 1"))
MEASURE(row_mul_independent, "", REP100("mul t1, a1, a2\naddi t2, zero, 1"))
MEASURE(row_div, "", REP100("div t1, a1, a2"))
MEASURE(row_store, "", REP100("sw t0, 0(a0)"))
MEASURE(row_store_store_load, "", REP100("sw t0, 0(a0)\nsw t1, 4(a0)\nlw t2, 8(a0)"))
MEASURE(row_beq_not_taken, "", REP100("beq a1, zero, 1f\n1:"))
MEASURE(row_bne_taken_forward, "", REP100("bne a1, zero, 1f\nnop\n1:"))
MEASURE(row_jump_forward, "", REP100("j 1f\nnop\n1:"))
MEASURE(row_loop, "li t0, 100\n", "1:\naddi t0, t0, -1\nbnez t0, 1b\n")
/* CFU rows: the CFU's timing comes from the config (cfu.kind = latency). */
MEASURE(row_cfu, "", REP100(".insn r CUSTOM_0, 0, 0, t1, a1, a2"))
MEASURE(row_cfu_dependent, "", REP100(".insn r CUSTOM_0, 0, 0, t1, a1, a2\naddi t2, t1, 1"))

/* Cache rows, cold: code and data used only here. */
#define ICACHE_LINES 256 /* 8 KiB of straight-line code: twice the I$ */
static __attribute__((noinline)) uint32_t icache_cold_cycles(void) {
  uint32_t start, end;
  __asm__ volatile(
      ".balign 32\n"
      "csrr %0, mcycle\n"
      ".rept 2047\nnop\n.endr\n"
      "csrr %1, mcycle\n"
      : "=&r"(start), "=&r"(end)::"memory");
  return end - start;
}

#define DCACHE_ITERATIONS 64
static uint8_t g_cold[DCACHE_ITERATIONS * 32] __attribute__((aligned(32)));
static __attribute__((noinline)) uint32_t dcache_cold_cycles(void) {
  uint32_t start, end;
  register uint8_t* a0 __asm__("a0") = g_cold;
  __asm__ volatile(
      "li t0, %3\n"
      "csrr %0, mcycle\n"
      "1:\n"
      "lw t1, 0(a0)\n"
      "addi a0, a0, 32\n"
      "addi t0, t0, -1\n"
      "bnez t0, 1b\n"
      "csrr %1, mcycle\n"
      : "=&r"(start), "=&r"(end), "+r"(a0)
      : "i"(DCACHE_ITERATIONS)
      : "t0", "t1", "memory");
  return end - start;
}
/* Shift rows (issue 32, gap 1): the shifter finishes in the Memory stage. */
MEASURE(row_shift_use, "", REP100("slli t0, a1, 1\naddi t1, t0, 1"))
MEASURE(row_shift_one_between, "", REP100("slli t0, a1, 1\naddi t2, zero, 1\naddi t1, t0, 1"))
MEASURE(row_shift_independent, "", REP100("slli t0, a1, 1\naddi t1, zero, 1"))
MEASURE(row_shift_chain, "", REP100("slli t0, t0, 1"))
MEASURE(row_sra_use, "", REP100("sra t0, a1, a2\naddi t1, t0, 1"))
MEASURE(row_srli_branch, "", REP100("srli t0, a1, 1\nbeq t0, zero, 1f\n1:"))
/* Store rows (gaps 2, 3): 20 loop iterations of 1, 2 or 3 stores then 40 nops, long enough
 * for the writes to drain at L = 20. */
#define STORE_GROUP(stores) "1:\n" stores ".rept 40\nnop\n.endr\naddi t2, t2, -1\nbnez t2, 1b\n"
MEASURE(row_store_single_gap, "li t2, 20\n", STORE_GROUP("sw t0, 0(a0)\n"))
MEASURE(row_store_pair_gap, "li t2, 20\n", STORE_GROUP("sw t0, 0(a0)\nsw t1, 4(a0)\n"))
MEASURE(row_store_triple_gap, "li t2, 20\n",
        STORE_GROUP("sw t0, 0(a0)\nsw t1, 4(a0)\nsw t0, 8(a0)\n"))
MEASURE(row_store_quad_gap, "li t2, 20\n",
        STORE_GROUP("sw t0, 0(a0)\nsw t1, 4(a0)\nsw t0, 8(a0)\nsw t1, 12(a0)\n"))
MEASURE(row_dcache_hit_loop, "li t0, 100\n",
        "1:\nlw t1, 0(a0)\naddi t0, t0, -1\nadd t2, t2, t1\nbnez t0, 1b\n")

/* A load miss after 0..3 stores (gap 3), cold: each loop runs once over its own buffer. */
#define DCACHE_AFTER_STORES(fn, stores)                                            \
  static uint8_t fn##_buffer[DCACHE_ITERATIONS * 32] __attribute__((aligned(32))); \
  static __attribute__((noinline)) uint32_t fn(void) {                             \
    uint32_t start, end;                                                           \
    register uint8_t* a0 __asm__("a0") = fn##_buffer;                              \
    register volatile uint32_t* a3 __asm__("a3") = g_data;                         \
    __asm__ volatile(                                                              \
        "li t0, %3\n"                                                              \
        "csrr %0, mcycle\n"                                                        \
        "1:\n" stores                                                              \
        "lw t1, 0(a0)\n"                                                           \
        "addi a0, a0, 32\n"                                                        \
        "addi t0, t0, -1\n"                                                        \
        "bnez t0, 1b\n"                                                            \
        "csrr %1, mcycle\n"                                                        \
        : "=&r"(start), "=&r"(end), "+r"(a0)                                       \
        : "i"(DCACHE_ITERATIONS), "r"(a3)                                          \
        : "t0", "t1", "memory");                                                   \
    return end - start;                                                            \
  }
DCACHE_AFTER_STORES(dcache_miss_after_1_store, "sw t0, 0(a3)\n")
DCACHE_AFTER_STORES(dcache_miss_after_2_stores, "sw t0, 0(a3)\nsw t1, 4(a3)\n")
DCACHE_AFTER_STORES(dcache_miss_after_3_stores, "sw t0, 0(a3)\nsw t1, 4(a3)\nsw t0, 8(a3)\n")

/* A taken branch or jump in cold code (gap 4): 32 blocks of two I$ lines, the branch at word
 * `k` of the first line jumping over the second to the next block; run once, cold. */
#define ICACHE_BRANCHES 32
#define ICACHE_COLD_BRANCH(fn, k, insn)                \
  static __attribute__((noinline)) uint32_t fn(void) { \
    uint32_t start, end;                               \
    register uint32_t a1 __asm__("a1") = 7;            \
    __asm__ volatile(                                  \
        ".balign 32\n"                                 \
        "csrr %0, mcycle\n"                            \
        ".balign 32\n"                                 \
        ".rept " #k                                    \
        "\nnop\n.endr\n"                               \
        ".rept 32\n" insn                              \
        " 1f\n.balign 32\n.rept 8\nnop\n.endr\n1:\n"   \
        ".rept " #k                                    \
        "\nnop\n.endr\n"                               \
        ".endr\n"                                      \
        "csrr %1, mcycle\n"                            \
        : "=&r"(start), "=&r"(end)                     \
        : "r"(a1)                                      \
        : "memory");                                   \
    return end - start;                                \
  }
ICACHE_COLD_BRANCH(icache_bne_word0, 0, "bne a1, zero,")
ICACHE_COLD_BRANCH(icache_bne_word5, 5, "bne a1, zero,")
ICACHE_COLD_BRANCH(icache_bne_word6, 6, "bne a1, zero,")
ICACHE_COLD_BRANCH(icache_bne_word7, 7, "bne a1, zero,")
ICACHE_COLD_BRANCH(icache_j_word0, 0, "j")
ICACHE_COLD_BRANCH(icache_j_word6, 6, "j")
ICACHE_COLD_BRANCH(icache_j_word7, 7, "j")

static void print_row(const char* name, uint32_t cycles) {
  printf("calib %s = %lu\n", name, (unsigned long)cycles);
}

int main(void) {
  if (accsim_arg(0, 0) == 1) {
    print_row("cfu", row_cfu());
    print_row("cfu_dependent", row_cfu_dependent());
    return 0;
  }
  print_row("empty", row_empty());
  print_row("addi_independent", row_addi_independent());
  print_row("addi_chain", row_addi_chain());
  print_row("load_use", row_load_use());
  print_row("load_one_between", row_load_one_between());
  print_row("load_independent", row_load_independent());
  print_row("mul_use", row_mul_use());
  print_row("mul_independent", row_mul_independent());
  print_row("div", row_div());
  print_row("store", row_store());
  print_row("store_store_load", row_store_store_load());
  print_row("beq_not_taken", row_beq_not_taken());
  print_row("bne_taken_forward", row_bne_taken_forward());
  print_row("jump_forward", row_jump_forward());
  print_row("loop", row_loop());
  /* Per line / iteration, rounded: the two csrr (3), the partial first line and the loop
   * exit are well under one unit. */
  const uint32_t icache = icache_cold_cycles();
  print_row("icache_miss_cycles", icache);
  print_row("icache_miss_per_line", (icache - 3 + ICACHE_LINES / 2) / ICACHE_LINES);
  const uint32_t dcache = dcache_cold_cycles();
  print_row("dcache_miss_cycles", dcache);
  print_row("dcache_miss_per_iteration", (dcache - 3 + DCACHE_ITERATIONS / 2) / DCACHE_ITERATIONS);
  const uint32_t hits = row_dcache_hit_loop();
  print_row("dcache_hit_cycles", hits);
  print_row("dcache_hit_per_iteration", (hits - 3 + 50) / 100);
  print_row("shift_use", row_shift_use());
  print_row("shift_one_between", row_shift_one_between());
  print_row("shift_independent", row_shift_independent());
  print_row("shift_chain", row_shift_chain());
  print_row("sra_use", row_sra_use());
  print_row("srli_branch", row_srli_branch());
  print_row("store_single_gap", row_store_single_gap());
  print_row("store_pair_gap", row_store_pair_gap());
  print_row("store_triple_gap", row_store_triple_gap());
  print_row("store_quad_gap", row_store_quad_gap());
  /* Cold rows, per iteration (64) or per two-line block (32), rounded as above. */
  const struct {
    const char* name;
    uint32_t (*fn)(void);
    uint32_t units;
  } cold[] = {
      {"dcache_miss_after_1_store", dcache_miss_after_1_store, DCACHE_ITERATIONS},
      {"dcache_miss_after_2_stores", dcache_miss_after_2_stores, DCACHE_ITERATIONS},
      {"dcache_miss_after_3_stores", dcache_miss_after_3_stores, DCACHE_ITERATIONS},
      {"icache_bne_word0", icache_bne_word0, ICACHE_BRANCHES},
      {"icache_bne_word5", icache_bne_word5, ICACHE_BRANCHES},
      {"icache_bne_word6", icache_bne_word6, ICACHE_BRANCHES},
      {"icache_bne_word7", icache_bne_word7, ICACHE_BRANCHES},
      {"icache_j_word0", icache_j_word0, ICACHE_BRANCHES},
      {"icache_j_word6", icache_j_word6, ICACHE_BRANCHES},
      {"icache_j_word7", icache_j_word7, ICACHE_BRANCHES},
  };
  for (unsigned i = 0; i < sizeof cold / sizeof cold[0]; ++i) {
    const uint32_t total = cold[i].fn();
    char name[48];
    snprintf(name, sizeof name, "%s_cycles", cold[i].name);
    print_row(name, total);
    snprintf(name, sizeof name, "%s_per_unit", cold[i].name);
    print_row(name, (total - 3 + cold[i].units / 2) / cold[i].units);
  }
  return 0;
}
