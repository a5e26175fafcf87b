/* The ISA self-test: every RV32IM instruction, its edge cases, CSRs and traps. Each check
 * prints a FAIL line naming itself; the app exits 1 if any failed. */
#ifndef ACCSIM_ISA_TEST_H
#define ACCSIM_ISA_TEST_H

#include <stdint.h>

void check(const char* name, uint32_t got, uint32_t expected);

void test_alu(void);
void test_muldiv(void);
void test_memory(void);
void test_control(void);
void test_csr(void);
void test_traps(void);
void test_fence_i(void);
void test_cache_flush(void);

/* Filled by trap_handler.S; the handler skips the faulting instruction. */
typedef struct {
  uint32_t mcause, mepc, mtval, saved_t1, count;
} TrapRecord;
extern volatile TrapRecord trap_record;
void trap_entry(void);

#define RR(op, a, b)                                                                        \
  ({                                                                                        \
    uint32_t r_;                                                                            \
    __asm__ volatile(op " %0, %1, %2" : "=r"(r_) : "r"((uint32_t)(a)), "r"((uint32_t)(b))); \
    r_;                                                                                     \
  })
#define RI(op, a, imm)                                                            \
  ({                                                                              \
    uint32_t r_;                                                                  \
    __asm__ volatile(op " %0, %1, %2" : "=r"(r_) : "r"((uint32_t)(a)), "i"(imm)); \
    r_;                                                                           \
  })

#endif
