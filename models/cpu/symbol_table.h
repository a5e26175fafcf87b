// Function symbols of the loaded ELF: nearest-symbol lookup for diagnostics and the
// function index used for per-function statistics.
//
// Hand-written assembly (the startup code's _start, its bss-clearing loop) often has plain
// labels rather than typed, sized functions: they count as functions too, up to the next
// symbol, unless they lie inside a typed function (a label within it). Code no symbol covers
// is named after its section, "(.text)", so that every executed cycle has a name; only code
// outside every executable section is "(unknown)".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace accsim::cpu {

struct Symbol {
  std::string name;
  uint32_t address = 0;
  uint32_t size = 0;  // 0: up to the next symbol (or its section's end)
  // An untyped code label (STT_NOTYPE): yields to a typed function at or around its address.
  bool label = false;
};

class SymbolTable {
 public:
  static constexpr uint32_t kNoFunction = 0;  // index 0 is "(unknown)"

  SymbolTable();
  void add(Symbol symbol);
  // An executable section: names the code in it that no symbol covers ("(.text)").
  void add_section(const std::string& name, uint32_t address, uint32_t size);
  void finalize();  // sorts; call once after adding

  // Index of the function containing `address` (or of its section's fallback), or
  // kNoFunction.
  uint32_t function_index(uint32_t address) const;
  const Symbol& function(uint32_t index) const { return m_functions[index]; }
  size_t size() const { return m_functions.size(); }
  // "main+0x24", "(.text)+0x8", or "" if no symbol or section holds the address.
  std::string describe(uint32_t address) const;
  const Symbol* find(const std::string& name) const;

 private:
  // [0] = unknown; then the symbols sorted by address (up to m_symbols_end); then one entry
  // per executable section (its fallback name).
  std::vector<Symbol> m_functions;
  std::vector<Symbol> m_sections;  // as added, until finalize appends them
  size_t m_symbols_end = 1;
};

}  // namespace accsim::cpu
