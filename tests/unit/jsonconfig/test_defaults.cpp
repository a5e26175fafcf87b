#include <catch2/catch.hpp>

#include "test_support.h"

using namespace accsim::config;
using namespace accsim::config::test;
using nlohmann::json;

TEST_CASE("defaults: the effective config contains the full tree of defaults", "[defaults]") {
  const auto config = load_json(minimal_doc(), "test.json", {}, test_schema());
  const json expected = json::parse(R"({
    "name": "t",
    "cpu": {
      "frequency_mhz": 100,
      "latency": 1,
      "branch_prediction": "none",
      "reset_vector": "0x00000000",
      "pipeline": {"stages": 5, "forwarding": true}
    },
    "memories": {"ram": {"base": "0x00000000", "size": 4096, "latency": 1}},
    "caches": {},
    "accelerators": []
  })");
  CHECK(config.effective == expected);
}

TEST_CASE("defaults: defaults fill in inside partially given objects and array items",
          "[defaults]") {
  json doc = minimal_doc();
  doc["cpu"]["pipeline"]["stages"] = 3;
  doc["accelerators"] = json::parse(R"([{"kind": "gemm"}, {"kind": "conv", "lanes": 8}])");
  const auto config = load_json(doc, "test.json", {}, test_schema());
  CHECK(config.effective["cpu"]["pipeline"] == json::parse(R"({"stages": 3, "forwarding": true})"));
  CHECK(config.effective["accelerators"][0]["lanes"] == 4);
  CHECK(config.effective["accelerators"][1]["lanes"] == 8);
}

TEST_CASE("defaults: filled values are attributed to <defaults>", "[defaults][origin]") {
  const auto config = load_json(minimal_doc(), "test.json", {}, test_schema());
  CHECK(config.origin_of("cpu") == "<defaults>");
  CHECK(config.origin_of("cpu.pipeline.stages") == "<defaults>");
  CHECK(config.origin_of("memories.ram.latency") == "<defaults>");
  CHECK(config.origin_of("memories.ram.size") == "test.json");
  CHECK(config.origin_of("name") == "test.json");
  CHECK(config.origin_of("no.such.path") == "test.json");
}

TEST_CASE("defaults: sizes and addresses are normalised", "[defaults]") {
  json doc = minimal_doc();
  doc["memories"]["ram"] = json::parse(R"({"base": 1073741824, "size": "64K"})");
  doc["cpu"]["reset_vector"] = "0x8000_0000";
  const auto config = load_json(doc, "test.json", {}, test_schema());
  CHECK(config.effective["memories"]["ram"]["base"] == "0x40000000");
  CHECK(config.effective["memories"]["ram"]["size"] == 65536);
  CHECK(config.effective["cpu"]["reset_vector"] == "0x80000000");
}

TEST_CASE("optional objects: absent means not created", "[defaults][optional]") {
  const auto config = load_json(minimal_doc(), "test.json", {}, test_schema());
  CHECK(config.effective["caches"] == json::object());
}

TEST_CASE("optional objects: explicit null means absent", "[defaults][optional]") {
  json doc = minimal_doc();
  doc["caches"]["dcache"] = nullptr;
  const auto config = load_json(doc, "test.json", {}, test_schema());
  CHECK_FALSE(config.effective["caches"].contains("dcache"));
  CHECK(config.origins.count("caches.dcache") == 0);
}

TEST_CASE("optional objects: present means validated and filled", "[defaults][optional]") {
  json doc = minimal_doc();
  doc["caches"]["dcache"] = json::object();
  doc["caches"]["icache"]["size"] = "16K";
  const auto config = load_json(doc, "test.json", {}, test_schema());
  CHECK(config.effective["caches"]["dcache"] == json::parse(R"({"size": 8192, "ways": 2})"));
  CHECK(config.effective["caches"]["icache"] == json::parse(R"({"size": 16384})"));
}

TEST_CASE("optional objects: a present optional object is still validated",
          "[defaults][optional]") {
  json doc = minimal_doc();
  doc["caches"]["dcache"]["ways"] = 0;
  const auto diags = errors_for(doc);
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() == "test.json: caches.dcache.ways: value 0 is below the minimum 1");
}

TEST_CASE("determinism: the same input gives a byte-identical effective dump", "[defaults]") {
  const std::string first =
      load(data_file("sub/chain_top.json"), {"cpu.latency=2"}, test_schema()).effective.dump(2);
  const std::string second =
      load(data_file("sub/chain_top.json"), {"cpu.latency=2"}, test_schema()).effective.dump(2);
  CHECK(first == second);
}

TEST_CASE("determinism: key order in the file does not change the effective dump", "[defaults]") {
  TempDir dir;
  const auto a = dir.write("a.json", R"({"name": "x", "cpu": {"latency": 2, "branch_prediction":
      "static"}, "memories": {"b": {"size": "4K", "base": 0}, "a": {"base": 4096, "size": 4096}}})");
  const auto b = dir.write("b.json", R"({"memories": {"a": {"size": 4096, "base": "0x1000"}, "b":
      {"base": "0x0", "size": 4096}}, "cpu": {"branch_prediction": "static", "latency": 2},
      "name": "x"})");
  CHECK(load(a, {}, test_schema()).effective.dump() == load(b, {}, test_schema()).effective.dump());
}
