#include "mnv2_rtl.h"

#include <stdexcept>
#include <string>

#ifdef ACCSIM_HAVE_MNV2_RTL
// Verilated headers before anything that may include <systemc>.
#include "Vmnv2_cfu.h"
#include "verilated_cfu.h"
#endif
#include "mnv2_cfu.h"

namespace accsim::cfu {

#ifdef ACCSIM_HAVE_MNV2_RTL

bool mnv2_rtl_available() { return true; }

std::unique_ptr<CfuModel> make_mnv2_rtl(const Mnv2Config& config,
                                        const VerilatedCfuOptions& options) {
  // The Verilog parameters this build was verilated with (rtl/CMakeLists.txt).
  const struct {
    const char* key;
    uint32_t configured;
    uint32_t built;
    const char* cmake;
  } parameters[] = {
      {"filter_banks", config.filter_banks, ACCSIM_MNV2_RTL_FILTER_BANKS, "FILTER_BANKS"},
      {"filter_bank_words", config.filter_bank_words, ACCSIM_MNV2_RTL_FILTER_BANK_WORDS,
       "FILTER_BANK_WORDS"},
      {"param_store_entries", config.param_entries, ACCSIM_MNV2_RTL_PARAM_ENTRIES, "PARAM_ENTRIES"},
      {"input_store_words", config.input_words, ACCSIM_MNV2_RTL_INPUT_WORDS, "INPUT_WORDS"},
      {"macc_lanes", config.macc_lanes, ACCSIM_MNV2_RTL_LANES, "LANES"},
      {"macc_pipeline_depth", config.macc_pipeline_depth, ACCSIM_MNV2_RTL_MACC_DEPTH, "MACC_DEPTH"},
      {"post_process_depth", config.post_process_depth, ACCSIM_MNV2_RTL_POST_DEPTH, "POST_DEPTH"},
      {"output_fifo_words", config.fifo_words, ACCSIM_MNV2_RTL_FIFO_WORDS, "FIFO_WORDS"},
      {"output_fifo_gate_words", config.fifo_gate_words, ACCSIM_MNV2_RTL_GATE_WORDS, "GATE_WORDS"},
  };
  for (const auto& p : parameters) {
    if (p.configured != p.built) {
      throw std::invalid_argument(
          std::string("cfu.") + p.key + ": " + std::to_string(p.configured) +
          ", but the Verilated mnv2 CFU of this build has " + std::to_string(p.built) +
          " (Verilog parameters are fixed when verilating: reconfigure with -DACCSIM_MNV2_RTL_" +
          p.cmake + "=" + std::to_string(p.configured) + ", or use \"impl\": \"model\")");
    }
  }
  VerilatedCfuOptions o = options;
  if (o.instruction_name == nullptr) o.instruction_name = mnv2_instruction_name;
  return std::make_unique<VerilatedCfu<Vmnv2_cfu>>(o);
}

#else

bool mnv2_rtl_available() { return false; }

std::unique_ptr<CfuModel> make_mnv2_rtl(const Mnv2Config&, const VerilatedCfuOptions&) {
  throw std::invalid_argument(
      "cfu.impl: \"rtl\" needs the Verilated mnv2 CFU, which this build lacks (configure with "
      "-DACCSIM_BUILD_RTL=ON and Verilator installed: scripts/setup.sh)");
}

#endif

}  // namespace accsim::cfu
