// Sweep spec parsing and expansion: strict keys, one-line errors with the JSON path, the grid's
// order, explicit points, and the run arguments each point gets.
#include "sweep_spec.h"

#include <catch2/catch.hpp>

using accsim::cli::parse_sweep_spec;
using accsim::cli::SpecError;
using accsim::cli::SweepSpec;
using ojson = nlohmann::ordered_json;

namespace {

SweepSpec parse(const std::string& text) {
  return parse_sweep_spec(ojson::parse(text), "/specs/s.json");
}

std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const SpecError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("sweep spec grid expands first axis slowest") {
  const auto spec = parse(R"({"base": "vexriscv_arty", "firmware": "hello",
      "axes": {"caches.dcache.size": ["1K", "4K"], "cpu.timing.divide_cycles": [1, 2, 3]}})");
  REQUIRE(spec.points.size() == 6);
  REQUIRE(spec.columns ==
          std::vector<std::string>{"caches.dcache.size", "cpu.timing.divide_cycles"});
  CHECK(spec.points[0].name == "000_size-1K_divide_cycles-1");
  CHECK(spec.points[2].name == "002_size-1K_divide_cycles-3");
  CHECK(spec.points[3].name == "003_size-4K_divide_cycles-1");
  CHECK(spec.points[4].args == std::vector<std::string>{"vexriscv_arty", "--firmware", "hello",
                                                        "--set", "caches.dcache.size=4K", "--set",
                                                        "cpu.timing.divide_cycles=2"});
}

TEST_CASE("sweep spec explicit points cross the grid and keep column order") {
  const auto spec = parse(R"({"base": "vta", "firmware_args": [1, 2],
      "set": {"vta.dma.bytes_per_cycle": 8},
      "points": [{"label": "b16", "vta.hw.LOG_BLOCK": 4},
                 {"label": "b8", "vta.hw.LOG_BLOCK": 3, "vta.hw.LOG_INP_BUFF_SIZE": 14}],
      "axes": {"firmware": ["vta_add", "vta_conv2d"]}, "max_cycles": 1000})");
  REQUIRE(spec.points.size() == 4);
  REQUIRE(spec.columns == std::vector<std::string>{"label", "vta.hw.LOG_BLOCK",
                                                   "vta.hw.LOG_INP_BUFF_SIZE", "firmware"});
  CHECK(spec.points[1].name == "001_b16_LOG_BLOCK-4_firmware-vta_conv2d");
  CHECK(spec.points[3].args ==
        std::vector<std::string>{"vta", "--firmware", "vta_conv2d", "--set",
                                 "vta.dma.bytes_per_cycle=8", "--set", "firmware_args=[1,2]",
                                 "--set", "vta.hw.LOG_BLOCK=3", "--set",
                                 "vta.hw.LOG_INP_BUFF_SIZE=14", "--max-cycles", "1000"});
  CHECK(spec.points[0].values.size() == 3);  // no LOG_INP_BUFF_SIZE: left empty in the CSV
}

TEST_CASE("sweep spec values become override text the config parser reads back") {
  using accsim::cli::override_text;
  CHECK(override_text(ojson("8K")) == "8K");
  CHECK(override_text(ojson("true")) == "\"true\"");  // a string, not the boolean
  CHECK(override_text(ojson(8)) == "8");
  CHECK(override_text(ojson::parse("[6,26,4]")) == "[6,26,4]");
  CHECK(override_text(ojson(false)) == "false");
}

TEST_CASE("sweep spec point names are sanitised") {
  const auto spec = parse(R"({"base": "b", "axes": {"firmware_args": [[6, 26, 4]],
      "x.name": ["a b/c"]}})");
  CHECK(spec.points[0].name == "000_firmware_args-6-26-4_name-a-b-c");
}

TEST_CASE("sweep spec errors name the file and the JSON path") {
  CHECK(error_of(R"({"base": "b", "axis": {}})") ==
        "/specs/s.json: axis: unknown key \"axis\" (did you mean \"axes\"?)");
  CHECK(error_of(R"({"axes": {"a": [1]}})") ==
        "/specs/s.json: base: missing: the architecture config to sweep");
  CHECK(error_of(R"({"base": "b"})").find("nothing to sweep") != std::string::npos);
  CHECK(error_of(R"({"base": "b", "axes": {"cfu.macc_lanes": []}})") ==
        "/specs/s.json: axes[\"cfu.macc_lanes\"]: expected a non-empty array of values");
  CHECK(error_of(R"({"base": "b", "axes": {"a": [1]}, "points": [{"a": 2}]})")
            .find("both an axis and a key of points") != std::string::npos);
  CHECK(error_of(R"({"base": "b", "points": [{"x=y": 2}]})") ==
        "/specs/s.json: points[0].x=y: \"x=y\" is not a config key path (a.b.c)");
  CHECK(error_of(R"({"base": "b", "axes": {"a": [1]}, "stats": []})") ==
        "/specs/s.json: stats: expected a non-empty array of stat names");
  CHECK(error_of(R"({"base": "b", "axes": {"a": [1]}, "max_cycles": -5})") ==
        "/specs/s.json: max_cycles: expected a positive integer, got -5");
  CHECK(error_of(R"({"base": "b", "axes": {"a": [1]}, "plot": {"x": "zzz"}})") ==
        "/specs/s.json: plot.x: \"zzz\" is not a column");
  CHECK(error_of(R"({"base": "b", "axes": {"firmware": [3]}})") ==
        "/specs/s.json: axes.firmware[0]: expected a non-empty string, got 3");
  CHECK(error_of(R"([1])") == "/specs/s.json: expected a JSON object at the top level");
}

TEST_CASE("sweep spec refuses runaway grids") {
  std::string values = "[";
  for (int i = 0; i < 400; ++i) values += (i ? "," : "") + std::to_string(i);
  values += "]";
  CHECK(error_of(R"({"base": "b", "axes": {"a": )" + values + R"(, "b": )" + values + "}}")
            .find("more than 100000 points") != std::string::npos);
}
