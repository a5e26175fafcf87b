// The mnv2 CFU's double-buffered input store: the CPU writes one pixel (input depth / 4 words)
// into one buffer while the MACC pipeline reads the other. It holds at most two complete
// pixels; the oldest ("head") is the one compute instructions read. Times are cycles from
// which a state holds: a pixel is readable from its ready cycle, a released buffer writable
// from its free cycle.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace accsim::cfu {

class InputStore {
 public:
  explicit InputStore(uint32_t capacity_words);

  // SET_INPUT_DEPTH_WORDS: empties both buffers; both are writable from `cycle`.
  void reset(uint32_t depth_words, uint64_t cycle);
  uint32_t depth_words() const { return m_depth; }

  uint32_t complete_pixels() const { return m_complete; }
  uint32_t words_written() const { return m_written; }  // of the pixel being written
  // A buffer is free for writing (fewer than two complete pixels held), from writable_from().
  bool has_write_buffer() const { return m_complete < 2; }
  uint64_t writable_from() const { return m_free_from[write_buffer()]; }
  // Appends a word to the pixel being written; returns true if it completed the pixel, which
  // is then readable from `ready_cycle`.
  bool write(uint32_t word, uint64_t ready_cycle);

  const uint32_t* head() const { return m_buffers[m_head].data(); }
  uint64_t head_ready() const { return m_ready[m_head]; }
  // The head pixel has been read: its buffer becomes writable from `free_cycle`.
  void release_head(uint64_t free_cycle);

 private:
  uint32_t write_buffer() const { return (m_head + m_complete) % 2; }

  std::array<std::vector<uint32_t>, 2> m_buffers;
  std::array<uint64_t, 2> m_ready{};
  std::array<uint64_t, 2> m_free_from{};
  uint32_t m_depth = 0;
  uint32_t m_head = 0;
  uint32_t m_complete = 0;
  uint32_t m_written = 0;
};

}  // namespace accsim::cfu
