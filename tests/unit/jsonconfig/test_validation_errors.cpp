#include <catch2/catch.hpp>

#include "test_support.h"

using namespace accsim::config;
using namespace accsim::config::test;
using nlohmann::json;

namespace {

// minimal_doc() with `patch` merged in (RFC 7386 merge patch, so null deletes a key).
json with(const char* patch) {
  json doc = minimal_doc();
  doc.merge_patch(json::parse(patch));
  return doc;
}

// The single diagnostic produced by `doc`, formatted.
std::string single_error(const json& doc) {
  const auto diags = errors_for(doc);
  REQUIRE(diags.size() == 1);
  return diags[0].format();
}

}  // namespace

TEST_CASE("validation: the minimal document is accepted", "[validation]") {
  CHECK_NOTHROW(load_json(minimal_doc(), "test.json", {}, test_schema()));
  CHECK_NOTHROW(load(data_file("valid.json"), {}, test_schema()));
}

TEST_CASE("validation: unknown key with a spelling hint", "[validation]") {
  CHECK(single_error(with(R"({"cpu": {"latncy": 2}})")) ==
        "test.json: cpu.latncy: unknown key \"latncy\" (did you mean \"latency\"?)");
}

TEST_CASE("validation: unknown key without a hint lists the valid keys", "[validation]") {
  CHECK(single_error(with(R"({"frobnicate": 1})")) ==
        "test.json: frobnicate: unknown key \"frobnicate\" (valid keys: accelerators, caches, "
        "cpu, memories, name)");
}

TEST_CASE("validation: wrong scalar types name what was expected and found", "[validation]") {
  CHECK(single_error(with(R"({"cpu": {"latency": "fast"}})")) ==
        "test.json: cpu.latency: expected an integer, got string \"fast\"");
  CHECK(single_error(with(R"({"cpu": {"latency": 1.5}})")) ==
        "test.json: cpu.latency: expected an integer, got number 1.5");
  CHECK(single_error(with(R"({"cpu": {"latency": true}})")) ==
        "test.json: cpu.latency: expected an integer, got boolean true");
  CHECK(single_error(with(R"({"cpu": {"frequency_mhz": "1GHz"}})")) ==
        "test.json: cpu.frequency_mhz: expected a number, got string \"1GHz\"");
  CHECK(single_error(with(R"({"cpu": {"pipeline": {"forwarding": "yes"}}})")) ==
        "test.json: cpu.pipeline.forwarding: expected a boolean, got string \"yes\"");
  CHECK(single_error(with(R"({"name": 42})")) ==
        "test.json: name: expected a string, got integer 42");
}

TEST_CASE("validation: wrong container types", "[validation]") {
  CHECK(single_error(with(R"({"cpu": [1]})")) ==
        "test.json: cpu: expected an object, got an array");
  CHECK(single_error(with(R"({"accelerators": {"kind": "gemm"}})")) ==
        "test.json: accelerators: expected an array, got an object");
  json doc = minimal_doc();
  doc["memories"] = json::array();
  CHECK(single_error(doc) ==
        "test.json: memories: expected an object mapping names to entries, got an array");
}

TEST_CASE("validation: null is not accepted for a non-optional value", "[validation]") {
  json doc = minimal_doc();
  doc["cpu"]["pipeline"]["stages"] = nullptr;
  CHECK(single_error(doc) == "test.json: cpu.pipeline.stages: expected an integer, got null");
  doc = minimal_doc();
  doc["memories"]["ram"]["size"] = nullptr;
  CHECK(single_error(doc) ==
        "test.json: memories.ram.size: expected a size (bytes, or a string like \"4K\"), got null");
}

