#include "symbol_table.h"

#include <algorithm>
#include <cstdio>

namespace accsim::cpu {

SymbolTable::SymbolTable() { m_functions.push_back({"(unknown)", 0, 0}); }

void SymbolTable::add(Symbol symbol) { m_functions.push_back(std::move(symbol)); }

void SymbolTable::finalize() {
  std::sort(m_functions.begin() + 1, m_functions.end(), [](const Symbol& a, const Symbol& b) {
    return a.address != b.address ? a.address < b.address : a.name < b.name;
  });
  // Aliases at one address: keep the first name (deterministic by the sort).
  m_functions.erase(
      std::unique(m_functions.begin() + 1, m_functions.end(),
                  [](const Symbol& a, const Symbol& b) { return a.address == b.address; }),
      m_functions.end());
}

uint32_t SymbolTable::function_index(uint32_t address) const {
  auto it = std::upper_bound(m_functions.begin() + 1, m_functions.end(), address,
                             [](uint32_t a, const Symbol& s) { return a < s.address; });
  if (it == m_functions.begin() + 1) return kNoFunction;
  --it;
  // Zero-sized symbols (hand-written assembly) extend to the next symbol.
  if (it->size != 0 && address - it->address >= it->size) return kNoFunction;
  return static_cast<uint32_t>(it - m_functions.begin());
}

std::string SymbolTable::describe(uint32_t address) const {
  const uint32_t index = function_index(address);
  if (index == kNoFunction) return "";
  const Symbol& s = m_functions[index];
  char buf[32];
  std::snprintf(buf, sizeof buf, "+0x%x", address - s.address);
  return s.name + (address == s.address ? "" : buf);
}

const Symbol* SymbolTable::find(const std::string& name) const {
  for (const auto& s : m_functions) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

}  // namespace accsim::cpu
