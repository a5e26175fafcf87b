#include "isa_test.h"

static volatile uint32_t words[4] __attribute__((aligned(16))) = {0x8081F0FFu, 0x7F017FFFu, 0, 0};

#define LOAD(op, offset)                                                                \
  ({                                                                                    \
    uint32_t r_;                                                                        \
    __asm__ volatile(op " %0, %1(%2)" : "=r"(r_) : "i"(offset), "r"(words) : "memory"); \
    r_;                                                                                 \
  })
#define STORE(op, value, offset) \
  __asm__ volatile(op " %0, %1(%2)" ::"r"(value), "i"(offset), "r"(words) : "memory")

void test_memory(void) {
  check("lw", LOAD("lw", 0), 0x8081F0FFu);
  check("lb sign-extends", LOAD("lb", 0), 0xFFFFFFFFu);
  check("lb byte 1", LOAD("lb", 1), 0xFFFFFFF0u);
  check("lb byte 2", LOAD("lb", 2), 0xFFFFFF81u);
  check("lbu", LOAD("lbu", 3), 0x80);
  check("lb positive", LOAD("lb", 7), 0x7F);
  check("lh sign-extends", LOAD("lh", 2), 0xFFFF8081u);
  check("lh positive", LOAD("lh", 4), 0x7FFF);
  check("lhu", LOAD("lhu", 0), 0xF0FF);
  check("lhu upper", LOAD("lhu", 2), 0x8081);

  words[2] = 0x11223344u;
  STORE("sb", 0xAA, 8);
  check("sb writes one byte", words[2], 0x112233AAu);
  STORE("sb", 0x1BB, 11);
  check("sb high byte", words[2], 0xBB2233AAu);
  STORE("sh", 0xCCDD, 10);
  check("sh upper half", words[2], 0xCCDD33AAu);
  STORE("sh", 0x12345678, 8);
  check("sh truncates", words[2], 0xCCDD5678u);
  STORE("sw", 0xDEADBEEFu, 12);
  check("sw", words[3], 0xDEADBEEFu);
  check("lw negative offset", ({
          uint32_t r_;
          __asm__ volatile("lw %0, -4(%1)" : "=r"(r_) : "r"(&words[3]) : "memory");
          r_;
        }),
        0xCCDD5678u);
}