TEST_CASE("validation: integers out of range", "[validation]") {
  CHECK(single_error(with(R"({"cpu": {"latency": 0}})")) ==
        "test.json: cpu.latency: value 0 is below the minimum 1");
  CHECK(single_error(with(R"({"cpu": {"latency": 9}})")) ==
        "test.json: cpu.latency: value 9 is above the maximum 8");
  CHECK(single_error(with(R"({"cpu": {"latency": -9223372036854775807}})")) ==
        "test.json: cpu.latency: value -9223372036854775807 is below the minimum 1");
  CHECK(single_error(with(R"({"cpu": {"latency": 18446744073709551615}})")) ==
        "test.json: cpu.latency: value 18446744073709551615 is above the maximum 8");
}

TEST_CASE("validation: numbers out of range, including exclusive bounds", "[validation]") {
  CHECK(single_error(with(R"({"cpu": {"frequency_mhz": 0}})")) ==
        "test.json: cpu.frequency_mhz: value 0 must be greater than 0");
  CHECK(single_error(with(R"({"cpu": {"frequency_mhz": 5000.5}})")) ==
        "test.json: cpu.frequency_mhz: value 5000.5 is above the maximum 5000");
  CHECK_NOTHROW(load_json(with(R"({"cpu": {"frequency_mhz": 0.5}})"), "t", {}, test_schema()));
}

TEST_CASE("validation: bad enum value with a hint", "[validation]") {
  CHECK(single_error(with(R"({"cpu": {"branch_prediction": "statc"}})")) ==
        "test.json: cpu.branch_prediction: expected one of \"none\", \"static\", \"dynamic\", "
        "got \"statc\" (did you mean \"static\"?)");
}

TEST_CASE("validation: bad enum value without a hint", "[validation]") {
  CHECK(single_error(with(R"({"cpu": {"branch_prediction": "perceptron"}})")) ==
        "test.json: cpu.branch_prediction: expected one of \"none\", \"static\", \"dynamic\", "
        "got \"perceptron\"");
}

TEST_CASE("validation: negative size", "[validation]") {
  CHECK(single_error(with(R"({"memories": {"ram": {"size": -4096}}})")) ==
        "test.json: memories.ram.size: expected a non-negative size, got -4096");
}

TEST_CASE("validation: malformed size", "[validation]") {
  CHECK(single_error(with(R"({"memories": {"ram": {"size": "four"}}})")) ==
        "test.json: memories.ram.size: expected a size (bytes, or a string like \"4K\"), got "
        "\"four\"");
  CHECK(single_error(with(R"({"memories": {"ram": {"size": 4096.5}}})")) ==
        "test.json: memories.ram.size: expected a size (bytes, or a string like \"4K\"), got "
        "number 4096.5");
  CHECK(single_error(with(R"({"memories": {"ram": {"size": "99999999999G"}}})")) ==
        "test.json: memories.ram.size: expected a size (bytes, or a string like \"4K\"), got "
        "\"99999999999G\"");
}

TEST_CASE("validation: size outside its bounds", "[validation]") {
  CHECK(single_error(with(R"({"memories": {"ram": {"size": "2K"}}})")) ==
        "test.json: memories.ram.size: size 2048 is below the minimum 4096");
  CHECK(single_error(with(R"({"memories": {"ram": {"size": "2G"}}})")) ==
        "test.json: memories.ram.size: size 2147483648 is above the maximum 1073741824");
}

TEST_CASE("validation: size that is not a power of two", "[validation]") {
  CHECK(single_error(with(R"({"caches": {"dcache": {"size": 3000}}})")) ==
        "test.json: caches.dcache.size: size 3000 is not a power of two");
  CHECK(single_error(with(R"({"caches": {"dcache": {"size": 0}}})")) ==
        "test.json: caches.dcache.size: size 0 is not a power of two");
}

