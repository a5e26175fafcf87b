// Discriminated objects: "variant_key" selects which "variants" entry adds its keys to an object.
#include <catch2/catch.hpp>

#include "test_support.h"

using namespace accsim::config;
using namespace accsim::config::test;
using nlohmann::json;

namespace {

const Schema& devices_schema() {
  static const Schema schema = Schema::from_file(data_file("devices.schema.json"));
  return schema;
}

LoadedConfig load_devices(const char* devices, const std::vector<std::string>& overrides = {}) {
  return load_json(json{{"devices", json::parse(devices)}}, "soc.json", overrides,
                   devices_schema());
}

std::vector<std::string> device_errors(const char* devices,
                                       const std::vector<std::string>& overrides = {}) {
  return formatted(expect_errors([&] { load_devices(devices, overrides); }));
}

// An object node "d" with variant key "kind", common key "name" and one variant "a" with key "x";
// tests break one thing in it.
json variant_node() {
  return json::parse(R"({"type": "object", "description": "d",
      "variant_key": "kind", "required": ["kind"],
      "properties": {"kind": {"type": "string", "description": "k"},
                     "name": {"type": "string", "description": "n"}},
      "variants": {"a": {"description": "A",
                         "properties": {"x": {"type": "integer", "description": "x"}}}}})");
}

json root_with(const json& node) {
  return {{"type", "object"}, {"description", "root"}, {"properties", {{"d", node}}}};
}

std::vector<std::string> schema_errors(const json& node) {
  return formatted(expect_errors([&] { Schema::from_json(root_with(node), "s.json"); }));
}

}  // namespace

TEST_CASE("variants: the test schema with variants is valid", "[variants][schema]") {
  CHECK(devices_schema().root().at("properties").contains("devices"));
  CHECK_NOTHROW(Schema::from_json(root_with(variant_node())));
}

TEST_CASE("variants: entries of two variants are accepted in one array", "[variants]") {
  const auto config = load_devices(R"([
      {"kind": "timer", "name": "timer0", "base": "0xf002_0000", "tick_divider": 4},
      {"kind": "plugin", "name": "dma", "library": "libdma.so", "params": {"channels": 2}}])");
  CHECK(config.effective["devices"] == json::parse(R"([
      {"kind": "timer", "name": "timer0", "base": "0xf0020000", "tick_divider": 4,
       "interrupt": false},
      {"kind": "plugin", "name": "dma", "base": "0xf0000000", "library": "libdma.so",
       "params": {"channels": 2}}])"));
}

TEST_CASE("variants: defaults of the selected variant are filled as <defaults>",
          "[variants][defaults]") {
  const auto config = load_devices(R"([{"kind": "timer", "name": "t"}])");
  const json& timer = config.effective["devices"][0];
  CHECK(timer["tick_divider"] == 1);
  CHECK(timer["interrupt"] == false);
  CHECK(timer["base"] == "0xf0000000");
  CHECK(config.origin_of("devices[0].tick_divider") == "<defaults>");
  CHECK(config.origin_of("devices[0].interrupt") == "<defaults>");
  CHECK(config.origin_of("devices[0].base") == "<defaults>");
  CHECK(config.origin_of("devices[0].kind") == "soc.json");
}

TEST_CASE("variants: another variant's defaults are not filled", "[variants][defaults]") {
  const auto config = load_devices(R"([{"kind": "plugin", "name": "p", "library": "x.so"}])");
  const json& plugin = config.effective["devices"][0];
  CHECK_FALSE(plugin.contains("tick_divider"));
  CHECK_FALSE(plugin.contains("interrupt"));
  CHECK(plugin["params"] == json::object());
  CHECK(config.origin_of("devices[0].params") == "<defaults>");
}

TEST_CASE("variants: values of a variant's keys are validated", "[variants]") {
  CHECK(device_errors(R"([{"kind": "timer", "name": "t", "tick_divider": 0}])") ==
        std::vector<std::string>{
            "soc.json: devices[0].tick_divider: value 0 is below the minimum 1"});
}

