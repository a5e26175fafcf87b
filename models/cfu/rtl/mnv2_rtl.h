// The Verilated mnv2 CFU (rtl/cfu/mnv2/) as a CfuModel. Only mnv2_rtl.cpp sees the Verilated
// headers, so the rest of the simulator never includes them (nor their clash with SystemC).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "cfu_model.h"
#include "mnv2_config.h"
#include "verilated_cfu_options.h"

namespace accsim::cfu {

// Whether this build has the Verilated mnv2 CFU (ACCSIM_BUILD_RTL with Verilator found).
bool mnv2_rtl_available();
// The RTL with `config`'s sizes as Verilog parameters: the library verilated at build time when
// they match its parameters, else rtl/cfu/mnv2 verilated at run time with them (kept in
// `cache_dir`; `note` hears about the build). Throws std::invalid_argument.
std::unique_ptr<CfuModel> make_mnv2_rtl(const Mnv2Config& config,
                                        const VerilatedCfuOptions& options,
                                        const std::string& cache_dir,
                                        const std::function<void(const std::string&)>& note);

}  // namespace accsim::cfu
