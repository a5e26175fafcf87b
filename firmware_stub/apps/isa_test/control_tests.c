#include "isa_test.h"

#define TAKEN(op, a, b)                                         \
  ({                                                            \
    uint32_t t_ = 1;                                            \
    __asm__ volatile(op " %1, %2, 1f\n li %0, 0\n1:"            \
                     : "+r"(t_)                                 \
                     : "r"((uint32_t)(a)), "r"((uint32_t)(b))); \
    t_;                                                         \
  })

static uint32_t add_one(uint32_t x) { return x + 1; }

void test_control(void) {
  check("beq taken", TAKEN("beq", 5, 5), 1);
  check("beq not taken", TAKEN("beq", 5, 6), 0);
  check("bne taken", TAKEN("bne", 5, 6), 1);
  check("bne not taken", TAKEN("bne", 5, 5), 0);
  check("blt signed", TAKEN("blt", 0xFFFFFFFFu, 1), 1);
  check("blt equal", TAKEN("blt", 1, 1), 0);
  check("bge signed", TAKEN("bge", 1, 0xFFFFFFFFu), 1);
  check("bge equal", TAKEN("bge", 7, 7), 1);
  check("bge not taken", TAKEN("bge", 0x80000000u, 0), 0);
  check("bltu unsigned", TAKEN("bltu", 1, 0xFFFFFFFFu), 1);
  check("bltu not taken", TAKEN("bltu", 0xFFFFFFFFu, 1), 0);
  check("bgeu unsigned", TAKEN("bgeu", 0xFFFFFFFFu, 1), 1);
  check("bgeu equal", TAKEN("bgeu", 0, 0), 1);
  check("bgeu not taken", TAKEN("bgeu", 1, 2), 0);

  /* Backward branch loop: 10 iterations. */
  uint32_t n = 10, count = 0;
  __asm__ volatile("1: addi %0, %0, 1\n addi %1, %1, -1\n bnez %1, 1b" : "+r"(count), "+r"(n));
  check("backward branch loop", count, 10);

  uint32_t link, expected;
  __asm__ volatile("jal %0, 1f\n2: nop\n1: la %1, 2b" : "=r"(link), "=r"(expected));
  check("jal link", link, expected);

  uint32_t target_link, after;
  __asm__ volatile("la t0, 1f\n addi t0, t0, 1\n jalr %0, 0(t0)\n2: nop\n1: la %1, 2b"
                   : "=r"(target_link), "=r"(after)
                   :
                   : "t0");
  check("jalr clears bit 0 and links", target_link, after);

  uint32_t (*volatile fn)(uint32_t) = add_one;
  check("indirect call", fn(41), 42);
}
