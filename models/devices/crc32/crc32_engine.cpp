#include "crc32_engine.h"

#include <array>

namespace accsim::crc32 {

namespace {

// The byte-wise table of the reflected polynomial: entry b is b folded through eight LFSR steps.
constexpr std::array<uint32_t, 256> make_table() {
  std::array<uint32_t, 256> table{};
  for (uint32_t b = 0; b < 256; ++b) {
    uint32_t crc = b;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ ((crc & 1u) ? CRC32_POLYNOMIAL : 0u);
    table[b] = crc;
  }
  return table;
}

constexpr std::array<uint32_t, 256> kTable = make_table();

}  // namespace

uint32_t Crc32Engine::fold(uint32_t state, const uint8_t* data, std::size_t length) {
  for (std::size_t i = 0; i < length; ++i) state = (state >> 8) ^ kTable[(state ^ data[i]) & 0xFFu];
  return state;
}

uint64_t Crc32Engine::wait_until_idle(uint64_t cycle) {
  const uint64_t stall = m_busy_until > cycle ? m_busy_until - cycle : 0;
  m_counters.stall_cycles += stall;
  return stall;
}

uint64_t Crc32Engine::restart(uint64_t cycle) {
  const uint64_t stall = wait_until_idle(cycle);
  m_state = CRC32_INITIAL;
  m_bytes = 0;
  ++m_counters.restarts;
  return stall;
}

uint64_t Crc32Engine::feed(const uint8_t* data, unsigned length, uint64_t cycle) {
  const uint64_t stall = wait_until_idle(cycle);
  const uint64_t busy = m_timing.cycles(length);
  m_busy_until = cycle + stall + busy;
  m_counters.busy_cycles += busy;
  m_counters.bytes += length;
  m_state = fold(m_state, data, length);
  m_bytes += length;
  return stall;
}

uint64_t Crc32Engine::feed_word(uint32_t word, uint64_t cycle) {
  const uint8_t bytes[4] = {static_cast<uint8_t>(word), static_cast<uint8_t>(word >> 8),
                            static_cast<uint8_t>(word >> 16), static_cast<uint8_t>(word >> 24)};
  ++m_counters.words;
  return feed(bytes, 4, cycle);
}

uint64_t Crc32Engine::feed_byte(uint8_t byte, uint64_t cycle) {
  ++m_counters.byte_feeds;
  return feed(&byte, 1, cycle);
}

uint32_t Crc32Engine::result(uint64_t cycle, uint64_t& stall) {
  stall = wait_until_idle(cycle);
  ++m_counters.results;
  return m_state ^ CRC32_FINAL_XOR;
}

}  // namespace accsim::crc32
