// Makes an FST waveform reproducible: the FST writer stamps the wall-clock date into the file's
// header when it creates the file, and Verilator's VerilatedFstC gives no access to the writer
// to set another, so two identical runs would write different cfu.fst files. After the file is
// closed, fix_fst_date() overwrites that field with the Unix epoch, in the writer's own
// asctime() format. FstWaveform is a Verilated model's waveform written that way.
#pragma once

#include <verilated_fst_c.h>

#include <array>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

namespace accsim::rtl {

// FST header layout (gtkwave's fstapi.c): block tag 0 (FST_BL_HDR) at byte 0, then section
// length, eight 64-bit fields, the timescale byte and the 128-byte simulator version, so the
// 119-byte NUL-padded date starts at byte 202.
inline constexpr long kFstHeaderTagOffset = 0;
inline constexpr long kFstDateOffset = 202;
inline constexpr std::size_t kFstDateSize = 119;
inline constexpr char kFstFixedDate[] = "Thu Jan  1 00:00:00 1970\n";

// Returns false (and leaves the file alone) if it is missing or does not start with an FST
// header block.
inline bool fix_fst_date(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "r+b");
  if (file == nullptr) return false;
  bool ok = std::fseek(file, kFstHeaderTagOffset, SEEK_SET) == 0 && std::fgetc(file) == 0;
  if (ok) {
    std::array<char, kFstDateSize> date{};
    std::memcpy(date.data(), kFstFixedDate, sizeof kFstFixedDate - 1);
    ok = std::fseek(file, kFstDateOffset, SEEK_SET) == 0 &&
         std::fwrite(date.data(), 1, date.size(), file) == date.size();
  }
  return std::fclose(file) == 0 && ok;
}

// The FST waveform of one Verilated model (every signal, all levels), its date fixed on close:
// identical runs, identical waveforms.
class FstWaveform {
 public:
  template <class Top>
  void open(Top& top, const std::string& path) {
    m_trace = std::make_unique<VerilatedFstC>();
    top.trace(m_trace.get(), 99);
    m_trace->open(path.c_str());
    m_path = path;
  }
  void dump(uint64_t time_ps) {
    if (m_trace) m_trace->dump(time_ps);
  }
  void close() {
    if (!m_trace) return;
    m_trace->close();
    m_trace.reset();
    fix_fst_date(m_path);
  }

 private:
  std::unique_ptr<VerilatedFstC> m_trace;
  std::string m_path;
};

}  // namespace accsim::rtl
