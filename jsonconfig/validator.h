// Internal: validates a document against a (checked) schema, filling defaults and normalising
// sizes and addresses in place.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "jsonconfig/config.h"
#include "jsonconfig/origins.h"

namespace accsim::config::detail {

inline constexpr const char* kDefaultKeyPattern = "^[A-Za-z_][A-Za-z0-9_]*$";

// True for nodes marked "optional": absent or null means "not configured", nothing is created.
bool is_optional(const nlohmann::json& node);

class Validator {
 public:
  // Diagnostics take their origin from `origins`; filled-in defaults are recorded there as
  // "<defaults>". The schema must already have been checked (see schema.cpp).
  Validator(OriginMap& origins, std::vector<Diagnostic>& out);

  // Validates `value` against `node`; keeps going after errors so that every problem is reported.
  void check(const nlohmann::json& node, nlohmann::json& value, const std::string& path);

 private:
  void check_object(const nlohmann::json& node, nlohmann::json& value, const std::string& path);
  void check_map(const nlohmann::json& node, nlohmann::json& value, const std::string& path);
  void check_array(const nlohmann::json& node, nlohmann::json& value, const std::string& path);
  void check_integer(const nlohmann::json& node, const nlohmann::json& value,
                     const std::string& path);
  void check_number(const nlohmann::json& node, const nlohmann::json& value,
                    const std::string& path);
  void check_string(const nlohmann::json& node, const nlohmann::json& value,
                    const std::string& path);
  void check_size(const nlohmann::json& node, nlohmann::json& value, const std::string& path);
  void check_address(const nlohmann::json& node, nlohmann::json& value, const std::string& path);
  void check_range(const nlohmann::json& node, const nlohmann::json& value,
                   const std::string& path);
  void fill_absent(const nlohmann::json& node, nlohmann::json& parent, const std::string& key,
                   const std::string& path);
  void anchor_file(nlohmann::json& value, const std::string& path);
  void report(const std::string& path, std::string message);

  OriginMap& m_origins;
  std::vector<Diagnostic>& m_out;
};

}  // namespace accsim::config::detail
