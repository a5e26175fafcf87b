// The Verilated mnv2 CFU (rtl/cfu/mnv2/) as a CfuModel. Only mnv2_rtl.cpp sees the Verilated
// headers, so the rest of the simulator never includes them (nor their clash with SystemC).
#pragma once

#include <memory>

#include "cfu_model.h"
#include "mnv2_config.h"
#include "verilated_cfu_options.h"

namespace accsim::cfu {

// Whether this build has the Verilated mnv2 CFU (ACCSIM_BUILD_RTL with Verilator found).
bool mnv2_rtl_available();
// The RTL built for `config`'s sizes. Throws std::invalid_argument naming the cfu.* keys when
// the build's Verilog parameters differ from the config (the RTL is verilated at build time).
std::unique_ptr<CfuModel> make_mnv2_rtl(const Mnv2Config& config,
                                        const VerilatedCfuOptions& options);

}  // namespace accsim::cfu
