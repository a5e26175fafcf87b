// The mnv2 CFU's output FIFO of packed words. Words are pushed with the cycle they enter the
// FIFO (possibly in the future: the sequencer schedules ahead of the CPU), so occupancy is a
// question about a cycle: the words that have entered by then and not been popped.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>

namespace accsim::cfu {

class OutputFifo {
 public:
  struct Word {
    uint32_t value;
    uint64_t ready;  // first cycle the word is in the FIFO
  };

  // `ready` must not be earlier than the previous push's (words leave the pipeline in order).
  void push(uint32_t value, uint64_t ready) { m_words.push_back({value, ready}); }
  bool empty() const { return m_words.empty(); }
  // Words pushed and not popped, including those still in the pipeline.
  uint32_t size() const { return static_cast<uint32_t>(m_words.size()); }
  const Word& front() const { return m_words.front(); }
  // Words in the FIFO during `cycle`.
  uint32_t occupancy(uint64_t cycle) const {
    const auto end = std::upper_bound(m_words.begin(), m_words.end(), cycle,
                                      [](uint64_t c, const Word& w) { return c < w.ready; });
    return static_cast<uint32_t>(end - m_words.begin());
  }
  // Pops the front word at `cycle`. Occupancy only grows between pops, so its peak is the
  // occupancy just before some pop (or at the end of the run): measured here.
  void pop(uint64_t cycle) {
    m_peak = std::max(m_peak, occupancy(cycle));
    m_words.pop_front();
    ++m_popped;
  }
  uint32_t peak(uint64_t end_cycle) const { return std::max(m_peak, occupancy(end_cycle)); }
  uint64_t popped() const { return m_popped; }
  void note_occupancy(uint32_t words) { m_peak = std::max(m_peak, words); }

 private:
  std::deque<Word> m_words;
  uint32_t m_peak = 0;
  uint64_t m_popped = 0;
};

}  // namespace accsim::cfu
