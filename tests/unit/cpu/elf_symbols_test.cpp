// Every executed pc has a name: typed functions, the plain labels of hand-written assembly
// (the startup code's _start and its bss-clearing loop) and, for code no symbol covers, its
// section. The bss loop of every firmware used to be "(unknown)" in every profile.
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <vector>

#include "elf_loader.h"
#include "symbol_table.h"

using namespace accsim::cpu;

namespace {

struct ElfSymbol {
  std::string name;
  uint32_t value, size;
  uint8_t info;  // (bind << 4) | type
  uint16_t shndx;
};

template <typename T>
void put(std::vector<uint8_t>& b, size_t at, T v) {
  if (b.size() < at + sizeof v) b.resize(at + sizeof v);
  std::memcpy(&b[at], &v, sizeof v);
}

// An RV32 executable with sections null, .text (index 1, 64 bytes at 0x40000000), .symtab,
// .strtab, .shstrtab, and the given symbols.
std::vector<uint8_t> elf_with(const std::vector<ElfSymbol>& symbols) {
  constexpr uint32_t kText = 0x40000000, kTextSize = 64;
  std::vector<uint8_t> b(52, 0);
  const uint8_t magic[] = {0x7f, 'E', 'L', 'F'};
  std::memcpy(b.data(), magic, 4);
  b[4] = b[5] = b[6] = 1;
  put<uint16_t>(b, 16, 2);    // ET_EXEC
  put<uint16_t>(b, 18, 243);  // RISC-V
  put<uint32_t>(b, 20, 1);
  put<uint32_t>(b, 24, kText);
  put<uint32_t>(b, 28, 52);
  put<uint16_t>(b, 40, 52);
  put<uint16_t>(b, 42, 32);
  put<uint16_t>(b, 44, 1);
  const uint32_t text_off = 52 + 32;
  put<uint32_t>(b, 52, 1);  // PT_LOAD
  put<uint32_t>(b, 56, text_off);
  put<uint32_t>(b, 60, kText);
  put<uint32_t>(b, 64, kText);
  put<uint32_t>(b, 68, kTextSize);
  put<uint32_t>(b, 72, kTextSize);
  put<uint32_t>(b, 76, 5);
  b.resize(text_off + kTextSize, 0);
  std::string strtab(1, '\0');
  const uint32_t sym_off = static_cast<uint32_t>(b.size());
  b.resize(b.size() + 16 * (symbols.size() + 1), 0);
  for (size_t i = 0; i < symbols.size(); ++i) {
    const uint32_t at = sym_off + 16 * static_cast<uint32_t>(i + 1);
    put<uint32_t>(b, at, static_cast<uint32_t>(strtab.size()));
    strtab += symbols[i].name + '\0';
    put<uint32_t>(b, at + 4, symbols[i].value);
    put<uint32_t>(b, at + 8, symbols[i].size);
    b[at + 12] = symbols[i].info;
    put<uint16_t>(b, at + 14, symbols[i].shndx);
  }
  const uint32_t str_off = static_cast<uint32_t>(b.size());
  b.insert(b.end(), strtab.begin(), strtab.end());
  const std::string names = std::string("\0.text\0.symtab\0.strtab\0.shstrtab\0", 33);
  const uint32_t names_off = static_cast<uint32_t>(b.size());
  b.insert(b.end(), names.begin(), names.end());
  const uint32_t sh = static_cast<uint32_t>(b.size());
  b.resize(b.size() + 5 * 40, 0);
  struct Header {
    uint32_t name, type, flags, addr, offset, size, link;
  };
  const Header headers[] = {
      {1, 1, 0x6, kText, text_off, kTextSize, 0},  // .text: PROGBITS, ALLOC | EXECINSTR
      {7, 2, 0, 0, sym_off, 16 * static_cast<uint32_t>(symbols.size() + 1), 3},  // .symtab
      {15, 3, 0, 0, str_off, static_cast<uint32_t>(strtab.size()), 0},           // .strtab
      {23, 3, 0, 0, names_off, static_cast<uint32_t>(names.size()), 0},          // .shstrtab
  };
  for (size_t i = 0; i < 4; ++i) {
    const uint32_t at = sh + 40 * static_cast<uint32_t>(i + 1);
    put<uint32_t>(b, at, headers[i].name);
    put<uint32_t>(b, at + 4, headers[i].type);
    put<uint32_t>(b, at + 8, headers[i].flags);
    put<uint32_t>(b, at + 12, headers[i].addr);
    put<uint32_t>(b, at + 16, headers[i].offset);
    put<uint32_t>(b, at + 20, headers[i].size);
    put<uint32_t>(b, at + 24, headers[i].link);
  }
  put<uint32_t>(b, 32, sh);
  put<uint16_t>(b, 46, 40);
  put<uint16_t>(b, 48, 5);
  put<uint16_t>(b, 50, 4);
  return b;
}

constexpr uint8_t kGlobalNotype = 0x10, kLocalNotype = 0x00, kGlobalFunc = 0x12;

std::string name_at(const SymbolTable& table, uint32_t address) {
  return table.function(table.function_index(address)).name;
}

}  // namespace

