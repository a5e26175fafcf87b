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

TEST_CASE("add_all copies every statistic under a prefix, with its type and description",
          "[stats]") {
  accsim::Stats device;
  device.set("reads", 3, "Reads served");
  device.set_real("busy", 0.5, "Busy fraction");
  accsim::Stats stats;
  stats.set("cpu.cycles", 10, "Cycles");
  stats.add_all(device, "scratch.");
  REQUIRE(stats.to_json().dump() == R"({"cpu.cycles":10,"scratch.busy":0.5,"scratch.reads":3})");
  REQUIRE(stats.get("scratch.reads") == 3);
  REQUIRE(stats.to_text().find("# Reads served") != std::string::npos);
}
