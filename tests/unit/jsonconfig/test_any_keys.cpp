// Free-form objects: "any_keys" keeps keys the schema does not list, unchecked, for their reader.
#include <catch2/catch.hpp>

#include "test_support.h"

using namespace accsim::config;
using namespace accsim::config::test;
using nlohmann::json;

namespace {

// A root with "params", a free-form object with one listed key "level" (default 1).
json params_schema() {
  return json::parse(R"({"type": "object", "description": "root",
      "properties": {"params": {"type": "object", "description": "p", "any_keys": true,
          "properties": {"level": {"type": "integer", "description": "l", "default": 1,
                                   "minimum": 0}}}}})");
}

LoadedConfig load_params(const char* params, const std::vector<std::string>& overrides = {}) {
  static const Schema schema = Schema::from_json(params_schema());
  return load_json(json{{"params", json::parse(params)}}, "soc.json", overrides, schema);
}

std::vector<std::string> schema_errors(const json& params_node) {
  json root = params_schema();
  root["properties"]["params"] = params_node;
  return formatted(expect_errors([&] { Schema::from_json(root, "s.json"); }));
}

}  // namespace

TEST_CASE("any_keys: unlisted keys of any value are kept as written", "[any_keys]") {
  const auto config = load_params(R"({"lanes": 4, "table": [1, "x"], "nested": {"a": null}})");
  CHECK(config.effective["params"] ==
        json::parse(R"({"lanes": 4, "table": [1, "x"], "nested": {"a": null}, "level": 1})"));
  CHECK(config.origin_of("params.lanes") == "soc.json");
  CHECK(config.origin_of("params.level") == "<defaults>");
}

TEST_CASE("any_keys: listed keys are still validated", "[any_keys]") {
  const auto diags = formatted(expect_errors([] { load_params(R"({"level": -1, "x": 1})"); }));
  CHECK(diags ==
        std::vector<std::string>{"soc.json: params.level: value -1 is below the minimum 0"});
}

TEST_CASE("any_keys: the node must still be an object", "[any_keys]") {
  const auto diags = formatted(expect_errors([] { load_params("3"); }));
  CHECK(diags == std::vector<std::string>{"soc.json: params: expected an object, got integer 3"});
}

TEST_CASE("any_keys: --set adds an unlisted key", "[any_keys][overrides]") {
  const auto config = load_params("{}", {"params.lanes=8"});
  CHECK(config.effective["params"]["lanes"] == 8);
  CHECK(config.origin_of("params.lanes") == "--set");
}

TEST_CASE("any_keys: must be a boolean, and not beside variants", "[any_keys][schema]") {
  json node = params_schema()["properties"]["params"];
  node["any_keys"] = "yes";
  CHECK(schema_errors(node) ==
        std::vector<std::string>{
            "s.json: properties.params.any_keys: expected a boolean, got string \"yes\""});
  node = json::parse(R"({"type": "object", "description": "d", "any_keys": true,
      "variant_key": "kind", "required": ["kind"],
      "properties": {"kind": {"type": "string", "description": "k"}},
      "variants": {"a": {"description": "A", "properties": {}}}})");
  CHECK(schema_errors(node) ==
        std::vector<std::string>{"s.json: properties.params.any_keys: an object with "
                                 "\"variants\" cannot take any keys"});
}

TEST_CASE("any_keys: the reference says the keys are free", "[any_keys][markdown]") {
  const std::string markdown = schema_to_markdown(Schema::from_json(params_schema()));
  CHECK(markdown.find("| `params` | object |  | any keys (not checked here) | p |") !=
        std::string::npos);
}
