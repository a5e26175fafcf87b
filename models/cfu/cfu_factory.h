// The CFU kinds ("cfu.kind"): for each, the check of its keys (the parse that validates) and
// how it is built, the C++ model or the Verilated RTL of the same design ("cfu.impl"). A new
// kind is one row of the table in cfu_factory.cpp.
#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cfu_module.h"
#include "verilated_cfu_options.h"

namespace accsim::cfu {

using Note = std::function<void(const std::string&)>;

struct CfuKind {
  const char* name;
  // Checks the "cfu" section for this kind; throws config::ValueError naming the key at fault.
  // A "verilog" CFU's rtl.sources are absolute paths once loaded.
  void (*check)(const nlohmann::json& cfu);
  std::unique_ptr<CfuModel> (*make)(const nlohmann::json& cfu, const VerilatedCfuOptions& rtl,
                                    const Note& note);
  // The defaults of the keys its config struct reads (its initialisers), or null if it has none
  // (the kind's keys keep their defaults in cfu.schema.json).
  nlohmann::json (*defaults)();
};

// Every kind, in table order.
std::vector<const CfuKind*> cfu_kinds();

// Every kind's defaults in one object: what the "cfu" section's config structs give the schema.
nlohmann::json cfu_defaults();

// The kind named by the section's "kind"; throws config::ValueError at cfu.kind if unknown.
const CfuKind& cfu_kind(const nlohmann::json& cfu);

// Checks, then builds the CFU a validated "cfu" section describes. Throws config::ValueError
// (a config problem) or std::invalid_argument (building failed, e.g. a user's Verilog that does
// not compile). `rtl_options` (waveform, limits) apply when the config selects "impl": "rtl".
// `note` gets progress lines (verilating a user's cfu.v on first use takes seconds).
std::unique_ptr<CfuModule> make_cfu(const nlohmann::json& cfu, const Clock& clock,
                                    VerilatedCfuOptions rtl_options = {}, const Note& note = {});

}  // namespace accsim::cfu
