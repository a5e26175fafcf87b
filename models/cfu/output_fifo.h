// The mnv2 CFU's output FIFO of packed words. Words are pushed with the cycle they enter the
// FIFO (possibly in the future: the sequencer schedules ahead of the CPU), so occupancy is a
// question about a cycle: the words that have entered by then and not been popped.
//
// The sequencer asks about occupancy at nearly every step and pop, mostly at cycles no earlier
// than its previous question, so the answer is kept as a cursor that moves forward over the
// words (amortised O(1)); an earlier cycle (a timeline sample behind the sequencer) is answered
// by a binary search below the cursor. Words live in a ring buffer: no allocation per word.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace accsim::cfu {

class OutputFifo {
 public:
  struct Word {
    uint32_t value;
    uint64_t ready;  // first cycle the word is in the FIFO
  };

  // `ready` must not be earlier than the previous push's (words leave the pipeline in order).
  void push(uint32_t value, uint64_t ready) {
    if (m_size == m_ring.size()) grow();
    m_ring[index(m_size)] = {value, ready};
    // The cursor covers every word entered by its cycle: a word that had entered extends it.
    if (m_entered == m_size && ready <= m_entered_at) ++m_entered;
    ++m_size;
  }
  bool empty() const { return m_size == 0; }
  // Words pushed and not popped, including those still in the pipeline.
  uint32_t size() const { return m_size; }
  const Word& front() const { return m_ring[m_head]; }
  // Words in the FIFO during `cycle`.
  uint32_t occupancy(uint64_t cycle) const {
    if (cycle >= m_entered_at) {
      while (m_entered < m_size && at(m_entered).ready <= cycle) ++m_entered;
      m_entered_at = cycle;
      return m_entered;
    }
    // Words from the cursor on had not entered by m_entered_at, so not by `cycle` either.
    uint32_t low = 0;
    uint32_t high = m_entered;
    while (low < high) {
      const uint32_t mid = low + (high - low) / 2;
      if (at(mid).ready <= cycle) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }
  // Pops the front word at `cycle`. Occupancy only grows between pops, so its peak is the
  // occupancy just before some pop (or at the end of the run): measured here.
  void pop(uint64_t cycle) {
    m_peak = std::max(m_peak, occupancy(cycle));
    m_head = index(1);
    --m_size;
    // The popped word is the first the cursor covered, if it covered any; words after an
    // uncovered one are uncovered too, so a cursor at 0 stays right.
    if (m_entered > 0) --m_entered;
    ++m_popped;
  }
  uint32_t peak(uint64_t end_cycle) const { return std::max(m_peak, occupancy(end_cycle)); }
  uint64_t popped() const { return m_popped; }
  void note_occupancy(uint32_t words) { m_peak = std::max(m_peak, words); }

 private:
  // Ring position of the i-th word from the front.
  size_t index(uint32_t i) const { return (m_head + i) & (m_ring.size() - 1); }
  const Word& at(uint32_t i) const { return m_ring[index(i)]; }
  // Doubles the ring (a power of two, for index()), the front word moving to position 0.
  void grow() {
    std::vector<Word> ring(std::max<size_t>(16, 2 * m_ring.size()));
    for (uint32_t i = 0; i < m_size; ++i) ring[i] = at(i);
    m_ring.swap(ring);
    m_head = 0;
  }

  std::vector<Word> m_ring;
  uint32_t m_head = 0;
  uint32_t m_size = 0;
  // The occupancy cursor: the first m_entered words had entered by cycle m_entered_at, the next
  // one (if any) had not. A cache of occupancy(), hence mutable.
  mutable uint32_t m_entered = 0;
  mutable uint64_t m_entered_at = 0;
  uint32_t m_peak = 0;
  uint64_t m_popped = 0;
};

}  // namespace accsim::cfu
