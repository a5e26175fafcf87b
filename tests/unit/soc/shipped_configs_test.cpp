// Every architecture shipped in configs/ must validate against the schema and the platform
// checks, so a user can start from any of them.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "embedded_schema.h"
#include "jsonconfig/config.h"
#include "platform_checks.h"

namespace fs = std::filesystem;

TEST_CASE("every shipped config validates against the schema", "[configs]") {
  const auto schema =
      accsim::config::Schema::from_json(nlohmann::json::parse(accsim::embedded_schema()));
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(ACCSIM_CONFIG_DIR)) {
    if (entry.path().extension() != ".json") continue;
    INFO(entry.path().string());
    try {
      const auto loaded = accsim::config::load(entry.path(), {}, schema);
      const auto diags = accsim::check_platform(loaded);
      for (const auto& d : diags) FAIL(d.format());
    } catch (const accsim::config::ConfigError& e) {
      FAIL(e.what());
    }
    ++checked;
  }
  REQUIRE(checked >= 1);
}

TEST_CASE("the embedded schema is the file in configs/schema", "[configs]") {
  std::ifstream in(fs::path(ACCSIM_CONFIG_DIR) / "schema" / "accsim.schema.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(text == std::string(accsim::embedded_schema()));
}
