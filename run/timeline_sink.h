// What a component draws on the run's timeline (--trace timeline): counters sampled every
// interval, and slices of its activity on tracks of its own. The one sink every component
// offers its activity to; apps/accsim's TimelineRecorder writes it as a Chrome trace.
#pragma once

#include <functional>
#include <string>
#include <systemc>

namespace accsim {

// A named counter sampled every interval: the timeline plots the increase of `read()` over
// each interval (or the value itself when `cumulative` is false), times `scale`.
struct TimelineCounter {
  std::string name;
  std::function<double()> read;
  bool cumulative = true;
  double scale = 1.0;
};

class TimelineSink {
 public:
  // What a slice shorter than one cycle becomes: dropped (a wait that did not wait), or drawn
  // one cycle long (an instruction or a burst that took no time of its own).
  enum class Empty { kDrop, kInstant };

  virtual ~TimelineSink() = default;
  virtual void add_counter(TimelineCounter counter) = 0;
  // Cycles between counter samples (to scale a busy-cycles counter to a percentage).
  virtual uint64_t sample_interval_cycles() const = 0;
  // A track `name` in group `group` (e.g. "vta", "load"); the same pair gives the same track.
  // Tracks appear in the order they are first asked for.
  virtual int track(const std::string& group, const std::string& name) = 0;
  // A slice from `begin` to `end` (SystemC times) on `track`; `args` is a JSON object's text or
  // empty. Slices outside the --trace-window are left out.
  virtual void slice(int track, const std::string& name, const sc_core::sc_time& begin,
                     const sc_core::sc_time& end, const std::string& args, Empty empty) = 0;
};

}  // namespace accsim