TEST_CASE("variants: a variant's required key is required", "[variants]") {
  CHECK(device_errors(R"([{"kind": "plugin", "name": "p"}])") ==
        std::vector<std::string>{"soc.json: devices[0]: missing required key \"library\""});
}

TEST_CASE("variants: an unknown key in a variant gets a hint from the variant's keys",
          "[variants]") {
  CHECK(device_errors(R"([{"kind": "timer", "name": "t", "tick_divder": 4}])") ==
        std::vector<std::string>{"soc.json: devices[0].tick_divder: unknown key \"tick_divder\" "
                                 "for kind \"timer\" (did you mean \"tick_divider\"?)"});
}

TEST_CASE("variants: an unknown key in a variant gets a hint from the common keys", "[variants]") {
  CHECK(device_errors(R"([{"kind": "timer", "name": "t", "bse": 0}])") ==
        std::vector<std::string>{"soc.json: devices[0].bse: unknown key \"bse\" for kind "
                                 "\"timer\" (did you mean \"base\"?)"});
}

TEST_CASE("variants: an unknown key without a hint lists the common and the variant's keys",
          "[variants]") {
  CHECK(device_errors(R"([{"kind": "timer", "name": "t", "frobnicate": 1}])") ==
        std::vector<std::string>{
            "soc.json: devices[0].frobnicate: unknown key \"frobnicate\" for kind \"timer\" "
            "(valid keys: base, interrupt, kind, name, tick_divider)"});
}

TEST_CASE("variants: a key of another variant is rejected and its variant named", "[variants]") {
  CHECK(device_errors(R"([{"kind": "timer", "name": "t", "library": "x.so"}])") ==
        std::vector<std::string>{"soc.json: devices[0].library: unknown key \"library\" for kind "
                                 "\"timer\" (only for kind \"plugin\")"});
}

TEST_CASE("variants: an unknown kind is one error with a hint and no follow-on errors",
          "[variants]") {
  CHECK(device_errors(R"([{"kind": "timr", "name": "t", "tick_divider": 0, "bogus": 1}])") ==
        std::vector<std::string>{"soc.json: devices[0].kind: expected one of \"plugin\", "
                                 "\"timer\", got \"timr\" (did you mean \"timer\"?)"});
}

TEST_CASE("variants: an unknown kind without a hint lists the variants", "[variants]") {
  CHECK(device_errors(R"([{"kind": "uart", "name": "u"}])") ==
        std::vector<std::string>{
            "soc.json: devices[0].kind: expected one of \"plugin\", \"timer\", got \"uart\""});
}

TEST_CASE("variants: common keys are still checked when the kind is unknown", "[variants]") {
  CHECK(device_errors(R"([{"kind": "uart", "base": "0x1001", "baud": 9600}])") ==
        std::vector<std::string>{
            "soc.json: devices[0].base: address 0x00001001 is not aligned to 4096 bytes",
            "soc.json: devices[0].kind: expected one of \"plugin\", \"timer\", got \"uart\"",
            "soc.json: devices[0]: missing required key \"name\""});
}

TEST_CASE("variants: a missing kind is one error at the kind's path", "[variants]") {
  CHECK(device_errors(R"([{"name": "t", "tick_divider": 4}])") ==
        std::vector<std::string>{"soc.json: devices[0].kind: missing required key \"kind\" (one "
                                 "of \"plugin\", \"timer\")"});
}

TEST_CASE("variants: a kind that is not a string is one error", "[variants]") {
  CHECK(device_errors(R"([{"kind": 3, "name": "t", "tick_divider": 4}])") ==
        std::vector<std::string>{
            "soc.json: devices[0].kind: expected one of \"plugin\", \"timer\", got integer 3"});
  CHECK(device_errors(R"([{"kind": null, "name": "t"}])") ==
        std::vector<std::string>{
            "soc.json: devices[0].kind: expected one of \"plugin\", \"timer\", got null"});
}

