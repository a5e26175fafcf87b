// The short summary `accsim run` prints after the firmware's console output.
#pragma once

#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "stats.h"

namespace accsim::cli {

void print_run_summary(std::FILE* out, const Stats& stats, const nlohmann::json& host,
                       const std::string& out_dir);

}  // namespace accsim::cli
