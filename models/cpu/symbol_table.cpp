#include "symbol_table.h"

#include <algorithm>
#include <cstdio>

namespace accsim::cpu {

namespace {
bool contains(const Symbol& s, uint32_t address) {
  return address >= s.address && address - s.address < s.size;
}
}  // namespace

SymbolTable::SymbolTable() { m_functions.push_back({"(unknown)", 0, 0}); }

void SymbolTable::add(Symbol symbol) { m_functions.push_back(std::move(symbol)); }

void SymbolTable::add_section(const std::string& name, uint32_t address, uint32_t size) {
  if (size != 0) m_sections.push_back({"(" + name + ")", address, size});
}

void SymbolTable::finalize() {
  std::vector<Symbol> symbols(m_functions.begin() + 1, m_functions.end());
  // By address; at one address a typed function before a label, then by name (deterministic).
  std::sort(symbols.begin(), symbols.end(), [](const Symbol& a, const Symbol& b) {
    if (a.address != b.address) return a.address < b.address;
    if (a.label != b.label) return b.label;
    return a.name < b.name;
  });
  std::vector<Symbol> kept;
  uint64_t typed_end = 0;  // the furthest end of a typed, sized function so far
  for (Symbol& s : symbols) {
    // Aliases at one address: the first (a typed function if there is one).
    if (!kept.empty() && kept.back().address == s.address) continue;
    // A label inside a typed function is a place in it, not a function of its own.
    if (s.label && s.address < typed_end) continue;
    if (!s.label) typed_end = std::max<uint64_t>(typed_end, uint64_t{s.address} + s.size);
    kept.push_back(std::move(s));
  }
  // An unsized symbol ends at the next symbol, and never past its section.
  for (size_t i = 0; i < kept.size(); ++i) {
    if (kept[i].size != 0) continue;
    for (const Symbol& section : m_sections) {
      if (!contains(section, kept[i].address)) continue;
      uint64_t end = uint64_t{section.address} + section.size;
      if (i + 1 < kept.size()) end = std::min<uint64_t>(end, kept[i + 1].address);
      kept[i].size = static_cast<uint32_t>(end - kept[i].address);
      break;
    }
  }
  m_functions.resize(1);
  m_functions.insert(m_functions.end(), kept.begin(), kept.end());
  m_symbols_end = m_functions.size();
  m_functions.insert(m_functions.end(), m_sections.begin(), m_sections.end());
}

uint32_t SymbolTable::function_index(uint32_t address) const {
  const auto begin = m_functions.begin() + 1;
  const auto end = m_functions.begin() + static_cast<std::ptrdiff_t>(m_symbols_end);
  auto it = std::upper_bound(begin, end, address,
                             [](uint32_t a, const Symbol& s) { return a < s.address; });
  if (it != begin) {
    --it;
    // Zero-sized symbols outside any known section extend to the next symbol.
    if (it->size == 0 || address - it->address < it->size) {
      return static_cast<uint32_t>(it - m_functions.begin());
    }
  }
  for (size_t i = m_symbols_end; i < m_functions.size(); ++i) {
    if (contains(m_functions[i], address)) return static_cast<uint32_t>(i);
  }
  return kNoFunction;
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
