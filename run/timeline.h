// A Chrome Trace Event timeline (the JSON Perfetto UI and chrome://tracing open): named tracks
// grouped into processes, slices (begin/end cycle), counters and instants, streamed to disk as
// they happen so memory stays bounded whatever the run's length. Timestamps are simulated
// cycles converted to microseconds of the SoC clock.
//
// A cycle window keeps only what overlaps it (slices are clipped to it) and an event cap stops
// the file growing; both are reported in the file's "otherData" and by truncated(). The JSON is
// closed by finish() or the destructor, so the file is valid even when the run fails.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "trace_file.h"

namespace accsim {

class Timeline {
 public:
  // Throws std::runtime_error naming `path` when it cannot be written. `limits.max_rows` caps
  // the number of events (metadata not counted).
  Timeline(const std::string& path, double clock_mhz, const TraceLimits& limits);
  ~Timeline();
  Timeline(const Timeline&) = delete;
  Timeline& operator=(const Timeline&) = delete;

  // A track (a "thread" of a "process" in Chrome's terms); returns its id for the calls below.
  // Tracks appear in creation order.
  int track(const std::string& process, const std::string& name);

  // A slice on `track` covering cycles [begin, end). `args_json` is an optional JSON object
  // text ("{...}") shown when the slice is selected.
  void slice(int track, const std::string& name, uint64_t begin, uint64_t end,
             const std::string& args_json = "");
  // A sample of the counter `name` of `process` at `cycle` (one series per counter name).
  void counter(const std::string& process, const std::string& name, uint64_t cycle, double value);
  // A point event on `track`.
  void instant(int track, const std::string& name, uint64_t cycle);

  // True if an event covering [begin, end) would be written: callers build names and
  // arguments only then.
  bool wants(uint64_t begin, uint64_t end);

  // Closes the JSON (idempotent). `note`, if not empty, is recorded in otherData.
  void finish(const std::string& note = "");

  const std::string& path() const { return m_path; }
  uint64_t events() const { return m_events; }
  bool truncated() const { return m_truncated; }

  // JSON string escaping (quotes included), for callers composing args_json.
  static std::string quote(const std::string& text);

 private:
  struct Track {
    int pid;
    int tid;
  };
  int process_id(const std::string& process);
  void emit(const std::string& event);  // one event object, without separators
  std::string timestamp(uint64_t cycle) const;

  std::string m_path;
  double m_clock_mhz;
  uint64_t m_period_ps;  // the clock period, as the Clock holds it
  TraceLimits m_limits;
  std::FILE* m_file = nullptr;
  std::string m_buffer;
  bool m_first = true;
  bool m_finished = false;
  bool m_truncated = false;
  uint64_t m_events = 0;
  std::vector<std::string> m_processes;
  std::vector<Track> m_tracks;
  std::vector<int> m_threads_per_process;
};

}  // namespace accsim
