// The short summary `accsim run` prints after the firmware's console output.
#pragma once

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "stats.h"

namespace accsim::cli {

void print_run_summary(std::FILE* out, const Stats& stats, const nlohmann::json& host,
                       const std::string& out_dir);

}  // namespace accsim::cli
