// Builds the CFU a validated "cfu" config section describes: its kind (mnv2) and its
// implementation, the C++ model or the Verilated RTL of the same design.
#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "cfu_module.h"
#include "verilated_cfu_options.h"

namespace accsim::cfu {

// Throws std::invalid_argument with a message naming the config key at fault.
// `rtl_options` (waveform, limits) apply when the config selects "impl": "rtl". `note` gets
// progress lines (verilating a user's cfu.v on first use takes seconds). A "verilog" CFU's
// rtl.sources must already be resolved paths.
std::unique_ptr<CfuModule> make_cfu(const nlohmann::json& cfu, const Clock& clock,
                                    VerilatedCfuOptions rtl_options = {},
                                    const std::function<void(const std::string&)>& note = {});

}  // namespace accsim::cfu
