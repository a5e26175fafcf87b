#include "elf_loader.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace accsim::cpu {

namespace {

constexpr uint16_t kEtExec = 2;
constexpr uint16_t kEmRiscv = 243;
constexpr uint32_t kPtLoad = 1;
constexpr uint32_t kPfX = 1;
constexpr uint32_t kShtSymtab = 2;
constexpr uint32_t kEfRiscvRvc = 0x1;
constexpr uint32_t kEfRiscvFloatAbi = 0x6;
constexpr uint8_t kSttNotype = 0;
constexpr uint8_t kSttObject = 1;
constexpr uint8_t kSttFunc = 2;
constexpr uint32_t kShfAlloc = 0x2;
constexpr uint32_t kShfExecinstr = 0x4;

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

class Reader {
 public:
  Reader(const std::vector<uint8_t>& bytes, const std::string& origin)
      : m_bytes(bytes), m_origin(origin) {}

  template <typename T>
  T get(uint64_t offset, const char* what) const {
    check(offset, sizeof(T), what);
    T value;
    std::memcpy(&value, m_bytes.data() + offset, sizeof(T));
    return value;
  }
  bool fits(uint64_t offset, uint64_t length) const {
    return offset <= m_bytes.size() && length <= m_bytes.size() - offset;
  }
  void check(uint64_t offset, uint64_t length, const char* what) const {
    if (!fits(offset, length)) {
      fail(std::string(what) + " at file offset " + hex(offset) + " (+" + std::to_string(length) +
           " bytes) lies past the end of the file (" + std::to_string(m_bytes.size()) +
           " bytes): truncated or corrupt ELF");
    }
  }
  [[noreturn]] void fail(const std::string& message) const {
    throw ElfError(m_origin + ": " + message);
  }
  const uint8_t* data() const { return m_bytes.data(); }