TEST_CASE("variants: errors of several entries carry their indices", "[variants]") {
  CHECK(device_errors(R"([{"kind": "timer", "name": "a", "library": "x"},
                          {"kind": "plugin", "name": "b", "library": "y", "interrupt": true}])") ==
        std::vector<std::string>{"soc.json: devices[0].library: unknown key \"library\" for kind "
                                 "\"timer\" (only for kind \"plugin\")",
                                 "soc.json: devices[1].interrupt: unknown key \"interrupt\" for "
                                 "kind \"plugin\" (only for kind \"timer\")"});
}

TEST_CASE("variants: an array index override sets a variant's key", "[variants][overrides]") {
  const auto config =
      load_devices(R"([{"kind": "timer", "name": "t"}])", {"devices.0.tick_divider=8"});
  CHECK(config.effective["devices"][0]["tick_divider"] == 8);
  CHECK(config.origin_of("devices[0].tick_divider") == "--set");
  CHECK(config.origin_of("devices[0].interrupt") == "<defaults>");
}

TEST_CASE("variants: an override naming another variant's key is reported at --set",
          "[variants][overrides]") {
  CHECK(device_errors(R"([{"kind": "timer", "name": "t"}])", {"devices.0.library=x.so"}) ==
        std::vector<std::string>{"--set: devices[0].library: unknown key \"library\" for kind "
                                 "\"timer\" (only for kind \"plugin\")"});
}

TEST_CASE("variants: overriding the kind switches which keys are allowed",
          "[variants][overrides]") {
  CHECK(device_errors(R"([{"kind": "timer", "name": "t", "tick_divider": 2}])",
                      {"devices.0.kind=plugin"}) ==
        std::vector<std::string>{"soc.json: devices[0]: missing required key \"library\"",
                                 "soc.json: devices[0].tick_divider: unknown key "
                                 "\"tick_divider\" for kind \"plugin\" (only for kind \"timer\")"});
}

TEST_CASE("variants: an entry appended by overrides gets its variant's defaults",
          "[variants][overrides]") {
  const auto config = load_devices("[]", {"devices.0.kind=timer", "devices.0.name=t"});
  CHECK(config.effective["devices"][0]["tick_divider"] == 1);
  CHECK(config.origin_of("devices[0].kind") == "--set");
  CHECK(config.origin_of("devices[0].tick_divider") == "<defaults>");
}

TEST_CASE("variants schema: a variant may not redefine a common key", "[variants][schema]") {
  json node = variant_node();
  node["variants"]["a"]["properties"]["name"] = json::parse(R"({"type": "integer",
                                                               "description": "n"})");
  CHECK(schema_errors(node) ==
        std::vector<std::string>{"s.json: properties.d.variants.a.properties.name: variant "
                                 "redefines common property \"name\""});
}

TEST_CASE("variants schema: a variant needs a description", "[variants][schema]") {
  json node = variant_node();
  node["variants"]["a"].erase("description");
  CHECK(schema_errors(node) == std::vector<std::string>{"s.json: properties.d.variants.a: "
                                                        "missing \"description\" (a non-empty "
                                                        "string)"});
}

TEST_CASE("variants schema: a variant needs properties", "[variants][schema]") {
  json node = variant_node();
  node["variants"]["a"].erase("properties");
  CHECK(schema_errors(node) ==
        std::vector<std::string>{"s.json: properties.d.variants.a.properties: a variant needs "
                                 "\"properties\" (an object, may be empty)"});
}

TEST_CASE("variants schema: a variant with no keys of its own is fine", "[variants][schema]") {
  json node = variant_node();
  node["variants"]["b"] = json::parse(R"({"description": "B", "properties": {}})");
  CHECK_NOTHROW(Schema::from_json(root_with(node)));
}

