// The Chrome Trace Event writer: valid JSON with tracks, slices, counters; the cycle window
// clips; the cap stops and says so; the file is closed validly when finished early.
#include "timeline.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

using accsim::Timeline;
using accsim::TraceLimits;

namespace {

std::string temp_path(const char* name) {
  return (std::filesystem::temp_directory_path() / name).string();
}

nlohmann::json read(const std::string& path) {
  std::ifstream f(path);
  return nlohmann::json::parse(f);  // throws if the file is not valid JSON
}

std::vector<nlohmann::json> of_phase(const nlohmann::json& doc, const char* phase) {
  std::vector<nlohmann::json> out;
  for (const auto& e : doc["traceEvents"]) {
    if (e["ph"] == phase) out.push_back(e);
  }
  return out;
}

}  // namespace

TEST_CASE("timeline tracks slices and counters become Chrome trace events", "[timeline]") {
  const std::string path = temp_path("accsim_timeline_basic.json");
  {
    Timeline t(path, 100.0, TraceLimits{});
    const int a = t.track("vta", "compute");
    const int b = t.track("vta", "load");
    t.slice(a, "GEMM \"x\"", 100, 250, "{\"index\":3}");
    t.slice(b, "LOAD INP", 0, 50);
    t.counter("counters", "misses", 1000, 7);
    t.instant(a, "mark", 300);
  }
  const auto doc = read(path);
  const auto meta = of_phase(doc, "M");
  CHECK(meta.size() == 2 + 4 + 2);  // processes vta and counters, two threads: name + sort
  const auto slices = of_phase(doc, "X");
  REQUIRE(slices.size() == 2);
  CHECK(slices[0]["name"] == "GEMM \"x\"");
  CHECK(slices[0]["ts"].get<double>() == Approx(1.0));  // 100 cycles at 100 MHz = 1 us
  CHECK(slices[0]["dur"].get<double>() == Approx(1.5));
  CHECK(slices[0]["args"]["index"] == 3);
  CHECK(slices[0]["tid"] == 1);
  CHECK(slices[1]["tid"] == 2);
  const auto counters = of_phase(doc, "C");
  REQUIRE(counters.size() == 1);
  CHECK(counters[0]["args"]["misses"] == 7);
  CHECK(doc["otherData"]["events"] == 4);
  CHECK(doc["otherData"]["truncated"] == false);
  std::filesystem::remove(path);
}

TEST_CASE("the timeline window drops and clips events", "[timeline]") {
  const std::string path = temp_path("accsim_timeline_window.json");
  {
    TraceLimits limits;
    limits.window_begin = 1000;
    limits.window_end = 2000;
    Timeline t(path, 100.0, limits);
    const int a = t.track("cpu", "function");
    t.slice(a, "before", 0, 1000);    // ends where the window begins: dropped
    t.slice(a, "across", 900, 1100);  // clipped to [1000, 1100)
    t.slice(a, "inside", 1200, 1300);
    t.slice(a, "after", 2000, 2100);  // dropped
    t.counter("counters", "c", 2500, 1);
  }
  const auto slices = of_phase(read(path), "X");
  REQUIRE(slices.size() == 2);
  CHECK(slices[0]["name"] == "across");
  CHECK(slices[0]["ts"].get<double>() == Approx(10.0));
  CHECK(slices[0]["dur"].get<double>() == Approx(1.0));
  CHECK(slices[1]["name"] == "inside");
  std::filesystem::remove(path);
}

TEST_CASE("the timeline event cap stops the file and records it", "[timeline]") {
  const std::string path = temp_path("accsim_timeline_cap.json");
  {
    TraceLimits limits;
    limits.max_rows = 5;
    Timeline t(path, 50.0, limits);
    const int a = t.track("cpu", "function");
    for (int i = 0; i < 20; ++i) t.slice(a, "f", i * 10, i * 10 + 5);
    CHECK(t.truncated());
    t.finish("stopped early");
    t.finish("ignored");  // idempotent
  }
  const auto doc = read(path);
  CHECK(of_phase(doc, "X").size() == 5);
  CHECK(doc["otherData"]["truncated"] == true);
  CHECK(doc["otherData"]["note"] == "stopped early");
  CHECK(doc["otherData"]["clock_mhz"] == 50);
  std::filesystem::remove(path);
}

TEST_CASE("an unwritable timeline path is an error naming it", "[timeline]") {
  CHECK_THROWS_WITH(Timeline("/proc/accsim/timeline.json", 100.0, TraceLimits{}),
                    Catch::Contains("cannot write trace /proc/accsim/timeline.json"));
}