 private:
  const std::vector<uint8_t>& m_bytes;
  const std::string& m_origin;
};

// An executable section: its index and range (its labels are code; see read_symbols).
struct CodeSection {
  uint32_t index = 0;
  uint32_t address = 0;
  uint32_t size = 0;
};

// A NUL-terminated string at `offset` of a string table, bounded by its size.
std::string table_string(const Reader& r, uint32_t table_off, uint32_t table_size,
                         uint32_t offset) {
  if (offset >= table_size) return "";
  const char* str = reinterpret_cast<const char*>(r.data() + table_off + offset);
  return std::string(str, strnlen(str, table_size - offset));
}

// The executable sections, each named for the symbol table's fallback; the allocated data
// sections go to image.data_sections.
std::vector<CodeSection> read_code_sections(const Reader& r, uint32_t shoff, uint32_t shnum,
                                            uint32_t shentsize, uint32_t shstrndx,
                                            ElfImage& image) {
  SymbolTable& symbols = image.symbols;
  // Names are a nicety: a missing or corrupt name table only loses them.
  uint32_t names_off = 0, names_size = 0;
  const uint64_t names_sh = uint64_t{shoff} + uint64_t{shstrndx} * shentsize;
  if (shstrndx < shnum && r.fits(names_sh, 40)) {
    names_off = r.get<uint32_t>(names_sh + 16, "sh_offset");
    names_size = r.get<uint32_t>(names_sh + 20, "sh_size");
    if (!r.fits(names_off, names_size)) names_size = 0;
  }
  std::vector<CodeSection> sections;
  for (uint32_t i = 0; i < shnum; ++i) {
    const uint64_t sh = uint64_t{shoff} + uint64_t{i} * shentsize;
    r.check(sh, 40, "section header");
    const uint32_t flags = r.get<uint32_t>(sh + 8, "sh_flags");
    if ((flags & kShfAlloc) == 0) continue;
    CodeSection section{i, r.get<uint32_t>(sh + 12, "sh_addr"),
                        r.get<uint32_t>(sh + 20, "sh_size")};
    std::string name = table_string(r, names_off, names_size, r.get<uint32_t>(sh, "sh_name"));
    if (name.empty()) name = "section_" + std::to_string(i);
    if ((flags & kShfExecinstr) == 0) {
      if (section.size != 0) image.data_sections.push_back({name, section.address, section.size});
      continue;
    }
    symbols.add_section(name, section.address, section.size);
    sections.push_back(section);
  }
  return sections;
}

// Typed functions wherever they are, and plain labels of hand-written assembly in executable
// sections (not the assembler's mapping symbols "$x..." or local ".L" labels).
void read_symbols(const Reader& r, uint32_t shoff, uint32_t shnum, uint32_t shentsize,
                  ElfImage& image) {
  const uint16_t shstrndx = r.get<uint16_t>(50, "e_shstrndx");
  const std::vector<CodeSection> code =
      read_code_sections(r, shoff, shnum, shentsize, shstrndx, image);
  const auto code_section = [&code](uint16_t index, uint32_t value) {
    for (const CodeSection& s : code) {
      if (s.index == index && value >= s.address && value - s.address < s.size) return true;
    }
    return false;
  };
  for (uint32_t i = 0; i < shnum; ++i) {
    const uint64_t sh = uint64_t{shoff} + uint64_t{i} * shentsize;
    r.check(sh, 40, "section header");
    if (r.get<uint32_t>(sh + 4, "sh_type") != kShtSymtab) continue;
    const uint32_t sym_off = r.get<uint32_t>(sh + 16, "sh_offset");
    const uint32_t sym_size = r.get<uint32_t>(sh + 20, "sh_size");
    const uint32_t link = r.get<uint32_t>(sh + 24, "sh_link");
    if (link >= shnum)
      r.fail("symbol table links to section " + std::to_string(link) + " of " +
             std::to_string(shnum));
    const uint64_t strsh = uint64_t{shoff} + uint64_t{link} * shentsize;
    r.check(strsh, 40, "string table header");
    const uint32_t str_off = r.get<uint32_t>(strsh + 16, "sh_offset");
    const uint32_t str_size = r.get<uint32_t>(strsh + 20, "sh_size");
    r.check(sym_off, sym_size, "symbol table");
    r.check(str_off, str_size, "string table");
    for (uint64_t s = sym_off; s + 16 <= uint64_t{sym_off} + sym_size; s += 16) {
      const uint32_t name = r.get<uint32_t>(s, "st_name");
      const uint32_t value = r.get<uint32_t>(s + 4, "st_value");
      const uint32_t size = r.get<uint32_t>(s + 8, "st_size");
      const uint8_t type = r.get<uint8_t>(s + 12, "st_info") & 0xF;
      const uint16_t shndx = r.get<uint16_t>(s + 14, "st_shndx");
      if (name >= str_size) continue;
      std::string text = table_string(r, str_off, str_size, name);
      if (type == kSttObject && size != 0 && !text.empty()) {
        image.data_objects.push_back({std::move(text), value, size});
      } else if (type == kSttFunc) {
        image.symbols.add({std::move(text), value, size});
      } else if (type == kSttNotype && !text.empty() && text[0] != '$' &&
                 text.rfind(".L", 0) != 0 && code_section(shndx, value)) {
        image.symbols.add({std::move(text), value, size, /*label=*/true});
      }
    }
    break;
  }
}

}  // namespace

