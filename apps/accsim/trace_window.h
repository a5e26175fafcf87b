// --trace-window: the part of a run the traces keep. Cycles `A:B` (B exclusive, either side may be
// empty), a firmware region `region:NAME` (every run of the region named NAME) or a model operator
// `op:N` (the region op.NNN.<name> the TFLite interpreter marks around operator N).
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>

#include "region_event.h"
#include "trace_file.h"

namespace accsim::cli {

// Sets `limits`' cycle window, or for a region its live window (LiveWindow, closed until the
// region runs). Returns the problem with `text` in one line, or "" if it is good.
std::string parse_trace_window(const std::string& text, TraceLimits& limits);

// Opens and closes a live window as its region begins and ends (a region listener), and says
// at the end of the run whether the region ever ran.
class RegionWindow {
 public:
  explicit RegionWindow(std::shared_ptr<LiveWindow> window);
  void on_region(const RegionEvent& event);
  // Empty if the region ran; else the warning for the end of the run.
  std::string never_ran_warning() const;

 private:
  bool matches(const std::string& name) const;

  std::shared_ptr<LiveWindow> m_window;
  std::string m_name;     // the region name, or with m_prefix the start of it ("op.007.")
  bool m_prefix = false;  // op:N: the interpreter appends the operator's name
  int m_depth = 0;        // nested runs of the region (recursion) open the window once
  uint64_t m_runs = 0;
  std::set<std::string> m_seen;  // regions that did run, for the warning
};

}  // namespace accsim::cli
