// Address decoding for the bus: a sorted set of non-overlapping [base, base+size) ranges, each
// naming the target port that serves it. Plain C++ so it is unit-testable without SystemC.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace accsim {

struct AddressRange {
  std::string name;  // the target's name, used in diagnostics and stats
  uint64_t base = 0;
  uint64_t size = 0;
  int port = -1;  // index of the bus's initiator-socket binding that reaches the target

  uint64_t end() const { return base + size; }  // one past the last byte
  bool contains(uint64_t addr) const { return addr >= base && addr - base < size; }
};

class AddressMap {
 public:
  // Adds a range; throws std::invalid_argument naming both ranges if it overlaps one already
  // present, or if it is empty or wraps past 2^64.
  void add(AddressRange range);

  // The range holding [addr, addr+len), or nullptr if any byte of it is unmapped or the access
  // straddles two ranges.
  // Inline for the range of the previous decode, which consecutive accesses hit.
  const AddressRange* decode(uint64_t addr, uint64_t len = 1) const {
    if (m_last != nullptr && fits(*m_last, addr, len)) return m_last;
    return decode_search(addr, len);
  }

  const std::vector<AddressRange>& ranges() const { return m_ranges; }

  // Returns a description of the first overlap among `ranges` ("a [0x..,0x..) overlaps b [..)"),
  // or nullopt if they are disjoint. Used by config validation before any module exists.
  static std::optional<std::string> find_overlap(std::vector<AddressRange> ranges);

 private:
  static bool fits(const AddressRange& r, uint64_t addr, uint64_t len) {
    return r.contains(addr) && len <= r.size - (addr - r.base);
  }
  const AddressRange* decode_search(uint64_t addr, uint64_t len) const;

  std::vector<AddressRange> m_ranges;            // sorted by base
  mutable const AddressRange* m_last = nullptr;  // decode cache: consecutive accesses hit it
};

std::string describe_range(const AddressRange& range);

}  // namespace accsim
