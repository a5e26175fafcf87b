/* The CRC-32 engine (models/devices/crc32, "kind": "crc32") against software: several buffers,
 * fed by words, by bytes and mixed (a misaligned start), each CRC computed both ways and
 * compared, with the cycles each took. Run it with tests/data/crc32_device.json.
 *
 * firmware_args: [0] the device's base (required: the config places the device),
 *                [1] 0 = the test; 1, 2, 3 = a bad access (unmapped offset, write to the
 *                    read-only RESULT, byte-wide store to DATA_BYTE), which must fault. */
#include <stdio.h>

#include "accsim/csr.h"
#include "accsim/sim_control.h"
#include "crc32/crc32_regs.h"

#define CRC_REG(base, offset) (*(volatile uint32_t*)((base) + (offset)))

#define BLOCK_BYTES 1024

/* A word read from a byte buffer (may_alias: the buffer's bytes are read as words). */
typedef uint32_t __attribute__((may_alias)) word_alias;

static uint8_t block[BLOCK_BYTES] __attribute__((aligned(4)));

/* The bitwise software CRC-32 (what the device must match). */
static uint32_t crc32_software(const uint8_t* data, uint32_t length) {
  uint32_t crc = CRC32_INITIAL;
  for (uint32_t i = 0; i < length; ++i) {
    crc ^= data[i];
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (CRC32_POLYNOMIAL & -(crc & 1u));
  }
  return crc ^ CRC32_FINAL_XOR;
}

/* How the device is fed: whole words where the buffer is aligned, or every byte alone. */
enum Feed { kWords, kBytes };

/* The device's CRC of `data`: RESTART, bytes up to a word boundary through DATA_BYTE, words
 * through DATA, the tail through DATA_BYTE. If BYTES disagrees: a message, and the CRC inverted
 * (so the caller sees a mismatch). */
static uint32_t crc32_device(uintptr_t base, const uint8_t* data, uint32_t length, enum Feed feed) {
  CRC_REG(base, CRC32_REG_CONTROL) = CRC32_CONTROL_RESTART;
  uint32_t i = 0;
  if (feed == kWords) {
    for (; i < length && ((uintptr_t)(data + i) & 3u) != 0; ++i) {
      CRC_REG(base, CRC32_REG_DATA_BYTE) = data[i];
    }
    for (; i + 4 <= length; i += 4) {
      CRC_REG(base, CRC32_REG_DATA) = *(const word_alias*)(data + i);
    }
  }
  for (; i < length; ++i) CRC_REG(base, CRC32_REG_DATA_BYTE) = data[i];
  const uint32_t crc = CRC_REG(base, CRC32_REG_RESULT);
  const uint32_t counted = CRC_REG(base, CRC32_REG_BYTES);
  if (counted != length) {
    printf("crc32_test: BYTES reads %lu after feeding %lu bytes\n", (unsigned long)counted,
           (unsigned long)length);
    return ~crc;
  }
  return crc;
}

struct Case {
  const char* name;
  const uint8_t* data;
  uint32_t length;
  enum Feed feed;
};

/* Each way the firmware can get the register contract wrong; the run must stop with an access
 * fault naming the address. */
static void bad_access(uintptr_t base, int32_t mode) {
  printf("crc32_test: bad access %ld\n", (long)mode);
  switch (mode) {
    case 1: /* nothing is mapped there */
      (void)CRC_REG(base, 0x40);
      break;
    case 2: /* RESULT is read-only */
      CRC_REG(base, CRC32_REG_RESULT) = 0;
      break;
    case 3: /* registers are 32-bit */
      *(volatile uint8_t*)(base + CRC32_REG_DATA_BYTE) = 0x31;
      break;
  }
}

int main(void) {
  const uintptr_t base = (uintptr_t)(uint32_t)accsim_arg(0, 0);
  if (base == 0) {
    printf("crc32_test: FAIL: firmware_args[0] must be the crc32 device's base\n");
    return 2;
  }
  const uint32_t id = CRC_REG(base, CRC32_REG_ID);
  if (id != CRC32_ID_VALUE) {
    printf("crc32_test: FAIL: ID at 0x%08lx reads 0x%08lx, not a crc32 device\n",
           (unsigned long)base, (unsigned long)id);
    return 1;
  }
  const int32_t mode = accsim_arg(1, 0);
  if (mode != 0) {
    bad_access(base, mode);
    printf("crc32_test: FAIL: bad access %ld did not fault\n", (long)mode);
    return 1;
  }

  uint32_t seed = 2026;
  for (int i = 0; i < BLOCK_BYTES; ++i) {
    seed = seed * 1664525u + 1013904223u; /* Numerical Recipes' LCG: fixed, seeded data */
    block[i] = (uint8_t)(seed >> 24);
  }
  static const uint8_t check[] = "123456789";
  const struct Case cases[] = {
      {"check", check, 9, kWords},             /* two words and a byte */
      {"empty", block, 0, kWords},             /* the initial value's CRC: 0 */
      {"block", block, BLOCK_BYTES, kWords},   /* 256 words */
      {"bytes", block, 257, kBytes},           /* 257 single bytes */
      {"misaligned", block + 3, 1001, kWords}, /* one byte, then 250 words */
  };
  const int count = (int)(sizeof cases / sizeof cases[0]);
  int failures = 0;
  uint32_t total_bytes = 0, software_cycles = 0, device_cycles = 0;
  for (int c = 0; c < count; ++c) {
    const struct Case* t = &cases[c];
    accsim_region_begin("software");
    uint32_t start = csr_read(mcycle);
    const uint32_t want = crc32_software(t->data, t->length);
    const uint32_t sw = csr_read(mcycle) - start;
    accsim_region_end("software");
    accsim_region_begin("device");
    start = csr_read(mcycle);
    const uint32_t got = crc32_device(base, t->data, t->length, t->feed);
    const uint32_t hw = csr_read(mcycle) - start;
    accsim_region_end("device");
    const int ok = got == want;
    printf(
        "crc32_test: %-10s %4lu bytes: software 0x%08lx (%lu cycles), device 0x%08lx (%lu "
        "cycles) %s\n",
        t->name, (unsigned long)t->length, (unsigned long)want, (unsigned long)sw,
        (unsigned long)got, (unsigned long)hw, ok ? "ok" : "MISMATCH");
    failures += !ok;
    total_bytes += t->length;
    software_cycles += sw;
    device_cycles += hw;
  }
  if (crc32_software(check, 9) != CRC32_CHECK_VALUE) {
    printf("crc32_test: software CRC of \"123456789\" is not the check value 0x%08lx\n",
           (unsigned long)CRC32_CHECK_VALUE);
    ++failures;
  }
  printf("crc32_test: %d buffers, %lu bytes, software %lu cycles, device %lu cycles: %s\n", count,
         (unsigned long)total_bytes, (unsigned long)software_cycles, (unsigned long)device_cycles,
         failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
