#include "address_map.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace accsim {

std::string describe_range(const AddressRange& range) {
  char buf[96];
  std::snprintf(buf, sizeof buf, " [0x%08llx, 0x%08llx)",
                static_cast<unsigned long long>(range.base),
                static_cast<unsigned long long>(range.end()));
  return range.name + buf;
}

std::optional<std::string> AddressMap::find_overlap(std::vector<AddressRange> ranges) {
  std::sort(ranges.begin(), ranges.end(),
            [](const AddressRange& a, const AddressRange& b) { return a.base < b.base; });
  for (size_t i = 1; i < ranges.size(); ++i) {
    if (ranges[i].base < ranges[i - 1].end()) {
      return describe_range(ranges[i - 1]) + " overlaps " + describe_range(ranges[i]);
    }
  }
  return std::nullopt;
}

void AddressMap::add(AddressRange range) {
  if (range.size == 0) throw std::invalid_argument(range.name + " has size 0");
  if (range.base + range.size < range.base) {
    throw std::invalid_argument(range.name + " wraps past the end of the address space");
  }
  for (const auto& existing : m_ranges) {
    if (range.base < existing.end() && existing.base < range.end()) {
      throw std::invalid_argument(describe_range(existing) + " overlaps " + describe_range(range));
    }
  }
  auto pos = std::upper_bound(m_ranges.begin(), m_ranges.end(), range.base,
                              [](uint64_t base, const AddressRange& r) { return base < r.base; });
  m_ranges.insert(pos, std::move(range));
  m_last = nullptr;
}

const AddressRange* AddressMap::decode_search(uint64_t addr, uint64_t len) const {
  auto it = std::upper_bound(m_ranges.begin(), m_ranges.end(), addr,
                             [](uint64_t a, const AddressRange& r) { return a < r.base; });
  if (it == m_ranges.begin()) return nullptr;
  --it;
  if (!fits(*it, addr, len)) return nullptr;
  m_last = &*it;
  return m_last;
}

}  // namespace accsim
