/* The default firmware: greets, checks it runs on accsim, and measures a bitwise CRC-32 with
 * the perf-counter table CFU-Playground users know, inside a named region. */
#include <stdio.h>

#include "accsim/csr.h"
#include "accsim/perf.h"
#include "accsim/sim_control.h"

#define BUFFER_BYTES 256
/* zlib.crc32(bytes((i * 7 + 3) & 255 for i in range(256))), computed on the host. */
#define EXPECTED_CRC 0x78825239u

static volatile uint8_t buffer[BUFFER_BYTES];

static uint32_t crc32(const volatile uint8_t* data, int length) {
  uint32_t crc = 0xFFFFFFFFu;
  for (int i = 0; i < length; ++i) {
    crc ^= data[i];
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & -(crc & 1));
  }
  return ~crc;
}

int main(void) {
  printf("Hello from accsim! (sim-control id 0x%08lx)\n", (unsigned long)ACCSIM_ID);
  if (ACCSIM_ID != ACCSIM_SIMCTL_ID_VALUE) return 1;
  for (int i = 0; i < BUFFER_BYTES; ++i) buffer[i] = (uint8_t)(i * 7 + 3);

  perf_reset_all_counters();
  uint32_t crc = 0;
  accsim_region_begin("crc32");
  for (int round = 0; round < 4; ++round) {
    perf_enable_counter(0);
    crc = crc32(buffer, BUFFER_BYTES);
    perf_disable_counter(0);
  }
  accsim_region_end("crc32");
  printf("crc32 of %d bytes: 0x%08lx (%s)\n", BUFFER_BYTES, (unsigned long)crc,
         crc == EXPECTED_CRC ? "correct" : "WRONG");
  perf_print_all_counters();
  printf("mcycle %lu, minstret %lu\n", (unsigned long)csr_read(mcycle),
         (unsigned long)csr_read(minstret));
  return crc == EXPECTED_CRC ? 0 : 1;
}
