#include "region_profiler.h"

#include <catch2/catch.hpp>

#include "stats.h"

using namespace accsim;

TEST_CASE("regions accumulate counter deltas, nested and repeated", "[region_profiler]") {
  uint64_t instructions = 0;
  RegionProfiler profiler({{"instructions", "Instructions"}},
                          [&] { return std::vector<uint64_t>{instructions}; });
  instructions = 10;
  profiler.on_event({100, true, "model", 0});
  instructions = 15;
  profiler.on_event({110, true, "layer", 1});
  instructions = 40;
  profiler.on_event({150, false, "layer", 1});
  instructions = 45;
  profiler.on_event({160, true, "layer", 1});
  instructions = 50;
  profiler.on_event({170, false, "layer", 1});
  instructions = 52;
  profiler.on_event({200, false, "model", 0});
  Stats stats;
  profiler.report(stats);
  CHECK(stats.get("region.model.cycles") == 100);
  CHECK(stats.get("region.model.instructions") == 42);
  CHECK(stats.get("region.model.entries") == 1);
  CHECK(stats.get("region.layer.cycles") == 40 + 10);
  CHECK(stats.get("region.layer.instructions") == 25 + 5);
  CHECK(stats.get("region.layer.entries") == 2);
}

TEST_CASE("a region still open at the end is not reported", "[region_profiler]") {
  RegionProfiler profiler({}, [] { return std::vector<uint64_t>{}; });
  profiler.on_event({0, true, "unfinished", 0});
  Stats stats;
  profiler.report(stats);
  CHECK_FALSE(stats.contains("region.unfinished.cycles"));
}
