// Function symbols of the loaded ELF: nearest-symbol lookup for diagnostics and the
// function index used for per-function statistics.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace accsim::cpu {

struct Symbol {
  std::string name;
  uint32_t address = 0;
  uint32_t size = 0;
};

class SymbolTable {
 public:
  static constexpr uint32_t kNoFunction = 0;  // index 0 is "(unknown)"

  SymbolTable();
  void add(Symbol symbol);
  void finalize();  // sorts; call once after adding

  // Index of the function containing `address`, or kNoFunction.
  uint32_t function_index(uint32_t address) const;
  const Symbol& function(uint32_t index) const { return m_functions[index]; }
  size_t size() const { return m_functions.size(); }
  // "main+0x24", or "" if no symbol precedes the address.
  std::string describe(uint32_t address) const;
  const Symbol* find(const std::string& name) const;

 private:
  std::vector<Symbol> m_functions;  // [0] = unknown; rest sorted by address
};

}  // namespace accsim::cpu