ElfImage parse_elf(const std::vector<uint8_t>& bytes, const std::string& origin) {
  Reader r(bytes, origin);
  if (bytes.size() < 4 || std::memcmp(bytes.data(),
                                      "\x7f"
                                      "ELF",
                                      4) != 0) {
    r.fail("not an ELF file (no \\x7fELF magic)");
  }
  r.check(0, 52, "ELF header");
  if (bytes[4] != 1)
    r.fail("64-bit ELF; accsim runs RV32 firmware (build with -march=rv32im -mabi=ilp32)");
  if (bytes[5] != 1) r.fail("big-endian ELF; RISC-V is little-endian");
  const uint16_t type = r.get<uint16_t>(16, "e_type");
  const uint16_t machine = r.get<uint16_t>(18, "e_machine");
  if (machine != kEmRiscv) {
    r.fail("ELF machine " + std::to_string(machine) + " is not RISC-V (243)");
  }
  if (type != kEtExec) {
    r.fail("ELF type " + std::to_string(type) + " is not an executable (ET_EXEC); link it first");
  }
  const uint32_t flags = r.get<uint32_t>(36, "e_flags");
  if (flags & kEfRiscvRvc) {
    r.fail(
        "ELF uses compressed (RVC) instructions; the core implements RV32IM: build with "
        "-march=rv32im");
  }
  if (flags & kEfRiscvFloatAbi) {
    r.fail("ELF uses a hardware floating-point ABI; the core has no FPU: build with -mabi=ilp32");
  }

  ElfImage image;
  image.entry = r.get<uint32_t>(24, "e_entry");
  const uint32_t phoff = r.get<uint32_t>(28, "e_phoff");
  const uint32_t shoff = r.get<uint32_t>(32, "e_shoff");
  const uint16_t phentsize = r.get<uint16_t>(42, "e_phentsize");
  const uint16_t phnum = r.get<uint16_t>(44, "e_phnum");
  const uint16_t shentsize = r.get<uint16_t>(46, "e_shentsize");
  const uint16_t shnum = r.get<uint16_t>(48, "e_shnum");
  if (phnum == 0) r.fail("ELF has no program headers: nothing to load");
  if (phentsize < 32) r.fail("ELF program header size " + std::to_string(phentsize) + " < 32");

  for (uint32_t i = 0; i < phnum; ++i) {
    const uint64_t ph = uint64_t{phoff} + uint64_t{i} * phentsize;
    r.check(ph, 32, "program header");
    if (r.get<uint32_t>(ph, "p_type") != kPtLoad) continue;
    const uint32_t offset = r.get<uint32_t>(ph + 4, "p_offset");
    const uint32_t paddr = r.get<uint32_t>(ph + 12, "p_paddr");
    const uint32_t filesz = r.get<uint32_t>(ph + 16, "p_filesz");
    const uint32_t memsz = r.get<uint32_t>(ph + 20, "p_memsz");
    const uint32_t pflags = r.get<uint32_t>(ph + 24, "p_flags");
    if (memsz == 0) continue;
    if (filesz > memsz) {
      r.fail("segment " + std::to_string(i) + " has p_filesz " + hex(filesz) + " > p_memsz " +
             hex(memsz));
    }
    if (uint64_t{paddr} + memsz > (uint64_t{1} << 32)) {
      r.fail("segment " + std::to_string(i) + " at " + hex(paddr) +
             " extends past the 32-bit address space");
    }
    r.check(offset, filesz, "segment data");
    ElfSegment seg;
    seg.address = paddr;  // physical (load) address: .data's initial image goes where LMA says
    seg.size = memsz;
    seg.bytes.assign(r.data() + offset, r.data() + offset + filesz);
    seg.executable = pflags & kPfX;
    image.segments.push_back(std::move(seg));
  }
  if (image.segments.empty()) r.fail("ELF has no loadable segment");

  // Symbols are optional (stripped files still run; diagnostics just lose names).
  if (shoff != 0 && shnum != 0 && shentsize >= 40) read_symbols(r, shoff, shnum, shentsize, image);
  image.symbols.finalize();
  return image;
}

ElfImage read_elf(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw ElfError(file.string() + ": cannot open firmware file");
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  return parse_elf(bytes, file.string());
}

void load_segments(const ElfImage& image, const std::string& origin,
                   const std::function<bool(uint32_t, const uint8_t*, size_t)>& write) {
  static const std::vector<uint8_t> zeros(64 * 1024, 0);
  for (const auto& seg : image.segments) {
    const auto refuse = [&] {
      throw ElfError(origin + ": segment [" + hex(seg.address) + ", " +
                     hex(uint64_t{seg.address} + seg.size) +
                     ") does not fit in the memories of this architecture");
    };
    if (!seg.bytes.empty() && !write(seg.address, seg.bytes.data(), seg.bytes.size())) refuse();
    // parse_elf checked that address + size stays inside the 32-bit address space.
    for (uint64_t at = seg.bytes.size(); at < seg.size; at += zeros.size()) {
      const size_t length = static_cast<size_t>(std::min<uint64_t>(zeros.size(), seg.size - at));
      if (!write(static_cast<uint32_t>(seg.address + at), zeros.data(), length)) refuse();
    }
  }
}

}  // namespace accsim::cpu
