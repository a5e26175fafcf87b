#include <catch2/catch.hpp>

#include "test_support.h"

using namespace accsim::config;
using namespace accsim::config::test;
using nlohmann::json;

namespace {

std::string data_name(const std::string& name) { return data_file(name).string(); }

}  // namespace

TEST_CASE("extends: a chain of three files merges with the most-derived value winning",
          "[extends]") {
  const auto config = load(data_file("sub/chain_top.json"), {}, test_schema());
  const json& e = config.effective;
  CHECK(e["name"] == "top-soc");
  CHECK(e["cpu"]["latency"] == 4);
  CHECK(e["cpu"]["branch_prediction"] == "static");
  CHECK(e["memories"]["main_ram"]["size"] == 128 * 1024);
  CHECK(e["memories"]["main_ram"]["latency"] == 3);
  CHECK(e["memories"]["main_ram"]["base"] == "0x80000000");
  CHECK(e["memories"]["rom"]["size"] == 16 * 1024);
  CHECK(e["memories"]["scratch"]["base"] == "0x10000000");
  CHECK_FALSE(e.contains("extends"));
}

TEST_CASE("extends: arrays are replaced whole, not merged", "[extends]") {
  const auto config = load(data_file("sub/chain_top.json"), {}, test_schema());
  CHECK(config.effective["accelerators"] == json::parse(R"([{"kind": "conv", "lanes": 8}])"));
}

TEST_CASE("extends: files lists the chain most-derived first", "[extends]") {
  const auto config = load(data_file("sub/chain_top.json"), {}, test_schema());
  REQUIRE(config.files.size() == 3);
  CHECK(config.files[0] == data_name("sub/chain_top.json"));
  CHECK(config.files[1] == data_name("chain_mid.json"));
  CHECK(config.files[2] == data_name("chain_base.json"));
}

TEST_CASE("extends: origin_of names the file that supplied each value", "[extends][origin]") {
  const auto config = load(data_file("sub/chain_top.json"), {}, test_schema());
  CHECK(config.origin_of("name") == data_name("sub/chain_top.json"));
  CHECK(config.origin_of("cpu.latency") == data_name("chain_mid.json"));
  CHECK(config.origin_of("cpu.branch_prediction") == data_name("chain_base.json"));
  CHECK(config.origin_of("memories.main_ram.size") == data_name("chain_mid.json"));
  CHECK(config.origin_of("memories.main_ram.latency") == data_name("chain_base.json"));
  CHECK(config.origin_of("memories.rom") == data_name("chain_base.json"));
  CHECK(config.origin_of("accelerators[0].lanes") == data_name("sub/chain_top.json"));
  CHECK(config.origin_of("cpu.pipeline.stages") == "<defaults>");
  CHECK(config.origin_of("") == data_name("sub/chain_top.json"));
}

TEST_CASE("extends: paths resolve relative to the extending file, not the working directory",
          "[extends]") {
  TempDir dir;
  dir.write("a/e/f.json", R"({"name": "deepest", "memories": {"ram": {"base": 0, "size": "4K"}}})");
  dir.write("a/d.json", R"({"extends": "e/f.json", "cpu": {"latency": 3}})");
  const auto top = dir.write("a/b/c.json", R"({"extends": "../d.json"})");
  const auto config = load(top, {}, test_schema());
  CHECK(config.effective["name"] == "deepest");
  CHECK(config.effective["cpu"]["latency"] == 3);
  REQUIRE(config.files.size() == 3);
  CHECK(config.files[2] == (dir.path() / "a/e/f.json").string());
}

TEST_CASE("extends: a cycle is reported at the file that closes it", "[extends]") {
  const auto diags = expect_errors([] { load(data_file("cycle_a.json"), {}, test_schema()); });
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].origin == data_name("cycle_b.json"));
  CHECK(diags[0].path == "extends");
  CHECK(diags[0].message == "extends cycle: " + data_name("cycle_a.json") + " -> " +
                                data_name("cycle_b.json") + " -> " + data_name("cycle_a.json"));
}

TEST_CASE("extends: a file extending itself is a cycle", "[extends]") {
  TempDir dir;
  const auto file = dir.write("self.json", R"({"extends": "./self.json", "name": "x"})");
  const auto diags = expect_errors([&] { load(file, {}, test_schema()); });
  REQUIRE(diags.size() == 1);
  CHECK_THAT(diags[0].message, Catch::StartsWith("extends cycle: "));
}

TEST_CASE("extends: a missing base file is reported at the extending file", "[extends]") {
  const auto diags = expect_errors([] { load(data_file("missing_base.json"), {}, test_schema()); });
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].origin == data_name("missing_base.json"));
  CHECK(diags[0].path == "extends");
  CHECK_THAT(diags[0].message, Catch::StartsWith("base file \"does_not_exist.json\" not found"));
}

