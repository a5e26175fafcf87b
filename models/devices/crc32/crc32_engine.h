// The CRC-32 engine's algorithm and timing in plain C++ (no SystemC): the state the registers
// of crc32_regs.h read and write, and when the datapath is busy. Crc32Module puts it on the bus.
//
// Timing: the datapath folds one feed (a DATA word or a DATA_BYTE) at a time and takes
// Crc32Timing::cycles(bytes) for it. An access that needs the datapath idle (another feed,
// RESTART, a RESULT read) waits until the previous feed is done; the engine keeps "busy until
// cycle X" and answers each access with the cycles it waited, so it needs no process of its own
// and gives the same cycles however the CPU's quantum falls.
#pragma once

#include <cstddef>
#include <cstdint>

#include "crc32_regs.h"

namespace accsim::crc32 {

struct Crc32Timing {
  // Quarter cycles the datapath spends per byte: 4 = a byte per cycle, 1 = a 32-bit word per
  // cycle, 32 = a bit per cycle (config key cycles_per_byte times 4).
  unsigned quarter_cycles_per_byte = 4;

  // Whole cycles a feed of `bytes` bytes keeps the datapath busy (at least one).
  uint64_t cycles(unsigned bytes) const {
    const uint64_t quarters = uint64_t{bytes} * quarter_cycles_per_byte;
    return quarters == 0 ? 1 : (quarters + 3) / 4;
  }
};

// Totals over the run, never reset by RESTART.
struct Crc32Counters {
  uint64_t bytes = 0;         // fed through DATA and DATA_BYTE
  uint64_t words = 0;         // DATA writes
  uint64_t byte_feeds = 0;    // DATA_BYTE writes
  uint64_t restarts = 0;      // CONTROL writes with RESTART
  uint64_t results = 0;       // RESULT reads
  uint64_t busy_cycles = 0;   // cycles the datapath worked
  uint64_t stall_cycles = 0;  // cycles accesses waited for the datapath
};

class Crc32Engine {
 public:
  explicit Crc32Engine(Crc32Timing timing) : m_timing(timing) {}

  // Each access happens at `cycle` and returns the cycles it waited for the datapath.
  uint64_t restart(uint64_t cycle);
  uint64_t feed_word(uint32_t word, uint64_t cycle);  // bytes 7:0 first (little-endian)
  uint64_t feed_byte(uint8_t byte, uint64_t cycle);
  // The CRC of the bytes fed since the last restart; waits until they are folded.
  uint32_t result(uint64_t cycle, uint64_t& stall);

  bool busy(uint64_t cycle) const { return cycle < m_busy_until; }
  // Bytes fed since the last restart (BYTES wraps at 2^32 like the register).
  uint32_t bytes_since_restart() const { return m_bytes; }
  const Crc32Counters& counters() const { return m_counters; }
  const Crc32Timing& timing() const { return m_timing; }

  // The CRC register after folding `data` into `state` (no initial value or final XOR): the
  // engine's datapath, one table lookup per byte.
  static uint32_t fold(uint32_t state, const uint8_t* data, std::size_t length);

 private:
  uint64_t wait_until_idle(uint64_t cycle);
  uint64_t feed(const uint8_t* data, unsigned length, uint64_t cycle);

  Crc32Timing m_timing;
  uint32_t m_state = CRC32_INITIAL;
  uint32_t m_bytes = 0;
  uint64_t m_busy_until = 0;
  Crc32Counters m_counters;
};

}  // namespace accsim::crc32
