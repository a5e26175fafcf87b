#include <catch2/catch.hpp>

#include "jsonconfig/parse_json.h"
#include "test_support.h"

using namespace accsim::config;
using namespace accsim::config::test;
using nlohmann::json;

namespace {

std::vector<Diagnostic> load_text(const std::string& text) {
  TempDir dir;
  const auto file = dir.write("input.json", text);
  return expect_errors([&] { load(file, {}, test_schema()); });
}

}  // namespace

TEST_CASE("malformed: a syntax error reports file, line and column", "[malformed]") {
  const auto diags = expect_errors([] { load(data_file("syntax_error.json"), {}, test_schema()); });
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].origin == data_file("syntax_error.json").string());
  CHECK(diags[0].path.empty());
  CHECK_THAT(diags[0].message,
             Catch::StartsWith("invalid JSON: parse error at line 3, column 24:"));
  CHECK_THAT(diags[0].message, Catch::Contains("syntax error while parsing object key"));
}

TEST_CASE("malformed: an empty file", "[malformed]") {
  const auto diags = expect_errors([] { load(data_file("empty.json"), {}, test_schema()); });
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() ==
        data_file("empty.json").string() + ": file is empty; expected a JSON object");
  CHECK(load_text(" \n\t\n").at(0).message == "file is empty; expected a JSON object");
}

TEST_CASE("malformed: a top-level array", "[malformed]") {
  const auto diags = expect_errors([] { load(data_file("top_array.json"), {}, test_schema()); });
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() == data_file("top_array.json").string() +
                                 ": top-level value must be a JSON object, got an array");
}

TEST_CASE("malformed: top-level scalars are rejected", "[malformed]") {
  CHECK(load_text("42").at(0).message == "top-level value must be a JSON object, got integer 42");
  CHECK(load_text("null").at(0).message == "top-level value must be a JSON object, got null");
  CHECK(load_text("\"x\"").at(0).message ==
        "top-level value must be a JSON object, got string \"x\"");
  CHECK(errors_for(json::array()).at(0).format() ==
        "test.json: top-level value must be a JSON object, got an array");
}

TEST_CASE("malformed: odd input never crashes", "[malformed]") {
  const std::vector<std::string> inputs = {"{",
                                           "}",
                                           "{\"a\":",
                                           "{\"a\" 1}",
                                           "\xff\xfe",
                                           "{\"name\": \"\xc3\x28\"}",
                                           "[1,2,]",
                                           "NaN",
                                           "{\"a\": 1e99999}",
                                           "{\"a\": tru}",
                                           std::string("{\"a\"\0: 1}", 10),
                                           "/* comment */ {}",
                                           "{\"a\": \"unterminated}"};
  for (const auto& text : inputs) {
    INFO(text);
    const auto diags = load_text(text);
    REQUIRE(diags.size() == 1);
    CHECK_THAT(diags[0].message, Catch::StartsWith("invalid JSON: parse error at line"));
  }
}

TEST_CASE("malformed: deep nesting is rejected before parsing", "[malformed]") {
  const std::string deep = "{\"a\": " + std::string(100000, '[') + std::string(100000, ']') + "}";
  const auto diags = load_text(deep);
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].message == "nesting deeper than 64 levels at line 1, column 70");
}

TEST_CASE("malformed: brackets inside strings do not count as nesting", "[malformed]") {
  json doc = minimal_doc();
  doc["name"] = std::string(1000, '[') + "\\\"" + std::string(1000, '{');
  TempDir dir;
  const auto file = dir.write("input.json", doc.dump());
  CHECK(load(file, {}, test_schema()).effective["name"] == doc["name"]);
}

TEST_CASE("malformed: deep in-memory documents and override values are rejected", "[malformed]") {
  json deep = json::array();
  for (int i = 0; i < 100; ++i) deep = json::array({deep});
  json doc = minimal_doc();
  doc["cpu"] = deep;
  CHECK(errors_for(doc).at(0).message == "document nests deeper than 64 levels");
  const auto diags = errors_for(minimal_doc(), {"cpu=" + std::string(100, '[')});
  CHECK(diags.at(0).message == "malformed override \"cpu=" + std::string(100, '[') +
                                   "\": value nests deeper than 64 "
                                   "levels");
}

TEST_CASE("malformed: invalid UTF-8 in an override is rejected", "[malformed]") {
  const auto diags = errors_for(minimal_doc(), {"name=\xff"});
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].origin == "--set");
  CHECK_THAT(diags[0].message, Catch::EndsWith("not valid UTF-8"));
}

TEST_CASE("malformed: a missing file is an I/O diagnostic", "[malformed]") {
  const auto missing = data_file("no_such_file.json");
  const auto diags = expect_errors([&] { load(missing, {}, test_schema()); });
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() == missing.string() + ": cannot open file: No such file or directory");
}

TEST_CASE("malformed: a directory is not a config file", "[malformed]") {
  TempDir dir;
  const auto diags = expect_errors([&] { load(dir.path(), {}, test_schema()); });
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].message == "is a directory, not a JSON file");
}

TEST_CASE("malformed: duplicate keys are reported with their JSON path", "[malformed]") {
  const auto diags = load_text(R"({"name": "t", "memories": {"ram": {"base": 0, "size": 4096,
      "size": 8192}}, "list": [{"a": 1, "a": 2}], "name": "u"})");
  REQUIRE(diags.size() == 3);
  CHECK(diags[0].path == "memories.ram");
  CHECK(diags[0].message == "duplicate key \"size\" (JSON would silently keep only the last one)");
  CHECK(diags[1].path == "list[0]");
  CHECK(diags[1].message == "duplicate key \"a\" (JSON would silently keep only the last one)");
  CHECK(diags[2].path.empty());
  CHECK(diags[2].message == "duplicate key \"name\" (JSON would silently keep only the last one)");
}

TEST_CASE("malformed: every reader of user JSON refuses duplicate keys, at their path",
          "[malformed]") {
  // The ordered form (sweep specs) keeps file order and refuses the same way.
  std::vector<Diagnostic> diags;
  const auto ordered = parse_ordered_json(R"({"z": 1, "a": {"k": [1]}})", "spec.json", diags);
  REQUIRE(ordered);
  CHECK(ordered->begin().key() == "z");
  CHECK_FALSE(parse_ordered_json(R"({"axes": {"x": [1], "x": [2]}})", "spec.json", diags));
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() ==
        "spec.json: axes: duplicate key \"x\" (JSON would silently keep only the last one)");
  // A value placed at a path (a --set value) reports below it.
  diags.clear();
  CHECK_FALSE(parse_json(R"({"d": {"b": 1, "b": 2}})", "--set", diags, "vta.dma"));
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].path == "vta.dma.d");
  // --set: a JSON value with a key given twice is refused, not reduced to its last value.
  TempDir dir;
  const auto file = dir.write("input.json", R"({"name": "t"})");
  const auto set = expect_errors(
      [&] { load(file, {R"(memories={"ram": {"base": 0}, "ram": {"base": 1}})"}, test_schema()); });
  REQUIRE_FALSE(set.empty());
  INFO(set.back().format());
  CHECK(set[0].format() ==
        "--set: memories: duplicate key \"ram\" (JSON would silently keep only the last one)");
}
