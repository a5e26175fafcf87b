// A map from line numbers to 32-bit values for the 3C classifier, which looks one up on most
// accesses: open addressing with linear probing in one flat array (std::unordered_map's node per
// entry and bucket indirection cost a fifth of a classified run). Entries are never removed
// (the classifier remembers every line it has seen). Plain C++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace accsim::cache {

class LineTable {
 public:
  explicit LineTable(size_t expected = 1024) {
    size_t capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    m_slots.assign(capacity, Slot{kEmpty, 0});
  }

  // The value of `line`, inserting `fresh` first when it is absent (`inserted` says which).
  uint32_t& find_or_insert(uint64_t line, uint32_t fresh, bool& inserted) {
    if ((m_size + 1) * 2 > m_slots.size()) grow();
    size_t i = index(line);
    while (m_slots[i].line != kEmpty) {
      if (m_slots[i].line == line) {
        inserted = false;
        return m_slots[i].value;
      }
      i = (i + 1) & (m_slots.size() - 1);
    }
    m_slots[i] = {line, fresh};
    ++m_size;
    inserted = true;
    return m_slots[i].value;
  }
  // The value of a line known to be present.
  uint32_t& at(uint64_t line) {
    size_t i = index(line);
    while (m_slots[i].line != line) i = (i + 1) & (m_slots.size() - 1);
    return m_slots[i].value;
  }
  size_t size() const { return m_size; }

 private:
  static constexpr uint64_t kEmpty = ~uint64_t{0};  // never a line number (an address >> shift)
  struct Slot {
    uint64_t line;
    uint32_t value;
  };
  size_t index(uint64_t line) const {
    // Fibonacci hashing: consecutive lines spread over the table.
    return static_cast<size_t>((line * 0x9E3779B97F4A7C15ull) >> 32) & (m_slots.size() - 1);
  }
  void grow() {
    std::vector<Slot> old;
    old.swap(m_slots);
    m_slots.assign(old.size() * 2, Slot{kEmpty, 0});
    m_size = 0;
    for (const Slot& s : old) {
      if (s.line == kEmpty) continue;
      bool inserted;
      find_or_insert(s.line, s.value, inserted);
    }
  }

  std::vector<Slot> m_slots;
  size_t m_size = 0;
};

}  // namespace accsim::cache
