#include <utility>

#include "jsonconfig/config.h"

namespace accsim::config {

namespace {

std::string join_lines(const std::vector<Diagnostic>& diags) {
  std::string text;
  for (const auto& diag : diags) {
    if (!text.empty()) text += '\n';
    text += diag.format();
  }
  return text;
}

}  // namespace

std::string Diagnostic::format() const {
  if (path.empty()) return origin + ": " + message;
  return origin + ": " + path + ": " + message;
}

ConfigError::ConfigError(std::vector<Diagnostic> diags)
    : std::runtime_error(join_lines(diags)), m_diags(std::move(diags)) {}

}  // namespace accsim::config
