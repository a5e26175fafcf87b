// Fuzz target: loading an architecture config as `accsim run --config FILE --set ...` does
// (apps/accsim/config_loading.cpp): the file's text parsed as config::load parses it, the
// overrides applied, the embedded schema validated and the CLI's cross-checks (platform, VTA)
// run. The input is text: leading lines "--set <path>=<value>" are overrides, the rest is the
// config file. ConfigError is the documented refusal; any other exception, a crash or a
// sanitizer report is a finding.
//
// Not covered here: "extends" (load_json refuses it; following it would read files the input
// names), vta.hw_file and plug-in libraries, which are blanked before the checks for the same
// reason. Unit and CLI tests cover them.
#include <cstdint>
#include <string>
#include <vector>

#include "architecture_checks.h"
#include "jsonconfig/config.h"
#include "jsonconfig/json_util.h"

namespace {

constexpr const char* kOrigin = "<fuzz>";
constexpr const char* kSetPrefix = "--set ";

struct FuzzInput {
  std::vector<std::string> overrides;
  std::string document;
};

FuzzInput split(const std::string& text) {
  FuzzInput input;
  size_t pos = 0;
  const std::string prefix = kSetPrefix;
  while (text.compare(pos, prefix.size(), prefix) == 0) {
    const size_t end = text.find('\n', pos);
    const size_t stop = end == std::string::npos ? text.size() : end;
    input.overrides.push_back(text.substr(pos + prefix.size(), stop - pos - prefix.size()));
    pos = end == std::string::npos ? text.size() : end + 1;
  }
  input.document = text.substr(pos);
  return input;
}

// The CLI's cross-checks, except that a vta.hw_file or a plug-in device's library naming a file
// is blanked first: the fuzzer must not open paths it made up (/dev/stdin would hang it), nor
// load libraries it named.
void checks_without_files(const accsim::config::LoadedConfig& loaded,
                          std::vector<accsim::config::Diagnostic>& diags) {
  static const accsim::config::CrossCheck checks = accsim::soc::architecture_checks();
  const nlohmann::json& cfg = loaded.effective;
  if (!cfg.is_object()) return checks(loaded, diags);
  accsim::config::LoadedConfig copy = loaded;
  nlohmann::json& blanked = copy.effective;
  if (blanked.contains("vta") && blanked["vta"].is_object() && blanked["vta"].contains("hw_file")) {
    blanked["vta"]["hw_file"] = "";
  }
  if (blanked.contains("devices") && blanked["devices"].is_array()) {
    for (auto& device : blanked["devices"]) {
      if (device.is_object() && device.contains("library")) device["library"] = "";
    }
  }
  checks(copy, diags);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const FuzzInput input = split(std::string(reinterpret_cast<const char*>(data), size));
  std::vector<accsim::config::Diagnostic> diags;
  const auto doc = accsim::config::detail::parse_json_text(input.document, kOrigin, diags);
  if (!doc) {
    if (diags.empty()) __builtin_trap();  // a refusal must say why
    return 0;
  }
  try {
    const auto loaded = accsim::config::load_json(
        *doc, kOrigin, input.overrides, accsim::soc::architecture_schema(), checks_without_files);
    // What `accsim run` reads next: every path's origin, for its diagnostics.
    loaded.origin_of("vta.hw_file");
    loaded.effective.dump();
  } catch (const accsim::config::ConfigError& e) {
    if (e.diagnostics().empty()) __builtin_trap();
  }
  return 0;
}

// The SoC library links SystemC, whose library wants an sc_main; nothing here elaborates a
// design, so it is never called.
extern "C" int sc_main(int, char**) { return 0; }