TEST_CASE("validation: malformed, negative and misaligned addresses", "[validation]") {
  CHECK(single_error(with(R"({"memories": {"ram": {"base": "0xZZ"}}})")) ==
        "test.json: memories.ram.base: expected an address (a hex string like \"0x4000_0000\", "
        "or a non-negative integer), got \"0xZZ\"");
  CHECK(single_error(with(R"({"memories": {"ram": {"base": "4096"}}})")) ==
        "test.json: memories.ram.base: expected an address (a hex string like \"0x4000_0000\", "
        "or a non-negative integer), got \"4096\"");
  CHECK(single_error(with(R"({"memories": {"ram": {"base": -1}}})")) ==
        "test.json: memories.ram.base: expected a non-negative address, got -1");
  CHECK(single_error(with(R"({"memories": {"ram": {"base": "0x1001"}}})")) ==
        "test.json: memories.ram.base: address 0x00001001 is not aligned to 4096 bytes");
}

TEST_CASE("validation: missing required keys", "[validation]") {
  json doc = minimal_doc();
  doc.erase("name");
  CHECK(single_error(doc) == "test.json: missing required key \"name\"");
  doc = minimal_doc();
  doc["memories"]["ram"].erase("size");
  CHECK(single_error(doc) == "test.json: memories.ram: missing required key \"size\"");
}

TEST_CASE("validation: map entry count and names", "[validation]") {
  json doc = minimal_doc();
  doc["memories"] = json::object();
  CHECK(single_error(doc) == "test.json: memories: map has 0 entries, expected at least 1");
  doc.erase("memories");
  CHECK(single_error(doc) == "test.json: memories: map has 0 entries, expected at least 1");
  CHECK(single_error(with(R"({"memories": {"2nd-ram": {"base": 0, "size": "4K"}}})")) ==
        "test.json: memories.2nd-ram: invalid name \"2nd-ram\" (must match "
        "^[A-Za-z_][A-Za-z0-9_]*$)");
}

TEST_CASE("validation: array length and item errors carry indices", "[validation]") {
  json doc = minimal_doc();
  doc["accelerators"] = json::parse(R"([{"kind": "gemm"}, {"kind": "gem"}, {}, {"kind": "conv"},
                                        {"kind": "conv"}])");
  const auto lines = formatted(errors_for(doc));
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "test.json: accelerators: array has 5 items, expected at most 4");
  CHECK(lines[1] ==
        "test.json: accelerators[1].kind: expected one of \"gemm\", \"conv\", got "
        "\"gem\" (did you mean \"gemm\"?)");
  CHECK(lines[2] == "test.json: accelerators[2]: missing required key \"kind\"");
}

TEST_CASE("validation: all errors are collected into one ConfigError", "[validation]") {
  const json doc = json::parse(R"({
    "cpu": {"latncy": 2, "latency": 0, "branch_prediction": "statc"},
    "memories": {"ram": {"base": "0x1001", "size": -4096}},
    "caches": {"dcache": {"size": 3000}},
    "bogus": true
  })");
  try {
    load_json(doc, "soc.json", {}, test_schema());
    FAIL("expected a ConfigError");
  } catch (const ConfigError& error) {
    const std::vector<std::string> expected = {
        "soc.json: bogus: unknown key \"bogus\" (valid keys: accelerators, caches, cpu, "
        "memories, name)",
        "soc.json: caches.dcache.size: size 3000 is not a power of two",
        "soc.json: cpu.branch_prediction: expected one of \"none\", \"static\", \"dynamic\", got "
        "\"statc\" (did you mean \"static\"?)",
        "soc.json: cpu.latency: value 0 is below the minimum 1",
        "soc.json: cpu.latncy: unknown key \"latncy\" (did you mean \"latency\"?)",
        "soc.json: memories.ram.base: address 0x00001001 is not aligned to 4096 bytes",
        "soc.json: memories.ram.size: expected a non-negative size, got -4096",
        "soc.json: missing required key \"name\"",
    };
    CHECK(formatted(error.diagnostics()) == expected);
    std::string joined;
    for (const auto& line : expected) joined += (joined.empty() ? "" : "\n") + line;
    CHECK(std::string(error.what()) == joined);
  }
}
