// A user's own CFU-Playground cfu.v, named in the config ("cfu": {"kind": "verilog", "rtl":
// {"sources": [...], "top": "Cfu"}}), verilated when first used into a shared library kept in
// a cache directory (keyed by the sources, parameters and this accsim build), loaded with
// dlopen and run through the same VerilatedCfu transactor as the built-in RTL.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cfu_model.h"
#include "verilated_cfu_options.h"

namespace accsim::cfu {

struct RuntimeCfuSpec {
  std::vector<std::string> sources;  // resolved paths
  std::string top = "Cfu";
  std::map<std::string, int64_t> parameters;  // Verilog parameter overrides (-G)
  std::string cache_dir;                      // where built libraries are kept
};

// Whether this accsim can build CFUs at run time (it has Verilator's runtime linked in).
bool runtime_cfu_supported();

// Builds (or finds in the cache) and loads the CFU. `note` receives progress lines (the first
// build of a design takes seconds). Throws std::runtime_error with a one-line reason (missing
// source, Verilator's first error, ...), or one line per port that does not fit
// CFU-Playground's interface (cfu_ports.h).
std::unique_ptr<CfuModel> load_runtime_cfu(const RuntimeCfuSpec& spec,
                                           const VerilatedCfuOptions& options,
                                           const std::function<void(const std::string&)>& note);

}  // namespace accsim::cfu
