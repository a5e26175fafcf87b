#include "timeline.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace accsim {

namespace {
constexpr size_t kFlushBytes = 1 << 20;
}

Timeline::Timeline(const std::string& path, double clock_mhz, const TraceLimits& limits)
    : m_path(path),
      m_clock_mhz(clock_mhz),
      m_period_ps(static_cast<uint64_t>(1e6 / clock_mhz + 0.5)),
      m_limits(limits) {
  m_file = std::fopen(path.c_str(), "wb");
  if (m_file == nullptr) {
    throw std::runtime_error("cannot write trace " + path + ": " + std::strerror(errno));
  }
  m_buffer.reserve(kFlushBytes + 1024);
  m_buffer += "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
}

Timeline::~Timeline() {
  finish();
  if (m_file) std::fclose(m_file);
}

std::string Timeline::quote(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string Timeline::timestamp(uint64_t cycle) const {
  // Microseconds with picosecond resolution: exact for clocks up to 1 THz, and printed the same
  // way on every host (determinism).
  const uint64_t ps = cycle * m_period_ps;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%llu.%06llu", static_cast<unsigned long long>(ps / 1000000),
                static_cast<unsigned long long>(ps % 1000000));
  return buf;
}

void Timeline::emit(const std::string& event) {
  if (m_finished) return;
  if (!m_first) m_buffer += ",\n";
  m_first = false;
  m_buffer += event;
  if (m_buffer.size() >= kFlushBytes) {
    std::fwrite(m_buffer.data(), 1, m_buffer.size(), m_file);
    m_buffer.clear();
  }
}

int Timeline::process_id(const std::string& process) {
  for (size_t i = 0; i < m_processes.size(); ++i) {
    if (m_processes[i] == process) return static_cast<int>(i) + 1;
  }
  m_processes.push_back(process);
  m_threads_per_process.push_back(0);
  const int pid = static_cast<int>(m_processes.size());
  emit("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":" + std::to_string(pid) +
       ",\"args\":{\"name\":" + quote(process) + "}}");
  emit("{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":" + std::to_string(pid) +
       ",\"args\":{\"sort_index\":" + std::to_string(pid) + "}}");
  return pid;
}

int Timeline::track(const std::string& process, const std::string& name) {
  const int pid = process_id(process);
  const int tid = ++m_threads_per_process[pid - 1];
  m_tracks.push_back({pid, tid});
  const std::string ids = "\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid);
  emit("{\"name\":\"thread_name\",\"ph\":\"M\"," + ids + ",\"args\":{\"name\":" + quote(name) +
       "}}");
  emit("{\"name\":\"thread_sort_index\",\"ph\":\"M\"," + ids +
       ",\"args\":{\"sort_index\":" + std::to_string(tid) + "}}");
  return static_cast<int>(m_tracks.size()) - 1;
}

bool Timeline::wants(uint64_t begin, uint64_t end) {
  if (m_finished) return false;
  if (end <= m_limits.begin() && begin < m_limits.begin()) return false;
  if (begin >= m_limits.end()) return false;
  if (m_events >= m_limits.max_rows) {
    m_truncated = true;
    return false;
  }
  return true;
}

void Timeline::slice(int track, const std::string& name, uint64_t begin, uint64_t end,
                     const std::string& args_json) {
  if (end < begin) end = begin;
  if (!wants(begin, end == begin ? begin + 1 : end)) return;
  begin = std::max(begin, m_limits.begin());
  end = std::min(end, m_limits.end());
  const Track& t = m_tracks.at(track);
  std::string e = "{\"name\":" + quote(name) + ",\"ph\":\"X\",\"ts\":" + timestamp(begin) +
                  ",\"dur\":" + timestamp(end - begin) + ",\"pid\":" + std::to_string(t.pid) +
                  ",\"tid\":" + std::to_string(t.tid);
  if (!args_json.empty()) e += ",\"args\":" + args_json;
  emit(e + "}");
  ++m_events;
}

void Timeline::counter(const std::string& process, const std::string& name, uint64_t cycle,
                       double value) {
  if (!wants(cycle, cycle + 1)) return;
  const int pid = process_id(process);
  char v[32];
  std::snprintf(v, sizeof v, "%.6g", value);
  emit("{\"name\":" + quote(name) + ",\"ph\":\"C\",\"ts\":" + timestamp(cycle) +
       ",\"pid\":" + std::to_string(pid) + ",\"args\":{" + quote(name) + ":" + v + "}}");
  ++m_events;
}

void Timeline::instant(int track, const std::string& name, uint64_t cycle) {
  if (!wants(cycle, cycle + 1)) return;
  const Track& t = m_tracks.at(track);
  emit("{\"name\":" + quote(name) + ",\"ph\":\"i\",\"s\":\"t\",\"ts\":" + timestamp(cycle) +
       ",\"pid\":" + std::to_string(t.pid) + ",\"tid\":" + std::to_string(t.tid) + "}");
  ++m_events;
}

void Timeline::finish(const std::string& note) {
  if (m_finished || m_file == nullptr) return;
  m_finished = true;
  m_buffer += "\n],\"otherData\":{\"generator\":\"accsim\",\"clock_mhz\":";
  char mhz[32];
  std::snprintf(mhz, sizeof mhz, "%.6g", m_clock_mhz);
  m_buffer += mhz;
  m_buffer += ",\"events\":" + std::to_string(m_events);
  m_buffer += std::string(",\"truncated\":") + (m_truncated ? "true" : "false");
  if (m_truncated) {
    m_buffer +=
        ",\"truncated_reason\":" + quote("event cap of " + std::to_string(m_limits.max_rows) +
                                         " reached (raise --trace-limit or narrow --trace-window)");
  }
  if (m_limits.live) {
    m_buffer += ",\"window\":" + quote(m_limits.live->label);
  } else if (m_limits.window_begin != 0 || m_limits.window_end != UINT64_MAX) {
    m_buffer += ",\"window\":[" + std::to_string(m_limits.window_begin) + "," +
                (m_limits.window_end == UINT64_MAX ? std::string("null")
                                                   : std::to_string(m_limits.window_end)) +
                "]";
  }
  if (!note.empty()) m_buffer += ",\"note\":" + quote(note);
  m_buffer += "}}\n";
  std::fwrite(m_buffer.data(), 1, m_buffer.size(), m_file);
  std::fflush(m_file);
  m_buffer.clear();
}

}  // namespace accsim
