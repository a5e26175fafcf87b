// What an address holds at a given moment: named buffers (a model's tensors with their
// lifetimes in operators, its weights, scratch and operator state; the firmware's data objects,
// sections and stack), for saying which buffers' lines evict each other in a cache. Arena
// tensors share addresses over time, so a look-up names the buffer live in the operator that
// runs; ranges may nest (an object inside .bss): the smallest live range that holds the address
// wins. Plain C++.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace accsim::cache {

class BufferMap {
 public:
  static constexpr uint32_t kNone = 0xFFFFFFFFu;
  static constexpr int kAlways = -1;  // first_op/last_op of a buffer live throughout
  struct Buffer {
    std::string name;
    uint64_t start = 0, bytes = 0;
    int first_op = kAlways, last_op = kAlways;  // operator indices, inclusive
  };

  // Adds a buffer (empty ranges are ignored) and returns its id.
  uint32_t add(Buffer buffer);
  void finalize();  // call once after adding, before find()
  // The buffer holding `address` while operator `op` runs (-1: outside every operator), or
  // kNone. A buffer whose lifetime excludes `op` is taken only when no live one holds it.
  uint32_t find(uint64_t address, int op) const;
  const Buffer& buffer(uint32_t id) const { return m_buffers[id]; }
  // The buffer's name, or "(unnamed)" for kNone.
  std::string name(uint32_t id) const;
  size_t size() const { return m_buffers.size(); }

 private:
  std::vector<Buffer> m_buffers;
  // The address space cut at every buffer's start and end: piece i is [m_cuts[i], m_cuts[i+1])
  // and m_pieces[i] the buffers covering it, smallest first (a look-up is a binary search and a
  // short scan for a live one).
  std::vector<uint64_t> m_cuts;
  std::vector<std::vector<uint32_t>> m_pieces;
};

}  // namespace accsim::cache
