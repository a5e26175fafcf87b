#include <catch2/catch.hpp>

#include "jsonconfig/config.h"

using accsim::config::did_you_mean;

TEST_CASE("did_you_mean finds a close candidate", "[did_you_mean]") {
  CHECK(did_you_mean("latncy", {"size", "latency", "base"}) == "latency");
  CHECK(did_you_mean("statc", {"none", "static", "dynamic"}) == "static");
}

TEST_CASE("did_you_mean ignores case", "[did_you_mean]") {
  CHECK(did_you_mean("LATENCY", {"latency"}) == "latency");
  CHECK(did_you_mean("Latncy", {"latency"}) == "latency");
}

TEST_CASE("did_you_mean returns empty when nothing is close enough", "[did_you_mean]") {
  CHECK(did_you_mean("frobnicate", {"latency", "size"}).empty());
  CHECK(did_you_mean("abc", {}).empty());
  // A seven-letter word may be two edits away (7 / 3 = 2), not three.
  CHECK(did_you_mean("latxxcy", {"latency"}) == "latency");
  CHECK(did_you_mean("lxxxncy", {"latency"}).empty());
}

TEST_CASE("did_you_mean allows one edit for short words", "[did_you_mean]") {
  CHECK(did_you_mean("wys", {"ways"}) == "ways");
  CHECK(did_you_mean("ab", {"xy"}).empty());
  CHECK(did_you_mean("a", {"b"}) == "b");
}

TEST_CASE("did_you_mean prefers the smallest distance, then the first candidate",
          "[did_you_mean]") {
  CHECK(did_you_mean("sizes", {"sizzle", "size"}) == "size");
  CHECK(did_you_mean("cat", {"bat", "hat"}) == "bat");
}

TEST_CASE("did_you_mean matches the leading words of a snake_case key", "[did_you_mean]") {
  CHECK(did_you_mean("latncy", {"base", "latency_cycles", "size"}) == "latency_cycles");
  CHECK(did_you_mean("latency", {"latency_cycles", "width_bytes"}) == "latency_cycles");
  // A whole-key match beats a prefix match at the same distance.
  CHECK(did_you_mean("sise", {"size_bytes", "size"}) == "size");
  CHECK(did_you_mean("cycles", {"latency_cycles"}).empty());
}
