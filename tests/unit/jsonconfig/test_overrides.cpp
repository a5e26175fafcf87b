#include <catch2/catch.hpp>

#include "test_support.h"

using namespace accsim::config;
using namespace accsim::config::test;
using nlohmann::json;

namespace {

LoadedConfig load_with(const std::vector<std::string>& overrides) {
  return load_json(minimal_doc(), "test.json", overrides, test_schema());
}

}  // namespace

TEST_CASE("overrides: a number replaces the value and is attributed to --set", "[overrides]") {
  const auto config = load_with({"cpu.latency=3"});
  CHECK(config.effective["cpu"]["latency"] == 3);
  CHECK(config.origin_of("cpu.latency") == "--set");
  CHECK(config.origin_of("cpu.branch_prediction") == "<defaults>");
}

TEST_CASE("overrides: text that is not JSON is taken as a plain string", "[overrides]") {
  const auto config = load_with({"cpu.branch_prediction=static", "name=my soc"});
  CHECK(config.effective["cpu"]["branch_prediction"] == "static");
  CHECK(config.effective["name"] == "my soc");
}

TEST_CASE("overrides: quoted JSON strings, booleans and empty values", "[overrides]") {
  const auto config =
      load_with({R"(cpu.branch_prediction="dynamic")", "cpu.pipeline.forwarding=false", "name="});
  CHECK(config.effective["cpu"]["branch_prediction"] == "dynamic");
  CHECK(config.effective["cpu"]["pipeline"]["forwarding"] == false);
  CHECK(config.effective["name"] == "");
}

TEST_CASE("overrides: a value that parses as a number stays a number", "[overrides]") {
  // A numeric-looking name must be quoted; the error says so by naming the type it got.
  const auto diags = errors_for(minimal_doc(), {"name=42"});
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() == "--set: name: expected a string, got integer 42");
}

TEST_CASE("overrides: size strings are normalised like file values", "[overrides]") {
  const auto config = load_with({"caches.dcache.size=16K"});
  CHECK(config.effective["caches"]["dcache"]["size"] == 16384);
  CHECK(config.effective["caches"]["dcache"]["ways"] == 2);
  CHECK(config.origin_of("caches.dcache") == "--set");
  CHECK(config.origin_of("caches.dcache.ways") == "<defaults>");
}

TEST_CASE("overrides: an object value merges into defaults", "[overrides]") {
  const auto config = load_with({R"(cpu.pipeline={"stages": 7})"});
  CHECK(config.effective["cpu"]["pipeline"] == json::parse(R"({"stages": 7, "forwarding": true})"));
}

TEST_CASE("overrides: missing intermediate objects are created", "[overrides]") {
  json doc = json::parse(R"({"name": "t", "memories": {}})");
  const auto config = load_json(
      doc, "test.json", {"memories.ram.base=0x1000", "memories.ram.size=8K"}, test_schema());
  CHECK(config.effective["memories"]["ram"] ==
        json::parse(R"({"base": "0x00001000", "size": 8192, "latency": 1})"));
  CHECK(config.origin_of("memories.ram") == "--set");
}

TEST_CASE("overrides: numeric keys index arrays", "[overrides]") {
  json doc = minimal_doc();
  doc["accelerators"] = json::parse(R"([{"kind": "gemm"}, {"kind": "conv"}])");
  const auto config = load_json(doc, "test.json", {"accelerators.1.lanes=16"}, test_schema());
  CHECK(config.effective["accelerators"][1]["lanes"] == 16);
  CHECK(config.effective["accelerators"][0]["lanes"] == 4);
  CHECK(config.origin_of("accelerators[1].lanes") == "--set");
  CHECK(config.origin_of("accelerators[1].kind") == "test.json");
}

TEST_CASE("overrides: an index may be written as messages print it, in brackets", "[overrides]") {
  json doc = minimal_doc();
  doc["accelerators"] = json::parse(R"([{"kind": "gemm"}, {"kind": "conv"}])");
  const auto config = load_json(
      doc, "test.json", {"accelerators[1].lanes=16", "accelerators[0].lanes=8"}, test_schema());
  CHECK(config.effective["accelerators"][1]["lanes"] == 16);
  CHECK(config.effective["accelerators"][0]["lanes"] == 8);
  CHECK(config.origin_of("accelerators[1].lanes") == "--set");
  // Brackets around anything but an index stay part of the key (and so an unknown key).
  const auto diags = errors_for(doc, {"accelerators[x].lanes=16"});
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format().find("unknown key \"accelerators[x]\"") != std::string::npos);
}

