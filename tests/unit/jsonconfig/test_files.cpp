// "file" keys: made absolute, relative to the config file that wrote them, once, at load.
#include <catch2/catch.hpp>

#include "test_support.h"

using namespace accsim::config;
using namespace accsim::config::test;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const Schema& file_schema() {
  static const Schema schema = Schema::from_json(json::parse(R"({"type": "object",
      "description": "root",
      "properties": {"lib": {"type": "string", "file": true, "description": "a file",
                             "default": ""}}})"));
  return schema;
}

// Runs `fn` with `dir` as the working directory.
template <typename Fn>
void in_directory(const fs::path& dir, Fn&& fn) {
  const fs::path before = fs::current_path();
  fs::current_path(dir);
  try {
    fn();
  } catch (...) {
    fs::current_path(before);
    throw;
  }
  fs::current_path(before);
}

}  // namespace

TEST_CASE("files: a file key is relative to the config file that names it", "[files]") {
  TempDir dir;
  const fs::path config = dir.write("sub/soc.json", R"({"lib": "build/libx.so"})");
  const auto loaded = load(config, {}, file_schema());
  CHECK(loaded.effective["lib"] == (fs::absolute(dir.path()) / "sub/build/libx.so").string());
}

TEST_CASE("files: a config named without a directory anchors to the working directory", "[files]") {
  TempDir dir;
  dir.write("soc.json", R"({"lib": "build/libx.so"})");
  in_directory(dir.path(), [&] {
    const auto loaded = load("soc.json", {}, file_schema());
    CHECK(loaded.effective["lib"] == (fs::current_path() / "build/libx.so").string());
  });
}

TEST_CASE("files: --set anchors to the working directory, absolute names stay", "[files]") {
  TempDir dir;
  const fs::path config = dir.write("sub/soc.json", "{}");
  in_directory(dir.path(), [&] {
    CHECK(load(config, {"lib=\"a/libx.so\""}, file_schema()).effective["lib"] ==
          (fs::current_path() / "a/libx.so").string());
    CHECK(load(config, {"lib=\"/opt/x/../libx.so\""}, file_schema()).effective["lib"] ==
          "/opt/libx.so");
  });
}
