#include <catch2/catch.hpp>

#include "test_support.h"

using namespace accsim::config;
using namespace accsim::config::test;
using nlohmann::json;

TEST_CASE("markdown: every key path of the schema appears", "[markdown]") {
  const std::string doc = schema_to_markdown(test_schema());
  for (const char* path : {"name",
                           "cpu",
                           "cpu.frequency_mhz",
                           "cpu.latency",
                           "cpu.branch_prediction",
                           "cpu.reset_vector",
                           "cpu.pipeline",
                           "cpu.pipeline.stages",
                           "cpu.pipeline.forwarding",
                           "memories",
                           "memories.<name>",
                           "memories.<name>.base",
                           "memories.<name>.size",
                           "memories.<name>.latency",
                           "caches",
                           "caches.dcache",
                           "caches.dcache.size",
                           "caches.dcache.ways",
                           "caches.icache",
                           "caches.icache.size",
                           "accelerators",
                           "accelerators[]",
                           "accelerators[].kind",
                           "accelerators[].lanes"}) {
    INFO(path);
    CHECK_THAT(doc, Catch::Contains("| `" + std::string(path) + "` |"));
  }
}

TEST_CASE("markdown: rows show type, default, constraints and description", "[markdown]") {
  const std::string doc = schema_to_markdown(test_schema());
  CHECK_THAT(doc,
             Catch::Contains("| `cpu.latency` | integer | `1` | minimum 1; maximum 8 | Cycles per "
                             "instruction |\n"));
  CHECK_THAT(doc, Catch::Contains("| `cpu.branch_prediction` | string | `\"none\"` | one of "
                                  "`\"none\"`, `\"static\"`, `\"dynamic\"` | Branch predictor |"));
  CHECK_THAT(doc, Catch::Contains("| `name` | string |  | required | Name of the SoC |"));
  CHECK_THAT(doc,
             Catch::Contains("| `caches.dcache` | object |  | optional (absent unless set) |"));
  CHECK_THAT(doc, Catch::Contains("| `caches.dcache.size` | size | `\"8K\"` | power of two |"));
  CHECK_THAT(doc, Catch::StartsWith("# Configuration reference\n\nTest SoC configuration\n"));
}

TEST_CASE("markdown: output is deterministic", "[markdown]") {
  CHECK(schema_to_markdown(test_schema()) == schema_to_markdown(test_schema()));
}

TEST_CASE("markdown: pipes and newlines in cells are escaped", "[markdown]") {
  const auto schema = Schema::from_json(json::parse(R"({"type": "object", "description": "r",
      "properties": {"m": {"type": "map", "description": "a | b\nc", "key_pattern": "^(a|b)$",
                           "values": {"type": "integer", "description": "v"}}}})"));
  const std::string doc = schema_to_markdown(schema);
  CHECK_THAT(doc, Catch::Contains("| `m` | map |  | names match `^(a\\|b)$` | a \\| b c |"));
}
