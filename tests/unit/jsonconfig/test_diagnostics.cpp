#include <catch2/catch.hpp>

#include "jsonconfig/config.h"

using namespace accsim::config;

TEST_CASE("diagnostics: format with and without a path", "[diagnostics]") {
  CHECK(Diagnostic{"a.json", "cpu.latency", "bad"}.format() == "a.json: cpu.latency: bad");
  CHECK(Diagnostic{"--set", "", "malformed"}.format() == "--set: malformed");
}

TEST_CASE("diagnostics: ConfigError keeps every diagnostic and joins them in what()",
          "[diagnostics]") {
  const ConfigError error({{"a.json", "x", "one"}, {"b.json", "", "two"}});
  REQUIRE(error.diagnostics().size() == 2);
  CHECK(error.diagnostics()[1].origin == "b.json");
  CHECK(std::string(error.what()) == "a.json: x: one\nb.json: two");
}

TEST_CASE("origin_of: longest recorded prefix wins", "[diagnostics][origin]") {
  LoadedConfig config;
  config.origins = {{"", "root.json"}, {"x", "base.json"}, {"x.y[2]", "--set"}};
  CHECK(config.origin_of("x.y[2].z") == "--set");
  CHECK(config.origin_of("x.y[2]") == "--set");
  CHECK(config.origin_of("x.y[1]") == "base.json");
  CHECK(config.origin_of("x.y") == "base.json");
  CHECK(config.origin_of("xy") == "root.json");
  CHECK(config.origin_of("") == "root.json");
  CHECK(LoadedConfig{}.origin_of("anything").empty());
}
