#include "stats.h"

#include <catch2/catch.hpp>

TEST_CASE("stats are written sorted, with descriptions, in text and JSON", "[stats]") {
  accsim::Stats stats;
  stats.set("cpu.instructions", 42, "Instructions retired");
  stats.set_real("cpu.cpi", 1.5, "Cycles per instruction");
  stats.set("bus.errors", 0, "Bus errors");
  const std::string text = stats.to_text();
  REQUIRE(text.find("bus.errors") < text.find("cpu.cpi"));
  REQUIRE(text.find("cpu.instructions  42") != std::string::npos);
  REQUIRE(text.find("# Instructions retired") != std::string::npos);
  REQUIRE(stats.to_json().dump() == R"({"bus.errors":0,"cpu.cpi":1.5,"cpu.instructions":42})");
  REQUIRE(stats.get("cpu.instructions") == 42);
  REQUIRE_THROWS(stats.get("cpu.cpi"));
  REQUIRE_THROWS(stats.get("nope"));
}
