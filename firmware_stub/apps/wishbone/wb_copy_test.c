/* Drives the wb_copy example device (rtl/wishbone/wb_copy.v, docs/wishbone.md) on the bus:
 * its registers through the Wishbone slave port, then a DMA copy through its master port.
 * firmware_args: [base, mode]
 *   base  the device's bus address (default 0x82000000)
 *   mode  0: the test; 1: read an address the device answers with err (an access fault);
 *         2: read word 9 of a device that never answers it (tests/data/wishbone/wb_timing.v) */
#include <stdint.h>
#include <stdio.h>

#include "accsim/cache.h"
#include "accsim/csr.h"
#include "accsim/sim_control.h"

#define WB_COPY_ID 0x00
#define WB_COPY_SCRATCH 0x04
#define WB_COPY_SRC 0x08
#define WB_COPY_DST 0x0C
#define WB_COPY_LEN 0x10
#define WB_COPY_CTRL 0x14
#define WB_COPY_COUNT 0x18
#define WB_COPY_SUM 0x1C
#define WB_COPY_REGS 0x40
#define WB_COPY_BUSY 1u
#define WB_COPY_DONE 2u

#define WORDS 256

static uint32_t source[WORDS];
static uint32_t destination[WORDS];
static uintptr_t base;

static volatile uint32_t* reg(uint32_t offset) { return (volatile uint32_t*)(base + offset); }

static int failures;

static void expect(const char* what, uint32_t got, uint32_t want) {
  if (got != want) {
    printf("FAIL: %s: 0x%08lx, expected 0x%08lx\n", what, (unsigned long)got, (unsigned long)want);
    ++failures;
  }
}

static void registers(void) {
  expect("ID", *reg(WB_COPY_ID), 0x57420001u);
  *reg(WB_COPY_SCRATCH) = 0x11223344u;
  expect("SCRATCH", *reg(WB_COPY_SCRATCH), 0x11223344u);
  /* Byte and halfword stores select byte lanes (sel). */
  ((volatile uint8_t*)reg(WB_COPY_SCRATCH))[2] = 0xAA;
  ((volatile uint16_t*)reg(WB_COPY_SCRATCH))[0] = 0xBEEF;
  expect("SCRATCH by lanes", *reg(WB_COPY_SCRATCH), 0x11AABEEFu);
  expect("SCRATCH byte 3", ((volatile uint8_t*)reg(WB_COPY_SCRATCH))[3], 0x11u);
  for (uint32_t i = 0; i < 16; ++i) *reg(WB_COPY_REGS + 4 * i) = 0x01000193u * (i + 1);
  for (uint32_t i = 0; i < 16; ++i)
    expect("REGS", *reg(WB_COPY_REGS + 4 * i), 0x01000193u * (i + 1));
}

static void copy(void) {
  uint32_t sum = 0;
  for (uint32_t i = 0; i < WORDS; ++i) {
    source[i] = i * 2654435761u;
    destination[i] = 0;
    sum += source[i];
  }
  flush_cpu_dcache(); /* the engine reads memory, not the CPU's cache */
  const uint32_t start = csr_read(mcycle);
  *reg(WB_COPY_SRC) = (uint32_t)(uintptr_t)source;
  *reg(WB_COPY_DST) = (uint32_t)(uintptr_t)destination;
  *reg(WB_COPY_LEN) = WORDS;
  *reg(WB_COPY_CTRL) = 1;
  uint32_t polls = 0;
  while (*reg(WB_COPY_CTRL) & WB_COPY_BUSY) ++polls;
  const uint32_t cycles = csr_read(mcycle) - start;
  flush_cpu_dcache(); /* drop lines the copy made stale */
  expect("CTRL", *reg(WB_COPY_CTRL), WB_COPY_DONE);
  expect("COUNT", *reg(WB_COPY_COUNT), WORDS);
  expect("SUM", *reg(WB_COPY_SUM), sum);
  for (uint32_t i = 0; i < WORDS; ++i) {
    if (destination[i] != source[i]) {
      expect("copied word", destination[i], source[i]);
      break;
    }
  }
  printf("wb_copy: %d words copied by DMA in %lu cycles (%lu polls)\n", WORDS,
         (unsigned long)cycles, (unsigned long)polls);
}

int main(void) {
  base = (uintptr_t)(uint32_t)accsim_arg(0, (int32_t)0x82000000u);
  const int mode = accsim_arg(1, 0);
  if (mode == 1) {
    printf("reading 0x%08lx, which answers err\n", (unsigned long)(base + 0x100));
    return (int)*reg(0x100);
  }
  if (mode == 2) {
    printf("reading 0x%08lx, which never answers\n", (unsigned long)(base + 9 * 4));
    return (int)*reg(9 * 4);
  }
  registers();
  copy();
  printf("wb_copy: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
