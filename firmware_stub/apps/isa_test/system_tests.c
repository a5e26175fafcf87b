#include <stdio.h>

#include "accsim/cache.h"
#include "accsim/cfu.h"
#include "accsim/csr.h"
#include "accsim/perf.h"
#include "isa_test.h"

void test_csr(void) {
  csr_write(mscratch, 0x12345678u);
  check("mscratch", csr_read(mscratch), 0x12345678u);
  uint32_t old;
  __asm__ volatile("csrrs %0, mscratch, %1" : "=r"(old) : "r"(0x0F));
  check("csrrs returns old", old, 0x12345678u);
  check("csrrs sets bits", csr_read(mscratch), 0x1234567Fu);
  __asm__ volatile("csrrc %0, mscratch, %1" : "=r"(old) : "r"(0xFF));
  check("csrrc clears bits", csr_read(mscratch), 0x12345600u);
  __asm__ volatile("csrrwi %0, mscratch, 17" : "=r"(old));
  check("csrrwi old", old, 0x12345600u);
  check("csrrwi", csr_read(mscratch), 17);
  __asm__ volatile("csrrsi zero, mscratch, 8");
  check("csrrsi", csr_read(mscratch), 25);
  __asm__ volatile("csrrci zero, mscratch, 1");
  check("csrrci", csr_read(mscratch), 24);

  check("misa is RV32IM", csr_read(misa), 0x40001100u);
  check("mhartid", csr_read(mhartid), 0);

  const uint32_t c0 = csr_read(mcycle);
  const uint32_t c1 = csr_read(mcycle);
  check("mcycle advances", c1 > c0, 1);
  check("cycle alias", csr_read(cycle) > c1, 1);

  uint32_t i0, i1;
  __asm__ volatile("csrr %0, minstret\n nop\n nop\n nop\n nop\n nop\n csrr %1, minstret"
                   : "=r"(i0), "=r"(i1));
  check("minstret counts retired instructions", i1 - i0, 6);
  __asm__ volatile("csrr %0, instret\n nop\n csrr %1, instret" : "=r"(i0), "=r"(i1));
  check("instret alias", i1 - i0, 2);

  csr_write(mcycle, 0);
  check("mcycle write", csr_read(mcycle) < 100, 1);

  perf_reset_all_counters();
  perf_enable_counter(3);
  for (volatile int i = 0; i < 100; ++i) {
  }
  perf_disable_counter(3);
  const uint32_t counted = perf_get_counter(3);
  check("perf counter counts while enabled", counted > 100, 1);
  for (volatile int i = 0; i < 100; ++i) {
  }
  check("perf counter holds while disabled", perf_get_counter(3), counted);
  check("other perf counters idle", perf_get_counter(4), 0);
  perf_set_counter(3, 5);
  check("perf counter write", perf_get_counter(3), 5);
}

static void expect_trap(const char* name, uint32_t count_before, uint32_t cause, uint32_t epc,
                        uint32_t tval) {
  char label[64];
  snprintf(label, sizeof label, "%s: trap taken", name);
  check(label, trap_record.count, count_before + 1);
  snprintf(label, sizeof label, "%s: mcause", name);
  check(label, trap_record.mcause, cause);
  snprintf(label, sizeof label, "%s: mepc", name);
  check(label, trap_record.mepc, epc);
  snprintf(label, sizeof label, "%s: mtval", name);
  check(label, trap_record.mtval, tval);
}

static volatile uint32_t aligned_word __attribute__((aligned(8))) = 0x11223344u;

void test_traps(void) {
  csr_write(mtvec, (uint32_t)trap_entry);
  check("mtvec", csr_read(mtvec), (uint32_t)trap_entry);
  uint32_t n, pc;

  n = trap_record.count;
  __asm__ volatile("la %0, 1f\n1: .word 0x00000000" : "=r"(pc));
  expect_trap("illegal", n, 2, pc, 0);

  n = trap_record.count;
  __asm__ volatile("la %0, 1f\n1: ebreak" : "=r"(pc));
  expect_trap("ebreak", n, 3, pc, pc);

  n = trap_record.count;
  __asm__ volatile("la %0, 1f\n1: ecall" : "=r"(pc));
  expect_trap("ecall", n, 11, pc, 0);

  uint32_t addr = (uint32_t)&aligned_word + 1, value = 0;
  n = trap_record.count;
  __asm__ volatile("la %0, 1f\n1: lw %1, 0(%2)" : "=&r"(pc), "=r"(value) : "r"(addr));
  expect_trap("misaligned load", n, 4, pc, addr);

  addr = (uint32_t)&aligned_word + 2;
  n = trap_record.count;
  __asm__ volatile("la %0, 1f\n1: sw zero, 0(%1)" : "=&r"(pc) : "r"(addr) : "memory");
  expect_trap("misaligned store", n, 6, pc, addr);
  check("misaligned store did not write", aligned_word, 0x11223344u);

  addr = 0x20000000u;
  n = trap_record.count;
  __asm__ volatile("la %0, 1f\n1: lw %1, 0(%2)" : "=&r"(pc), "=r"(value) : "r"(addr));
  expect_trap("load access fault", n, 5, pc, addr);

  n = trap_record.count;
  __asm__ volatile("la %0, 1f\n1: sw zero, 0(%1)" : "=&r"(pc) : "r"(addr) : "memory");
  expect_trap("store access fault", n, 7, pc, addr);

  uint32_t raw;
  n = trap_record.count;
  __asm__ volatile("la %0, 1f\n lw %1, 0(%0)\n1: .insn r CUSTOM_0, 0, 0, zero, zero, zero"
                   : "=&r"(pc), "=&r"(raw));
  expect_trap("custom-0 without a CFU", n, 2, pc, raw);

  /* mret restores MIE from MPIE. */
  csr_write(mstatus, 0x8);
  n = trap_record.count;
  __asm__ volatile("ecall");
  check("trap taken with MIE set", trap_record.count, n + 1);
  check("mret restores MIE", csr_read(mstatus) & 0x8, 0x8);
  csr_write(mstatus, 0);
}

/* The D$ flush instruction runs (no trap) and leaves memory intact. */
void test_cache_flush(void) {
  static volatile uint32_t data[8];
  for (int i = 0; i < 8; ++i) data[i] = 0x1000u + (uint32_t)i;
  flush_cpu_dcache();
  uint32_t sum = 0;
  for (int i = 0; i < 8; ++i) sum += data[i];
  check("flush_cpu_dcache keeps data", sum, 8 * 0x1000u + 28);
}

/* Self-modifying code: rewrite an instruction in RAM, fence.i, run it again. */
static uint32_t code_buffer[2] __attribute__((aligned(4)));

void test_fence_i(void) {
  code_buffer[0] = 0x00100513u; /* addi a0, zero, 1 */
  code_buffer[1] = 0x00008067u; /* ret */
  __asm__ volatile("fence.i" ::: "memory");
  uint32_t (*fn)(void) = (uint32_t(*)(void))(uintptr_t)code_buffer;
  check("generated code runs", fn(), 1);
  code_buffer[0] = 0x00200513u; /* addi a0, zero, 2 */
  __asm__ volatile("fence.i" ::: "memory");
  check("fence.i makes new code visible", fn(), 2);
}
