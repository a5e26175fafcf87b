// A buffered text trace (CSV, Dinero din, ...) with an optional cycle window and a row cap.
// Rows outside the window are skipped; once the cap is reached the file stops growing and
// truncated() says so, so the run can tell the user. The buffer is flushed on destruction and
// by flush(), so a trace is complete and valid even when the run fails.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

namespace accsim {

// A window that follows a firmware region (--trace-window region:NAME or op:N): closed until the
// region begins, then [begin, end) of its latest run. The run moves it as region events arrive;
// traces read it at every row, so they keep every run of the region.
struct LiveWindow {
  uint64_t begin = UINT64_MAX;
  uint64_t end = UINT64_MAX;  // exclusive; UINT64_MAX while the region runs
  std::string label;          // "region:invoke", for messages and the timeline
};

struct TraceLimits {
  uint64_t window_begin = 0;
  uint64_t window_end = UINT64_MAX;  // exclusive
  uint64_t max_rows = UINT64_MAX;
  std::shared_ptr<LiveWindow> live;  // when set, it is the window (window_begin/end unused)

  uint64_t begin() const { return live ? live->begin : window_begin; }
  uint64_t end() const { return live ? live->end : window_end; }
  bool in_window(uint64_t cycle) const { return cycle >= begin() && cycle < end(); }
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
    if (!m_limits.in_window(cycle)) return false;
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