TEST_CASE("the startup code's labels name its cycles, as crt0 defines them", "[cpu][elf]") {
  // _start (a global label) calls zero_words (a local label), then main (a typed function).
  const ElfImage image = parse_elf(elf_with({{"_start", 0x40000000, 0, kGlobalNotype, 1},
                                             {"$xrv32i2p0_m2p0", 0x40000000, 0, kLocalNotype, 1},
                                             {"zero_words", 0x40000010, 0, kLocalNotype, 1},
                                             {".L_loop", 0x40000014, 0, kLocalNotype, 1},
                                             {"main", 0x40000020, 16, kGlobalFunc, 1}}),
                                   "fw.elf");
  const SymbolTable& s = image.symbols;
  CHECK(name_at(s, 0x40000000) == "_start");
  CHECK(name_at(s, 0x4000000c) == "_start");
  CHECK(name_at(s, 0x40000010) == "zero_words");
  CHECK(name_at(s, 0x40000018) == "zero_words");  // not the assembler's .L label
  CHECK(name_at(s, 0x40000024) == "main");
  CHECK(s.describe(0x40000014) == "zero_words+0x4");
}

TEST_CASE("code no symbol covers is named by its section", "[cpu][elf]") {
  // main ends at 0x30; the rest of .text (up to 0x40) has no symbol.
  const ElfImage image = parse_elf(elf_with({{"main", 0x40000020, 16, kGlobalFunc, 1}}), "fw.elf");
  const SymbolTable& s = image.symbols;
  CHECK(name_at(s, 0x40000000) == "(.text)");
  CHECK(name_at(s, 0x40000034) == "(.text)");
  CHECK(s.describe(0x40000034) == "(.text)+0x34");
  CHECK(name_at(s, 0x40000028) == "main");
  CHECK(s.function_index(0x40000040) == SymbolTable::kNoFunction);  // past every section
  CHECK(s.function_index(0x80000000) == SymbolTable::kNoFunction);
}

TEST_CASE("labels yield to the typed functions they alias or lie in", "[cpu][elf]") {
  const ElfImage image = parse_elf(elf_with({{"alias", 0x40000000, 0, kGlobalNotype, 1},
                                             {"f", 0x40000000, 16, kGlobalFunc, 1},
                                             {"inside_f", 0x40000008, 0, kLocalNotype, 1},
                                             {"tail", 0x40000010, 0, kLocalNotype, 1},
                                             {"data_label", 0x40000030, 0, kGlobalNotype, 0}}),
                                   "fw.elf");
  const SymbolTable& s = image.symbols;
  CHECK(name_at(s, 0x40000000) == "f");
  CHECK(name_at(s, 0x40000008) == "f");
  // An unsized label runs to the next symbol, here the end of .text (not beyond it).
  CHECK(name_at(s, 0x40000010) == "tail");
  CHECK(name_at(s, 0x4000003c) == "tail");  // data_label is in no executable section
  CHECK(s.function_index(0x40000040) == SymbolTable::kNoFunction);
  CHECK(s.find("inside_f") == nullptr);
  CHECK(s.find("alias") == nullptr);
}