TEST_CASE("variants schema: unknown keywords in a variant get hints", "[variants][schema]") {
  json node = variant_node();
  node["variants"]["a"]["requird"] = json::array();
  node["variants"]["a"]["type"] = "object";
  CHECK(schema_errors(node) ==
        std::vector<std::string>{"s.json: properties.d.variants.a.requird: unknown keyword "
                                 "\"requird\" for a variant (did you mean \"required\"?)",
                                 "s.json: properties.d.variants.a.type: unknown keyword \"type\" "
                                 "for a variant"});
}

TEST_CASE("variants schema: variants must be a non-empty object", "[variants][schema]") {
  json node = variant_node();
  node["variants"] = json::object();
  CHECK(schema_errors(node) ==
        std::vector<std::string>{"s.json: properties.d.variants: expected a non-empty object of "
                                 "variants by name, got an object"});
  node["variants"] = json::array();
  CHECK(schema_errors(node).size() == 1);
}

TEST_CASE("variants schema: the variant key must be a property", "[variants][schema]") {
  json node = variant_node();
  node["variant_key"] = "knd";
  CHECK(schema_errors(node) ==
        std::vector<std::string>{"s.json: properties.d.variant_key: variant key \"knd\" is not "
                                 "in \"properties\" (did you mean \"kind\"?)"});
  node["variant_key"] = 5;
  CHECK(schema_errors(node) == std::vector<std::string>{"s.json: properties.d.variant_key: "
                                                        "expected a property name, got integer 5"});
}

TEST_CASE("variants schema: the variant key must be a string property", "[variants][schema]") {
  json node = variant_node();
  node["properties"]["kind"]["type"] = "integer";
  CHECK(schema_errors(node) ==
        std::vector<std::string>{"s.json: properties.d.variant_key: variant key \"kind\" must be "
                                 "a string property, got type \"integer\""});
}

TEST_CASE("variants schema: the variant key must be required", "[variants][schema]") {
  json node = variant_node();
  node.erase("required");
  CHECK(schema_errors(node) ==
        std::vector<std::string>{"s.json: properties.d.variant_key: variant key \"kind\" must be "
                                 "listed in \"required\""});
}

TEST_CASE("variants schema: the variant key cannot have a default", "[variants][schema]") {
  json node = variant_node();
  node["properties"]["kind"]["default"] = "a";
  CHECK(schema_errors(node) == std::vector<std::string>{"s.json: properties.d.required[0]: "
                                                        "required property \"kind\" also has a "
                                                        "default"});
}

TEST_CASE("variants schema: variant_key and variants come together", "[variants][schema]") {
  json node = variant_node();
  node.erase("variants");
  CHECK(schema_errors(node) ==
        std::vector<std::string>{"s.json: properties.d.variants: \"variant_key\" needs "
                                 "\"variants\" (an object of variants by name)"});
  node = variant_node();
  node.erase("variant_key");
  CHECK(schema_errors(node) ==
        std::vector<std::string>{"s.json: properties.d.variant_key: \"variants\" needs "
                                 "\"variant_key\" (the property that selects a variant)"});
}

TEST_CASE("variants schema: an enum on the variant key must name exactly the variants",
          "[variants][schema]") {
  json node = variant_node();
  node["properties"]["kind"]["enum"] = {"a"};
  CHECK_NOTHROW(Schema::from_json(root_with(node)));
  node["properties"]["kind"]["enum"] = {"a", "b"};
  CHECK(schema_errors(node) ==
        std::vector<std::string>{"s.json: properties.d.properties.kind.enum: the values of "
                                 "variant key \"kind\" are the variant names (\"a\"); list exactly "
                                 "those or leave \"enum\" out"});
}

