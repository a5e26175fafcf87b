// Loads an RV32 ELF executable. Our own reader rather than libelf: ELF32 headers, program
// headers and one symbol table are all we need, and a reader that checks every offset against
// the file size gives precise one-line errors for corrupt or foreign files (and is fuzzable),
// without another dependency.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "symbol_table.h"

namespace accsim::cpu {

class ElfError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ElfSegment {
  uint32_t address = 0;
  // p_memsz: the file bytes, then zeros. The zeros are not stored: a header may claim up to
  // 4 GiB of them, and the platform refuses a segment that big only when it is written.
  uint32_t size = 0;
  std::vector<uint8_t> bytes;  // p_filesz bytes from the file
  bool executable = false;
};

// A named range of data: an allocated, non-executable section (.data, .bss, .stack) or a
// sized data object (STT_OBJECT), for naming what an address holds (conflict attribution).
struct DataRange {
  std::string name;
  uint32_t address = 0;
  uint32_t size = 0;
};

struct ElfImage {
  uint32_t entry = 0;
  std::vector<ElfSegment> segments;
  SymbolTable symbols;
  std::vector<DataRange> data_sections;  // in section header order
  std::vector<DataRange> data_objects;   // in symbol table order
  uint32_t tohost = 0;                   // unused by accsim firmware; kept 0
};

// Parses `bytes` (named `origin` in errors). Throws ElfError: "<origin>: <what is wrong>".
ElfImage parse_elf(const std::vector<uint8_t>& bytes, const std::string& origin);
ElfImage read_elf(const std::filesystem::path& file);

// Writes every segment with `write(address, data, length)`, its zero tail in bounded chunks;
// throws ElfError naming the segment if a write fails (the range is not in any memory).
void load_segments(const ElfImage& image, const std::string& origin,
                   const std::function<bool(uint32_t, const uint8_t*, size_t)>& write);

}  // namespace accsim::cpu
