// Shared fixtures for the config tests: test data paths, a temp directory and error capture.
#pragma once

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "jsonconfig/config.h"

namespace accsim::config::test {

inline std::filesystem::path data_file(const std::string& name) {
  return std::filesystem::path(ACCSIM_CONFIG_TEST_DATA) / name;
}

inline const Schema& test_schema() {
  static const Schema schema = Schema::from_file(data_file("test.schema.json"));
  return schema;
}

// The smallest document the test schema accepts.
inline nlohmann::json minimal_doc() {
  return nlohmann::json::parse(R"({"name": "t", "memories": {"ram": {"base": 0, "size": 4096}}})");
}

// A fresh directory under the system temp dir, removed when the test ends.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    std::random_device random;
    m_path = std::filesystem::temp_directory_path() /
             ("accsim_config_test_" + std::to_string(random()) + "_" + std::to_string(++counter));
    std::filesystem::create_directories(m_path);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::filesystem::path write(const std::string& name, const std::string& text) const {
    const auto file = m_path / name;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file;
  }
  const std::filesystem::path& path() const { return m_path; }

 private:
  std::filesystem::path m_path;
};

// Runs `fn`, which must throw ConfigError, and returns the diagnostics it carried.
template <typename Fn>
std::vector<Diagnostic> expect_errors(Fn&& fn) {
  try {
    fn();
  } catch (const ConfigError& error) {
    return error.diagnostics();
  }
  FAIL("expected a ConfigError");
  return {};
}

inline std::vector<Diagnostic> errors_for(const nlohmann::json& doc,
                                          const std::vector<std::string>& overrides = {}) {
  return expect_errors([&] { load_json(doc, "test.json", overrides, test_schema()); });
}

inline std::vector<std::string> formatted(const std::vector<Diagnostic>& diags) {
  std::vector<std::string> lines;
  for (const auto& diag : diags) lines.push_back(diag.format());
  return lines;
}

}  // namespace accsim::config::test
