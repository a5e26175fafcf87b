// A buffered text trace (CSV, Dinero din, ...) with an optional cycle window and a row cap.
// Rows outside the window are skipped; once the cap is reached the file stops growing and
// truncated() says so, so the run can tell the user. The buffer is flushed on destruction and
// by flush(), so a trace is complete and valid even when the run fails.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace accsim {

struct TraceLimits {
  uint64_t window_begin = 0;
  uint64_t window_end = UINT64_MAX;  // exclusive
  uint64_t max_rows = UINT64_MAX;
};

class TraceFile {
 public:
  // Opens `path` for writing (throws std::runtime_error naming it on failure) and writes
  // `header` (if not empty) as the first line.
  TraceFile(const std::string& path, const TraceLimits& limits, const std::string& header = "");
  ~TraceFile();
  TraceFile(const TraceFile&) = delete;
  TraceFile& operator=(const TraceFile&) = delete;

  // True if a row at `cycle` should be written (inside the window, cap not reached). Callers
  // format the row only then, keeping the cost of an idle trace to this test.
  bool wants(uint64_t cycle) {
    if (cycle < m_limits.window_begin || cycle >= m_limits.window_end) return false;
    if (m_rows >= m_limits.max_rows) {
      m_truncated = true;
      return false;
    }
    return true;
  }
  void write_row(const char* text, size_t length);  // `text` includes the newline
  void flush();

  const std::string& path() const { return m_path; }
  uint64_t rows() const { return m_rows; }
  bool truncated() const { return m_truncated; }

 private:
  std::string m_path;
  TraceLimits m_limits;
  std::FILE* m_file = nullptr;
  std::string m_buffer;
  uint64_t m_rows = 0;
  bool m_truncated = false;
};

}  // namespace accsim