TEST_CASE("extends: a non-string extends is rejected", "[extends]") {
  TempDir dir;
  const auto file = dir.write("x.json", R"({"extends": ["a.json"], "name": "x"})");
  const auto diags = expect_errors([&] { load(file, {}, test_schema()); });
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].path == "extends");
  CHECK(diags[0].message == "expected the name of a base file, got an array");
}

TEST_CASE("extends: a syntax error in the base names the base file", "[extends]") {
  TempDir dir;
  const auto base = dir.write("base.json", "{\"name\": }");
  const auto derived = dir.write("derived.json", R"({"extends": "base.json"})");
  const auto diags = expect_errors([&] { load(derived, {}, test_schema()); });
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].origin == base.string());
  CHECK_THAT(diags[0].message, Catch::Contains("line 1, column 10"));
}

TEST_CASE(
    "extends: errors name the base file for inherited values and the derived file for "
    "overridden ones",
    "[extends][origin]") {
  TempDir dir;
  const auto base = dir.write("base.json", R"({
    "name": "b",
    "cpu": {"latency": 0, "latncy": 1},
    "memories": {"ram": {"base": 0, "size": "4K"}}
  })");
  const auto derived = dir.write("derived.json", R"({
    "extends": "base.json",
    "memories": {"ram": {"size": "3K"}}
  })");
  const auto diags = expect_errors([&] { load(derived, {}, test_schema()); });
  REQUIRE(diags.size() == 3);
  CHECK(diags[0].format() == base.string() + ": cpu.latency: value 0 is below the minimum 1");
  CHECK(diags[1].format() ==
        base.string() + ": cpu.latncy: unknown key \"latncy\" (did you mean \"latency\"?)");
  CHECK(diags[2].format() ==
        derived.string() + ": memories.ram.size: size 3072 is below the minimum 4096");
}

TEST_CASE("extends: a derived file can fix a bad value of its base", "[extends]") {
  TempDir dir;
  dir.write("base.json", R"({"name": "b", "cpu": {"latency": 0},
                             "memories": {"ram": {"base": 0, "size": "4K"}}})");
  const auto derived =
      dir.write("derived.json", R"({"extends": "base.json", "cpu": {"latency": 2}})");
  CHECK(load(derived, {}, test_schema()).effective["cpu"]["latency"] == 2);
}

TEST_CASE("extends: null in a derived file removes an inherited map entry", "[extends]") {
  const auto config = load(data_file("sub/chain_top.json"), {"memories.rom=null"}, test_schema());
  CHECK_FALSE(config.effective["memories"].contains("rom"));
  CHECK(config.effective["memories"].contains("main_ram"));
}

TEST_CASE("extends: load_json rejects extends because it has no file to resolve against",
          "[extends]") {
  json doc = minimal_doc();
  doc["extends"] = "base.json";
  const auto diags = errors_for(doc);
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].format() == "test.json: extends: only supported when loading from a file");
}

TEST_CASE("extends: a base named without .json is found with it", "[extends]") {
  TempDir dir;
  dir.write("base.json", R"({"name": "base", "memories": {"ram": {"base": 0, "size": "4K"}}})");
  const auto top = dir.write("top.json", R"({"extends": "base", "cpu": {"latency": 3}})");
  CHECK(load(top, {}, test_schema()).effective["name"] == "base");
}

TEST_CASE("extends: a base not beside the file is looked for in the library directories",
          "[extends]") {
  TempDir library;
  TempDir user;
  const auto shipped = library.write(
      "shipped.json", R"({"name": "shipped", "memories": {"ram": {"base": 0, "size": "4K"}}})");
  const auto top = user.write("mine.json", R"({"extends": "shipped", "cpu": {"latency": 3}})");
  const auto config = load(top, {}, test_schema(), {}, {library.path()});
  CHECK(config.effective["name"] == "shipped");
  CHECK(config.effective["cpu"]["latency"] == 3);
  REQUIRE(config.files.size() == 2);
  CHECK(config.files[1] == shipped.string());
}

TEST_CASE("extends: a file beside the extending one wins over the library", "[extends]") {
  TempDir library;
  TempDir user;
  library.write("base.json",
                R"({"name": "library", "memories": {"ram": {"base": 0, "size": 4096}}})");
  user.write("base.json", R"({"name": "local", "memories": {"ram": {"base": 0, "size": 4096}}})");
  const auto top = user.write("top.json", R"({"extends": "base.json"})");
  CHECK(load(top, {}, test_schema(), {}, {library.path()}).effective["name"] == "local");
}

TEST_CASE("extends: a missing base lists every place looked in", "[extends]") {
  TempDir library;
  TempDir user;
  const auto top = user.write("top.json", R"({"extends": "nowhere"})");
  const auto diags = expect_errors([&] { load(top, {}, test_schema(), {}, {library.path()}); });
  REQUIRE(diags.size() == 1);
  CHECK_THAT(diags[0].message, Catch::Contains((user.path() / "nowhere.json").string()) &&
                                   Catch::Contains((library.path() / "nowhere").string()) &&
                                   Catch::Contains((library.path() / "nowhere.json").string()));
}
