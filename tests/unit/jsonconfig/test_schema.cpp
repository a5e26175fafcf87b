#include <catch2/catch.hpp>

#include "test_support.h"

using namespace accsim::config;
using namespace accsim::config::test;
using nlohmann::json;

namespace {

std::vector<Diagnostic> schema_errors(const char* text) {
  return expect_errors([&] { Schema::from_json(json::parse(text), "s.json"); });
}

// A root schema with a single property "x" described by `node`.
std::vector<Diagnostic> property_errors(const char* node) {
  const std::string text = std::string(R"({"type": "object", "description": "root",
                                           "properties": {"x": )") +
                           node + "}}";
  return expect_errors([&] { Schema::from_json(json::parse(text), "s.json"); });
}

}  // namespace

TEST_CASE("schema: the test schema itself is valid", "[schema]") {
  CHECK(test_schema().origin() == data_file("test.schema.json").string());
  CHECK(test_schema().root().at("type") == "object");
}

TEST_CASE("schema: a node without a description is an error at the schema file", "[schema]") {
  const auto file = data_file("schema_no_description.json");
  const auto diags = expect_errors([&] { Schema::from_file(file); });
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() == file.string() +
                                 ": properties.cpu.properties.latency: missing \"description\" "
                                 "(a non-empty string)");
}

TEST_CASE("schema: defaults that violate their own node are errors", "[schema]") {
  const auto file = data_file("schema_bad_default.json");
  const auto diags = expect_errors([&] { Schema::from_file(file); });
  REQUIRE(diags.size() == 2);
  CHECK(diags[0].format() == file.string() +
                                 ": properties.latency.default: default violates its own node: "
                                 "value 0 is below the minimum 1");
  CHECK(diags[1].format() == file.string() +
                                 ": properties.mode.default: default violates its own node: "
                                 "expected one of \"fast\", \"slow\", got \"fastt\" (did you mean "
                                 "\"fast\"?)");
}

TEST_CASE("schema: an object default is validated recursively", "[schema]") {
  const auto diags = property_errors(R"({"type": "object", "description": "d",
      "default": {"n": 0},
      "properties": {"n": {"type": "integer", "description": "n", "minimum": 1}}})");
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() ==
        "s.json: properties.x.default: default at n violates its own node: "
        "value 0 is below the minimum 1");
}

TEST_CASE("schema: unknown keywords and types get spelling hints", "[schema]") {
  auto diags = property_errors(R"({"type": "integer", "description": "d", "minimun": 1})");
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() ==
        "s.json: properties.x.minimun: unknown keyword \"minimun\" for type "
        "\"integer\" (did you mean \"minimum\"?)");
  diags = property_errors(R"({"type": "intger", "description": "d"})");
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() ==
        "s.json: properties.x.type: unknown type \"intger\" (did you mean \"integer\"?)");
}

TEST_CASE("schema: keywords of another type are rejected", "[schema]") {
  const auto diags = property_errors(R"({"type": "string", "description": "d", "minimum": 1})");
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].message == "unknown keyword \"minimum\" for type \"string\"");
}

TEST_CASE("schema: missing type and non-object nodes", "[schema]") {
  auto diags = property_errors(R"({"description": "d"})");
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() == "s.json: properties.x: missing \"type\"");
  diags = property_errors("42");
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].message == "expected a schema node (an object), got integer 42");
}

TEST_CASE("schema: the root must be an object node", "[schema]") {
  const auto diags = schema_errors(R"({"type": "integer", "description": "root"})");
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() ==
        "s.json: type: the root node must have type \"object\", got "
        "\"integer\"");
}

TEST_CASE("schema: inconsistent required lists", "[schema]") {
  const auto diags = schema_errors(R"({"type": "object", "description": "root",
      "required": ["a", "b", "c"],
      "properties": {
        "a": {"type": "integer", "description": "a", "default": 1},
        "b": {"type": "object", "description": "b", "optional": true, "properties": {}}
      }})");
  REQUIRE(diags.size() == 3);
  CHECK(diags[0].format() == "s.json: required[0]: required property \"a\" also has a default");
  CHECK(diags[1].format() == "s.json: required[1]: required property \"b\" is also optional");
  CHECK(diags[2].format() ==
        "s.json: required[2]: required property \"c\" is not in "
        "\"properties\"");
}

TEST_CASE("schema: invalid keyword values", "[schema]") {
  CHECK(property_errors(R"({"type": "map", "description": "d", "key_pattern": "([a-z",
                            "values": {"type": "integer", "description": "v"}})")
            .at(0)
            .message.rfind("invalid regular expression \"([a-z\": ", 0) == 0);
  CHECK(property_errors(R"({"type": "integer", "description": "d", "minimum": 5, "maximum": 1})")
            .at(0)
            .message == "minimum is greater than maximum");
  CHECK(
      property_errors(R"({"type": "size", "description": "d", "minimum": "lots"})").at(0).message ==
      "expected a size (bytes, or a string like \"4K\"), got string \"lots\"");
  CHECK(
      property_errors(R"({"type": "address", "description": "d", "alignment": 0})").at(0).message ==
      "expected a positive integer, got integer 0");
  CHECK(property_errors(R"({"type": "string", "description": "d", "enum": []})").at(0).message ==
        "expected a non-empty array of strings, got an array");
  CHECK(property_errors(R"({"type": "array", "description": "d"})").at(0).message ==
        "an array node needs \"items\" (a schema node)");
}

TEST_CASE("schema: every problem in the schema is reported at once", "[schema]") {
  const auto diags = schema_errors(R"({"type": "object", "description": "root", "properties": {
      "a": {"type": "integer"},
      "b": {"type": "boolean", "description": ""},
      "c": {"type": "number", "description": "c", "maximum": "big"}
  }})");
  REQUIRE(diags.size() == 3);
  CHECK(diags[0].path == "properties.a");
  CHECK(diags[1].path == "properties.b");
  CHECK(diags[2].format() == "s.json: properties.c.maximum: expected a number, got string \"big\"");
}

TEST_CASE("schema: from_json names <schema> by default and from_file reports syntax errors",
          "[schema]") {
  const auto diags = expect_errors([] { Schema::from_json(json::parse(R"({"type": "object"})")); });
  CHECK(diags.at(0).origin == "<schema>");
  const auto file = data_file("syntax_error.json");
  const auto syntax = expect_errors([&] { Schema::from_file(file); });
  REQUIRE(syntax.size() == 1);
  CHECK(syntax[0].origin == file.string());
  CHECK_THAT(syntax[0].message, Catch::Contains("line 3"));
}
