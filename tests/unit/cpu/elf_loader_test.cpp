// The ELF reader accepts RV32 executables and names the problem with anything else.
#include "elf_loader.h"

#include <catch2/catch.hpp>
#include <cstring>

using namespace accsim::cpu;

namespace {

// Builds a minimal ELF32: header, one program header, the segment, and optionally a symbol
// table with one function.
struct ElfBuilder {
  uint8_t elf_class = 1, data = 1;
  uint16_t type = 2, machine = 243;
  uint32_t flags = 0, entry = 0x40000000, paddr = 0x40000000;
  uint32_t filesz_override = 0, memsz = 16;
  std::vector<uint8_t> segment = {0x13, 0, 0, 0, 0x73, 0, 0x10, 0};  // nop; ebreak
  bool with_symbols = true;

  template <typename T>
  static void put(std::vector<uint8_t>& b, size_t at, T v) {
    if (b.size() < at + sizeof v) b.resize(at + sizeof v);
    std::memcpy(&b[at], &v, sizeof v);
  }

  std::vector<uint8_t> build() const {
    std::vector<uint8_t> b(52, 0);
    std::memcpy(b.data(),
                "\x7f"
                "ELF",
                4);
    b[4] = elf_class;
    b[5] = data;
    b[6] = 1;
    put<uint16_t>(b, 16, type);
    put<uint16_t>(b, 18, machine);
    put<uint32_t>(b, 20, 1);
    put<uint32_t>(b, 24, entry);
    put<uint32_t>(b, 28, 52);  // phoff
    put<uint32_t>(b, 36, flags);
    put<uint16_t>(b, 40, 52);
    put<uint16_t>(b, 42, 32);
    put<uint16_t>(b, 44, 1);
    const uint32_t seg_off = 52 + 32;
    put<uint32_t>(b, 52, 1);  // PT_LOAD
    put<uint32_t>(b, 56, seg_off);
    put<uint32_t>(b, 60, paddr);
    put<uint32_t>(b, 64, paddr);
    put<uint32_t>(b, 68, filesz_override ? filesz_override : static_cast<uint32_t>(segment.size()));
    put<uint32_t>(b, 72, memsz);
    put<uint32_t>(b, 76, 5);  // R X
    b.insert(b.end(), segment.begin(), segment.end());
    if (with_symbols) {
      // strtab, symtab, then 3 section headers: null, symtab, strtab.
      const std::string strtab = std::string("\0start\0", 7);
      const uint32_t str_off = static_cast<uint32_t>(b.size());
      b.insert(b.end(), strtab.begin(), strtab.end());
      const uint32_t sym_off = static_cast<uint32_t>(b.size());
      b.resize(b.size() + 32, 0);             // null symbol + one symbol
      put<uint32_t>(b, sym_off + 16, 1);      // name "start"
      put<uint32_t>(b, sym_off + 20, paddr);  // value
      put<uint32_t>(b, sym_off + 24, 8);      // size
      b[sym_off + 28] = 0x12;                 // GLOBAL FUNC
      const uint32_t sh_off = static_cast<uint32_t>(b.size());
      b.resize(b.size() + 3 * 40, 0);
      put<uint32_t>(b, sh_off + 40 + 4, 2);  // SHT_SYMTAB
      put<uint32_t>(b, sh_off + 40 + 16, sym_off);
      put<uint32_t>(b, sh_off + 40 + 20, 32);
      put<uint32_t>(b, sh_off + 40 + 24, 2);  // link -> strtab
      put<uint32_t>(b, sh_off + 80 + 4, 3);   // SHT_STRTAB
      put<uint32_t>(b, sh_off + 80 + 16, str_off);
      put<uint32_t>(b, sh_off + 80 + 20, static_cast<uint32_t>(strtab.size()));
      put<uint32_t>(b, 32, sh_off);
      put<uint16_t>(b, 46, 40);
      put<uint16_t>(b, 48, 3);
    }
    return b;
  }
};

std::string error_of(const std::vector<uint8_t>& bytes) {
  try {
    parse_elf(bytes, "fw.elf");
  } catch (const ElfError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a valid RV32 executable loads with entry, segment and symbols", "[cpu][elf]") {
  const ElfImage image = parse_elf(ElfBuilder{}.build(), "fw.elf");
  CHECK(image.entry == 0x40000000);
  REQUIRE(image.segments.size() == 1);
  CHECK(image.segments[0].address == 0x40000000);
  CHECK(image.segments[0].size == 16);  // memsz: zero-filled past the file bytes when loaded
  CHECK(image.segments[0].bytes.size() == 8);
  CHECK(image.segments[0].executable);
  CHECK(image.symbols.describe(0x40000004) == "start+0x4");
  CHECK(image.symbols.describe(0x40000008) == "");
}

TEST_CASE("foreign and corrupt files get a one-line reason", "[cpu][elf]") {
  CHECK_THAT(error_of({'h', 'e', 'l', 'l', 'o'}), Catch::Contains("not an ELF file"));
  CHECK_THAT(error_of({}), Catch::Contains("not an ELF file"));
  ElfBuilder b64;
  b64.elf_class = 2;
  CHECK_THAT(error_of(b64.build()), Catch::Contains("64-bit ELF"));
  ElfBuilder x86;
  x86.machine = 62;
  CHECK_THAT(error_of(x86.build()), Catch::Contains("ELF machine 62 is not RISC-V"));
  ElfBuilder object;
  object.type = 1;
  CHECK_THAT(error_of(object.build()), Catch::Contains("not an executable"));
  ElfBuilder rvc;
  rvc.flags = 1;
  CHECK_THAT(error_of(rvc.build()), Catch::Contains("compressed (RVC)"));
  ElfBuilder hard_float;
  hard_float.flags = 4;
  CHECK_THAT(error_of(hard_float.build()), Catch::Contains("floating-point ABI"));
  ElfBuilder bad_sizes;
  bad_sizes.filesz_override = 64;
  bad_sizes.memsz = 32;
  CHECK_THAT(error_of(bad_sizes.build()), Catch::Contains("p_filesz 0x40 > p_memsz 0x20"));
  ElfBuilder wraps;
  wraps.paddr = 0xFFFFFFF8;
  CHECK_THAT(error_of(wraps.build()), Catch::Contains("past the 32-bit address space"));
}

TEST_CASE("every truncation of a valid ELF is rejected cleanly", "[cpu][elf]") {
  ElfBuilder b;
  b.with_symbols = false;
  const auto full = b.build();
  for (size_t n = 0; n < full.size(); ++n) {
    std::vector<uint8_t> cut(full.begin(), full.begin() + n);
    INFO("truncated to " << n << " bytes");
    CHECK_THAT(error_of(cut), Catch::StartsWith("fw.elf: "));
  }
}

TEST_CASE("symbol tables pointing past the file are rejected", "[cpu][elf]") {
  auto bytes = ElfBuilder{}.build();
  bytes.resize(bytes.size() - 40);  // cut the last section header
  CHECK_THAT(error_of(bytes), Catch::Contains("lies past the end of the file"));
}

TEST_CASE("load_segments names a segment that fits no memory", "[cpu][elf]") {
  const ElfImage image = parse_elf(ElfBuilder{}.build(), "fw.elf");
  REQUIRE_THROWS_WITH(
      load_segments(image, "fw.elf", [](uint32_t, const uint8_t*, size_t) { return false; }),
      "fw.elf: segment [0x40000000, 0x40000010) does not fit in the memories of this "
      "architecture");
  std::vector<uint8_t> written(16, 0xAA);
  load_segments(image, "fw.elf", [&](uint32_t addr, const uint8_t* data, size_t n) {
    if (addr < 0x40000000 || addr - 0x40000000 + n > written.size()) return false;
    std::copy(data, data + n, written.begin() + (addr - 0x40000000));
    return true;
  });
  CHECK(written[8] == 0);  // the zero tail is written too
  CHECK(written[15] == 0);
}

TEST_CASE("a segment claiming gigabytes of zeros is refused without allocating them",
          "[cpu][elf]") {
  // Regression (fuzz_elf): parse_elf stored p_memsz bytes, so a 100-byte file could make the
  // loader allocate up to 4 GiB before the platform refused the segment.
  ElfBuilder builder;
  builder.memsz = 0xB0000000;
  const ElfImage image = parse_elf(builder.build(), "fw.elf");
  CHECK(image.segments[0].bytes.size() == 8);
  CHECK_THROWS_WITH(load_segments(image, "fw.elf",
                                  [](uint32_t addr, const uint8_t*, size_t) {
                                    return addr < 0x40001000;  // a 4 KiB memory
                                  }),
                    Catch::Contains("does not fit"));
}
