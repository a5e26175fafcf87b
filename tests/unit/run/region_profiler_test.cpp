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

TEST_CASE("regions still open at the end are closed there and named", "[region_profiler]") {
  uint64_t instructions = 0;
  RegionProfiler profiler({{"instructions", "Instructions"}},
                          [&] { return std::vector<uint64_t>{instructions}; });
  profiler.on_event({10, true, "outer", 0});
  instructions = 5;
  profiler.on_event({20, true, "inner", 1});
  instructions = 12;
  CHECK(profiler.close_open_regions(50) == std::vector<std::string>{"outer", "inner"});
  Stats stats;
  profiler.report(stats);
  CHECK(stats.get("region.outer.cycles") == 40);
  CHECK(stats.get("region.outer.instructions") == 12);
  CHECK(stats.get("region.inner.cycles") == 30);
  CHECK(stats.get("region.inner.instructions") == 7);
  CHECK(stats.get("region.inner.entries") == 1);
  CHECK(profiler.close_open_regions(60).empty());
}
