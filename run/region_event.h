// A firmware region beginning or ending (sim_control's REGION_BEGIN / REGION_END): what the
// region profiler and the timeline consume, apart from the fabric block that produces it.
#pragma once

#include <cstdint>
#include <string>

namespace accsim {

struct RegionEvent {
  uint64_t cycle;
  bool begin;
  std::string name;
  int depth;  // nesting depth of the region (0 = outermost)
};

}  // namespace accsim