TEST_CASE("overrides: index equal to the array size appends", "[overrides]") {
  json doc = minimal_doc();
  doc["accelerators"] = json::parse(R"([{"kind": "gemm"}])");
  const auto config = load_json(doc, "test.json", {"accelerators.1.kind=conv"}, test_schema());
  REQUIRE(config.effective["accelerators"].size() == 2);
  CHECK(config.effective["accelerators"][1]["kind"] == "conv");
}

TEST_CASE("overrides: an index past the end is an error", "[overrides]") {
  json doc = minimal_doc();
  doc["accelerators"] = json::array();
  const auto diags = errors_for(doc, {"accelerators.5.kind=gemm"});
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() ==
        "--set: accelerators: cannot apply \"accelerators.5.kind=gemm\": index 5 is out of range "
        "for an array of 0 items");
}

TEST_CASE("overrides: a whole array can be replaced", "[overrides]") {
  const auto config = load_with({R"(accelerators=[{"kind": "conv", "lanes": 2}])"});
  CHECK(config.effective["accelerators"] == json::parse(R"([{"kind": "conv", "lanes": 2}])"));
}

TEST_CASE("overrides: later overrides win", "[overrides]") {
  CHECK(load_with({"cpu.latency=2", "cpu.latency=5"}).effective["cpu"]["latency"] == 5);
}

TEST_CASE("overrides: null switches an optional object off", "[overrides]") {
  json doc = minimal_doc();
  doc["caches"]["dcache"]["ways"] = 4;
  const auto config = load_json(doc, "test.json", {"caches.dcache=null"}, test_schema());
  CHECK_FALSE(config.effective["caches"].contains("dcache"));
}

TEST_CASE("overrides: malformed overrides are all reported with origin --set", "[overrides]") {
  const auto diags = errors_for(minimal_doc(), {"cpu.latency", "=5", "cpu..latency=1", ".a=1"});
  REQUIRE(diags.size() == 4);
  for (const auto& diag : diags) CHECK(diag.origin == "--set");
  CHECK(diags[0].message == "malformed override \"cpu.latency\": expected <path>=<value>");
  CHECK(diags[1].message == "malformed override \"=5\": empty path before '='");
  CHECK(diags[2].message ==
        "malformed override \"cpu..latency=1\": empty key in path "
        "\"cpu..latency\"");
  CHECK(diags[3].message == "malformed override \".a=1\": empty key in path \".a\"");
}

TEST_CASE("overrides: malformed overrides do not hide validation errors", "[overrides]") {
  const auto diags = errors_for(minimal_doc(), {"oops", "cpu.latency=0"});
  REQUIRE(diags.size() == 2);
  CHECK(diags[0].format() == "--set: malformed override \"oops\": expected <path>=<value>");
  CHECK(diags[1].format() == "--set: cpu.latency: value 0 is below the minimum 1");
}

TEST_CASE("overrides: an unknown key is reported by validation with origin --set", "[overrides]") {
  const auto diags = errors_for(minimal_doc(), {"cpu.latncy=3"});
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() ==
        "--set: cpu.latncy: unknown key \"latncy\" (did you mean \"latency\"?)");
}

TEST_CASE("overrides: a bad value is reported with origin --set", "[overrides]") {
  const auto diags = errors_for(minimal_doc(), {"cpu.latency=fast"});
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() == "--set: cpu.latency: expected an integer, got string \"fast\"");
}

TEST_CASE("overrides: a path through a scalar is an error", "[overrides]") {
  const auto diags = errors_for(minimal_doc(), {"name.first=x"});
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() ==
        "--set: name: cannot apply \"name.first=x\": it is string \"t\", not an object or array");
}

TEST_CASE("overrides: a non-numeric key into an array is an error", "[overrides]") {
  json doc = minimal_doc();
  doc["accelerators"] = json::parse(R"([{"kind": "gemm"}])");
  const auto diags = expect_errors(
      [&] { load_json(doc, "test.json", {"accelerators.first.kind=conv"}, test_schema()); });
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].message ==
        "cannot apply \"accelerators.first.kind=conv\": expected an array index, got \"first\"");
}

TEST_CASE("overrides: malformed overrides are reported together with file errors", "[overrides]") {
  const auto diags = expect_errors([] { load(data_file("empty.json"), {"oops"}, test_schema()); });
  REQUIRE(diags.size() == 2);
  CHECK(diags[0].origin == data_file("empty.json").string());
  CHECK(diags[1].origin == "--set");
}