TEST_CASE("variants schema: a variant's keys are checked as schema nodes", "[variants][schema]") {
  json node = variant_node();
  node["variants"]["a"]["properties"]["x"].erase("description");
  node["variants"]["a"]["required"] = {"y"};
  CHECK(schema_errors(node) ==
        std::vector<std::string>{"s.json: properties.d.variants.a.properties.x: missing "
                                 "\"description\" (a non-empty string)",
                                 "s.json: properties.d.variants.a.required[0]: required property "
                                 "\"y\" is not in \"properties\""});
}

TEST_CASE("variants schema: defaults in a variant must satisfy their nodes", "[variants][schema]") {
  json node = variant_node();
  node["variants"]["a"]["properties"]["x"]["minimum"] = 1;
  node["variants"]["a"]["properties"]["x"]["default"] = 0;
  CHECK(schema_errors(node) ==
        std::vector<std::string>{"s.json: properties.d.variants.a.properties.x.default: default "
                                 "violates its own node: value 0 is below the minimum 1"});
}

TEST_CASE("variants schema: a default of a discriminated object is validated by variant",
          "[variants][schema]") {
  json node = variant_node();
  node.erase("required");
  node["required"] = {"kind"};
  node["default"] = json::parse(R"({"kind": "a", "y": 1})");
  CHECK(schema_errors(node) ==
        std::vector<std::string>{"s.json: properties.d.default: default at y violates its own "
                                 "node: unknown key \"y\" for kind \"a\" (did you mean \"x\"?)"});
}

TEST_CASE("variants markdown: the variant key lists the variants", "[variants][markdown]") {
  const std::string doc = schema_to_markdown(devices_schema());
  CHECK_THAT(doc, Catch::Contains("| `devices[].kind` | string |  | required; one of "
                                  "`\"plugin\"`, `\"timer\"`; selects the variant | What the "
                                  "device is |\n"));
}

TEST_CASE("variants markdown: common keys, then each variant and its keys, in name order",
          "[variants][markdown]") {
  const std::string doc = schema_to_markdown(devices_schema());
  CHECK_THAT(
      doc,
      Catch::EndsWith(
          "| `devices[]` | object |  |  | One device |\n"
          "| `devices[].base` | address | `\"0xf000_0000\"` | aligned to 4096 | First byte of its "
          "registers |\n"
          "| `devices[].kind` | string |  | required; one of `\"plugin\"`, `\"timer\"`; selects "
          "the variant | What the device is |\n"
          "| `devices[].name` | string |  | required | Instance name |\n"
          "| `devices[]` (kind plugin) | variant |  |  | A device loaded from a shared library |\n"
          "| `devices[].library` (kind plugin) | string |  | required | Shared library to load |\n"
          "| `devices[].params` (kind plugin) | map |  | names match `^[A-Za-z_][A-Za-z0-9_]*$` "
          "| Integer parameters passed to the plugin |\n"
          "| `devices[].params.<name>` (kind plugin) | integer |  |  | One parameter |\n"
          "| `devices[]` (kind timer) | variant |  |  | A periodic timer |\n"
          "| `devices[].interrupt` (kind timer) | boolean | `false` |  | Interrupt on wrap |\n"
          "| `devices[].tick_divider` (kind timer) | integer | `1` | minimum 1 | Clock cycles per "
          "tick |\n"));
}

TEST_CASE("variants markdown: nested variants accumulate their qualifiers",
          "[variants][markdown]") {
  json outer = variant_node();
  outer["variants"]["a"]["properties"]["sub"] = json::parse(R"({"type": "object",
      "description": "s", "variant_key": "mode", "required": ["mode"],
      "properties": {"mode": {"type": "string", "description": "m"}},
      "variants": {"fast": {"description": "F",
                            "properties": {"y": {"type": "integer", "description": "y"}}}}})");
  const std::string doc = schema_to_markdown(Schema::from_json(root_with(outer)));
  CHECK_THAT(doc, Catch::Contains("| `d.sub` (kind a, mode fast) | variant |  |  | F |\n"
                                  "| `d.sub.y` (kind a, mode fast) | integer |"));
}
