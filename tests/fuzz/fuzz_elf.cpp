// Fuzz target: the firmware ELF loader (models/cpu/elf_loader.h) on arbitrary bytes, then its
// segments written into a small fake memory and the symbol table queried, as the CPU model does
// when it loads firmware. ElfError is the documented refusal; anything else is a finding.
#include <cstdint>
#include <vector>

#include "elf_loader.h"

namespace {

// A 1 MiB memory at 0: segments elsewhere are refused by load_segments, as by the platform.
constexpr uint32_t kMemoryBytes = 1u << 20;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::vector<uint8_t> bytes(data, data + size);
  try {
    const accsim::cpu::ElfImage image = accsim::cpu::parse_elf(bytes, "<fuzz>");
    static std::vector<uint8_t> memory(kMemoryBytes);
    accsim::cpu::load_segments(image, "<fuzz>",
                               [](uint32_t address, const uint8_t* from, size_t length) {
                                 if (address > kMemoryBytes || length > kMemoryBytes - address) {
                                   return false;
                                 }
                                 std::copy(from, from + length, memory.begin() + address);
                                 return true;
                               });
    image.symbols.describe(image.entry);
    image.symbols.function_index(image.entry);
    image.symbols.find("main");
  } catch (const accsim::cpu::ElfError&) {
    // a refusal with a message: what malformed input must get
  }
  return 0;
}
