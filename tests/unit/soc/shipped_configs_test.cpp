// Every architecture shipped in configs/ must validate against the schema and the checks across
// keys (the fabric's and each component's), so a user can start from any of them.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "architecture_checks.h"
#include "embedded_schema.h"
#include "jsonconfig/config.h"

namespace fs = std::filesystem;

TEST_CASE("every shipped config validates against the schema", "[configs]") {
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(ACCSIM_CONFIG_DIR)) {
    if (entry.path().extension() != ".json") continue;
    INFO(entry.path().string());
    try {
      accsim::config::load(entry.path(), {}, accsim::soc::architecture_schema(),
                           accsim::soc::architecture_checks());
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
