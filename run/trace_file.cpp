#include "trace_file.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace accsim {

namespace {
constexpr size_t kFlushBytes = 1 << 20;
}

TraceFile::TraceFile(const std::string& path, const TraceLimits& limits, const std::string& header)
    : m_path(path), m_limits(limits) {
  m_file = std::fopen(path.c_str(), "wb");
  if (m_file == nullptr) {
    throw std::runtime_error("cannot write trace " + path + ": " + std::strerror(errno));
  }
  m_buffer.reserve(kFlushBytes + 256);
  if (!header.empty()) m_buffer += header + "\n";
}

TraceFile::~TraceFile() {
  flush();
  if (m_file) std::fclose(m_file);
}

void TraceFile::write_row(const char* text, size_t length) {
  m_buffer.append(text, length);
  ++m_rows;
  if (m_buffer.size() >= kFlushBytes) flush();
}

void TraceFile::flush() {
  if (m_file && !m_buffer.empty()) {
    std::fwrite(m_buffer.data(), 1, m_buffer.size(), m_file);
    std::fflush(m_file);
  }
  m_buffer.clear();
}

}  // namespace accsim
